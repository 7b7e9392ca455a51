import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import { quoteRequestSchema, quoteResponseSchema, type QuoteResponse } from '@envios/contracts/quotes';
import { compiledSerializerCompiler } from '../../shared/fast-serializer.js';
import type { Quoting } from './quotes.usecases.js';

const writeAnswer = compiledSerializerCompiler({ schema: quoteResponseSchema });
/** A repeated quote gets the (frozen) answer kept by the use case: its bytes are written once. */
const answerBytes = new WeakMap<QuoteResponse, Buffer>();

/** The answer as JSON bytes, exactly what the route's schema serializer writes. */
export function quoteResponseBytes(answer: QuoteResponse): Buffer {
  let bytes = answerBytes.get(answer);
  if (bytes === undefined) {
    bytes = Buffer.from(writeAnswer(answer));
    if (Object.isFrozen(answer)) answerBytes.set(answer, bytes);
  }
  return bytes;
}

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
        response: { 200: quoteResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Public, but a signed-in customer gets their own margin and owed overweight.
      const caller = await request.identify();
      const answer = await quoting.quote(request.body, caller, { ip: request.ip });
      // Sent as bytes: Fastify writes a buffer as it is, so a kept answer is not serialized again.
      void reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
      // The buffer stands in for the typed answer (same bytes as the schema's serializer; see the route tests).
      return reply.send(quoteResponseBytes(answer) as unknown as QuoteResponse);
    },
  );
};
