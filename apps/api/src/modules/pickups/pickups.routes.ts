import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import {
  createPickupSchema,
  pickupIdParamsSchema,
  pickupListQuerySchema,
  pickupListSchema,
  pickupOneSchema,
  updatePickupStatusSchema,
} from '@envios/contracts/pickups';
import type { Pickups } from './pickups.usecases.js';

const tags = ['recolecciones'];
const e = apiErrorSchema;
const signedIn = { 400: e, 401: e, 403: e };

/** Pickup requests ('Recolección'). */
export const pickupsRoutes: FastifyPluginAsyncZod<{ pickups: Pickups }> = async (app, { pickups }) => {
  app.post(
    '/api/v1/recolecciones/create',
    {
      config: { guard: 'user', idempotent: true },
      schema: {
        tags,
        summary:
          'Solicita la recolección de un envío pagado, nombrado por tracking_number (número de guía, id o folio): un usuario solo para sus envíos; ' +
          'admin para cualquiera. Una por envío: repetir la solicitud responde la existente (200).',
        body: createPickupSchema,
        response: { 200: pickupOneSchema, 201: pickupOneSchema, ...signedIn, 404: e, 409: e },
      },
    },
    async (request, reply) => {
      const { created, pickup } = await pickups.requestPickup(request.caller!, request.body);
      return reply.status(created ? 201 : 200).send({ data: pickup });
    },
  );

  app.get(
    '/api/v1/recolecciones',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Recolecciones, la más reciente primero (admin: todas; usuario: las suyas); ?search= busca en nombre, correo o servicio; ?status= filtra',
        querystring: pickupListQuerySchema,
        response: { 200: pickupListSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return pickups.listPickups(request.caller!, request.query);
    },
  );

  app.get(
    '/api/v1/recolecciones/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Una recolección (propia; admin: cualquiera)',
        params: pickupIdParamsSchema,
        response: { 200: pickupOneSchema, ...signedIn, 404: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await pickups.getPickup(request.caller!, request.params.id) };
    },
  );

  app.put(
    '/api/v1/recolecciones/:id/status',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Cambia el estatus de una recolección (admin; cualquier transición)',
        params: pickupIdParamsSchema,
        body: updatePickupStatusSchema,
        response: { 200: pickupOneSchema, ...signedIn, 404: e },
      },
    },
    async (request) => ({ data: await pickups.setPickupStatus(request.params.id, request.body.status) }),
  );
};
