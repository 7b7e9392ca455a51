import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import { outboxIdParamsSchema, outboxListQuerySchema, outboxListResponseSchema, outboxMessageDetailSchema } from '@envios/contracts/notifications';
import type { Outbox } from './notifications.usecases.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The outbox, for admins: mail and WhatsApp notices kept when no provider is configured. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ outbox: Outbox }> = async (app, { outbox }) => {
  app.get(
    '/api/v1/outbox',
    {
      config: { guard: 'admin' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Bandeja de salida: correos y avisos guardados (sin SMTP configurado), del más reciente al más antiguo',
        querystring: outboxListQuerySchema,
        response: { 200: outboxListResponseSchema, ...errors },
      },
    },
    async (request) => outbox.listOutbox(request.query),
  );

  app.get(
    '/api/v1/outbox/:id',
    {
      config: { guard: 'admin' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Un mensaje de la bandeja de salida, con su HTML',
        params: outboxIdParamsSchema,
        response: { 200: outboxMessageDetailSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return outbox.getOutboxMessage(request.params.id);
    },
  );
};
