import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import { quoteRequestSchema, quoteResponseSchema } from '@envios/contracts/quotes';
import { compiledSerializerCompiler } from '../../shared/fast-serializer.js';
import type { Quoting } from './quotes.usecases.js';

export const quotesRoutes: FastifyPluginAsyncZod<{ quoting: Quoting }> = async (app, { quoting }) => {
  app.post(
    '/api/v1/quoting',
    {
      config: { guard: 'public' },
      // The hot path: a compiled serializer writes the ~20 options several times faster than zod.
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags: ['cotización'],
        summary:
          'Cotiza un envío con todas las paqueterías (spec 01 §3, §7): cada guía lleva un paquete (la lista se repite hasta cantidadGuias, máximo 100); ' +
          'responde las opciones de la más barata a la más cara y las paqueterías que no respondieron. Con sesión, aplica el margen del cliente y suma su sobrepeso pendiente.',
        body: quoteRequestSchema,
        response: { 200: quoteResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Public, but a signed-in customer gets their own margin and owed overweight.
      const caller = await request.identify();
      void reply.header('cache-control', 'no-store');
      return quoting.quote(request.body, caller);
    },
  );
};
