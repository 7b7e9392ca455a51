import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import { quoteRequestSchema, quoteResponseSchema } from '@envios/contracts/quotes';
import type { AnswerCaching } from '../../shared/kept-answers.js';
import { installQuoteHttpCache } from './quote-http-cache.js';
import type { Quoting } from './quotes.usecases.js';

export const quotesRoutes: FastifyPluginAsyncZod<{ quoting: Quoting; caching: AnswerCaching }> = async (app, { quoting, caching }) => {
  installQuoteHttpCache(app, caching);
  // A quote's prices and dates belong to its moment and its caller: never stored by a browser or proxy.
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.header('cache-control', 'no-store');
    done();
  });

  app.post(
    '/api/v1/quoting',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['cotización'],
        summary:
          'Cotiza un envío con todas las paqueterías: cada guía lleva un paquete (la lista se repite hasta cantidadGuias, máximo 100); ' +
          'responde las opciones de la más barata a la más cara y las paqueterías que no respondieron. Con sesión, aplica el margen del cliente y suma su sobrepeso pendiente.',
        body: quoteRequestSchema,
        response: { 200: quoteResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    // Public, but a signed-in customer gets their own margin and owed overweight.
    async (request) => quoting.quote(request.body, await request.identify(), { ip: request.ip }),
  );
};
