import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointSchema,
  deliveryListQuerySchema,
  deliveryParamsSchema,
  idParamsSchema,
  updateWebhookEndpointSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from '@envios/contracts/developers';
import type { Webhooks } from './webhooks.usecases.js';

const tags = ['webhooks'];
const e = apiErrorSchema;
const owned = { 400: e, 401: e, 403: e, 404: e };
// Managed with a session only: a leaked API key must not point the account's events elsewhere.
const config = { guard: 'user', sessionOnly: true } as const;

export const outgoingWebhooksRoutes: FastifyPluginAsyncZod<{ webhooks: Webhooks }> = async (app, { webhooks }) => {
  app.get(
    '/api/v1/developers/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'Tus destinos de webhooks, con sus eventos y si están en pausa. Solo con sesión.',
        response: { 200: webhookEndpointListSchema, 401: e, 403: e },
      },
    },
    async (request) => webhooks.listEndpoints(request.caller!),
  );

  app.post(
    '/api/v1/developers/webhooks',
    {
      config,
      schema: {
        tags,
        summary:
          'Agrega un destino: una URL https de un servidor en internet (una dirección privada o local se rechaza) y los eventos que recibe. ' +
          'Responde el secreto con que se firma cada entrega (cabecera X-Envios-Signature). Máximo 20. Solo con sesión.',
        body: createWebhookEndpointSchema,
        response: { 201: createdWebhookEndpointSchema, 400: e, 401: e, 403: e, 409: e },
      },
    },
    async (request, reply) => reply.status(201).send(await webhooks.createEndpoint(request.caller!, request.body)),
  );

  app.patch(
    '/api/v1/developers/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Cambia la URL, la descripción o los eventos; active=true reanuda un destino en pausa y active=false lo pausa. Solo con sesión.',
        params: idParamsSchema,
        body: updateWebhookEndpointSchema,
        response: { 200: webhookEndpointSchema, ...owned },
      },
    },
    async (request) => webhooks.updateEndpoint(request.caller!, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/developers/webhooks/:id',
    {
      config,
      schema: { tags, summary: 'Borra un destino y su registro de entregas. Solo con sesión.', params: idParamsSchema, response: { 204: z.null(), ...owned } },
    },
    async (request, reply) => {
      await webhooks.deleteEndpoint(request.caller!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/developers/webhooks/:id/secret',
    {
      config,
      schema: { tags, summary: 'El secreto de firma del destino. Solo con sesión.', params: idParamsSchema, response: { 200: webhookSecretSchema, ...owned } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return webhooks.revealSecret(request.caller!, request.params.id);
    },
  );

  app.post(
    '/api/v1/developers/webhooks/:id/test',
    {
      config,
      schema: {
        tags,
        summary:
          '«Enviar prueba»: manda ahora un evento webhook.test firmado a este destino (un intento) y responde la entrega con el código y el tiempo de su respuesta. Solo con sesión.',
        params: idParamsSchema,
        response: { 200: webhookDeliverySchema, ...owned },
      },
    },
    async (request) => webhooks.sendTest(request.caller!, request.params.id),
  );

  app.get(
    '/api/v1/developers/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
        summary:
          'El registro de entregas del destino, de la más reciente a la más antigua: estado, intentos, código y tiempo de la respuesta, y el cuerpo enviado. Solo con sesión.',
        params: idParamsSchema,
        querystring: deliveryListQuerySchema,
        response: { 200: webhookDeliveryPageSchema, ...owned },
      },
    },
    async (request) => webhooks.listDeliveries(request.caller!, request.params.id, request.query),
  );

  app.post(
    '/api/v1/developers/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config,
      schema: {
        tags,
        summary: '«Reenviar»: vuelve a enviar el mismo evento (mismo id) a este destino, con otros 3 días de reintentos si falla. Solo con sesión.',
        params: deliveryParamsSchema,
        response: { 202: z.object({ queued: z.literal(true) }), ...owned, 409: e },
      },
    },
    async (request, reply) => reply.status(202).send(await webhooks.resend(request.caller!, request.params.id, request.params.deliveryId)),
  );
};
