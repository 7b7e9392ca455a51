import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import type { Payments } from './payments.usecases.js';

const e = apiErrorSchema;

/**
 * Provider webhooks (`POST /webhooks/{provider}`). The body is kept as the raw string
 * the provider signed: this plugin's own content-type parser (scoped to it) never re-serializes it.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ payments: Payments }> = async (app, { payments }) => {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(['application/json', '*'], { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/api/v1/webhooks/conekta',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['webhooks'],
        summary:
          'Notificaciones de Conekta (order.paid, order.expired): firma RSA-SHA256 del cuerpo en el encabezado digest; la orden se vuelve a consultar a Conekta antes de actuar. Otros eventos: 200 sin cambios',
        response: { 200: z.object({ received: z.literal(true), action: z.string() }), 400: e, 401: e, 503: e },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      return payments.handleCashWebhook(raw, request.headers);
    },
  );
};
