import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import { apiKeyListSchema, apiKeySchema, createApiKeySchema, createdApiKeySchema, idParamsSchema } from '@envios/contracts/developers';
import type { Developers } from './developers.usecases.js';

const tags = ['desarrolladores'];
const e = apiErrorSchema;
// The developer page's own calls take a session: a leaked key must not mint keys or hide its revocation.
const config = { guard: 'user', sessionOnly: true } as const;

export const developersRoutes: FastifyPluginAsyncZod<{ developers: Developers }> = async (app, { developers }) => {
  app.get(
    '/api/v1/developers/keys',
    {
      config,
      schema: {
        tags,
        summary:
          'Tus llaves de API (las revocadas también), con su prefijo, alcance, tipo, creación y último uso; y el límite de solicitudes por llave. Solo con sesión.',
        response: { 200: apiKeyListSchema, 401: e, 403: e },
      },
    },
    async (request) => developers.listKeys(request.caller!),
  );

  app.post(
    '/api/v1/developers/keys',
    {
      config,
      schema: {
        tags,
        summary:
          'Crea una llave de API: `scope` read (solo lectura) o write (lectura y escritura), `mode` live (producción) o test (pruebas: sin dinero real). ' +
          'La llave completa viene solo en esta respuesta; guárdala. Máximo 20 activas. Solo con sesión.',
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema, 400: e, 401: e, 403: e, 409: e },
      },
    },
    async (request, reply) => reply.status(201).send(await developers.createKey(request.caller!, request.body)),
  );

  app.delete(
    '/api/v1/developers/keys/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Revoca una llave: deja de funcionar en cuanto esta llamada responde, en todos los servidores. Solo con sesión.',
        params: idParamsSchema,
        response: { 200: apiKeySchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) => developers.revokeKey(request.caller!, request.params.id),
  );
};
