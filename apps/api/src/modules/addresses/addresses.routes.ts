import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  savedLocationInputSchema,
  savedLocationListSchema,
  savedLocationQuerySchema,
  savedLocationSchema,
  SAVED_LOCATIONS_MAX,
} from '@envios/contracts/addresses';
import { apiErrorSchema } from '@envios/contracts/errors';
import type { Addresses } from './addresses.usecases.js';

const tags = ['direcciones'];
const e = apiErrorSchema;
const signedIn = { 400: e, 401: e, 403: e };
const idParams = z.object({ id: z.uuid({ error: 'El identificador de la dirección no es válido.' }) });

/** Saved addresses ('Direcciones'): each user keeps their own; an admin may act on anyone's. */
export const addressesRoutes: FastifyPluginAsyncZod<{ addresses: Addresses }> = async (app, { addresses }) => {
  app.get(
    '/api/v1/locations-user',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Direcciones guardadas del usuario, la más reciente primero; filtra por nombre, calle, colonia o código postal (?search=). ?user= de otra cuenta solo para admin',
        querystring: savedLocationQuerySchema,
        response: { 200: savedLocationListSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return addresses.listSavedLocations(request.caller!, request.query);
    },
  );

  app.get(
    '/api/v1/locations-user/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Una dirección guardada (propia; admin: cualquiera)',
        params: idParams,
        response: { 200: savedLocationSchema, ...signedIn, 404: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return addresses.getSavedLocation(request.caller!, request.params.id);
    },
  );

  app.post(
    '/api/v1/locations-user',
    {
      config: { guard: 'user', idempotent: true },
      schema: {
        tags,
        summary: `Guarda una dirección para el usuario (un admin puede indicar otro usuario en user); máximo ${SAVED_LOCATIONS_MAX} por usuario`,
        body: savedLocationInputSchema,
        response: { 200: savedLocationSchema, ...signedIn, 409: e },
      },
    },
    async (request) => addresses.createSavedLocation(request.caller!, request.body),
  );

  app.put(
    '/api/v1/locations-user/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Reemplaza una dirección guardada (propia; admin: cualquiera)',
        params: idParams,
        body: savedLocationInputSchema,
        response: { 200: savedLocationSchema, ...signedIn, 404: e },
      },
    },
    async (request) => addresses.updateSavedLocation(request.caller!, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/locations-user/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Elimina una dirección guardada (propia; admin: cualquiera) y responde la dirección eliminada',
        params: idParams,
        response: { 200: savedLocationSchema, ...signedIn, 404: e },
      },
    },
    async (request) => addresses.deleteSavedLocation(request.caller!, request.params.id),
  );
};
