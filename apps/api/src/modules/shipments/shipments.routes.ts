import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import {
  bulkResultSchema,
  carrierServiceListSchema,
  createManyShipmentsSchema,
  createShipmentResponseSchema,
  createShipmentSchema,
  deleteShipmentsSchema,
  duplicateShipmentsSchema,
  guideStatusSchema,
  idempotencyKeySchema,
  lastShipmentsQuerySchema,
  lastShipmentsResponseSchema,
  overweightOwedSchema,
  shipmentCarrierQuerySchema,
  shipmentFilterQuerySchema,
  shipmentGuideQuerySchema,
  shipmentIdParamsSchema,
  shipmentListQuerySchema,
  shipmentPageSchema,
  shipmentParcelsResponseSchema,
  shipmentQueryFilterSchema,
  shipmentSchema,
  shipmentStatsSchema,
  shipmentUserParamsSchema,
  updateShipmentSchema,
} from '@envios/contracts/shipments';
import type { Caller } from '../../plugins/auth.js';
import type { Shipments } from './shipments.usecases.js';
import { pagedSerializerCompiler } from './shipments.page-serializer.js';

const tags = ['envíos'];
const e = apiErrorSchema;
const signedIn = { 401: e, 403: e };
const owned = { 400: e, 401: e, 403: e, 404: e };
const self = { guard: 'self', ownerParam: 'userId' } as const;
const paged = { 200: shipmentPageSchema, 400: e, ...signedIn };
/**
 * Pages are written by a serializer compiled from their schema (faster than encoding through zod)
 * that writes each kept row, and each kept page, to JSON once.
 */
const fastPaged = { serializerCompiler: pagedSerializerCompiler };
// Other headers pass through untouched; only the key is read.
const creationHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

/** Guarded routes always have a caller (the auth hook refused the request otherwise). */
function callerOf(request: { caller: Caller | null }): Caller {
  return request.caller!;
}

export const shipmentsRoutes: FastifyPluginAsyncZod<{ shipments: Shipments }> = async (app, { shipments }) => {
  const createSummary =
    'Crea los envíos de una compra antes del pago (uno por guía: la lista de paquetes se repite hasta cantidadGuias). El servidor vuelve a cotizar con el margen ' +
    'del cliente y rechaza (409) un precio que ya no coincide al centavo. Con la cabecera Idempotency-Key, repetir la misma llamada en 24 h responde los envíos de la primera.';
  for (const url of ['/api/v1/shipments', '/api/v1/shipments/home']) {
    app.post(
      url,
      {
        config: { guard: 'buyer' },
        schema: {
          tags,
          summary: url.endsWith('/home') ? `${createSummary} (Variante pública, desde la cotización de inicio.)` : createSummary,
          headers: creationHeaders,
          body: createShipmentSchema,
          response: { 200: createShipmentResponseSchema, 201: createShipmentResponseSchema, 400: e, ...signedIn, 409: e, 422: e },
        },
      },
      async (request, reply) => {
        const result = await shipments.create(callerOf(request), [request.body], { idempotencyKey: request.headers['idempotency-key'], kind: 'one' });
        if (result.replayed) void reply.header('idempotent-replayed', 'true');
        return reply.status(result.replayed ? 200 : 201).send(result.answer);
      },
    );
  }

  app.post(
    '/api/v1/shipments/home/all',
    {
      config: { guard: 'buyer' },
      schema: {
        tags,
        summary: 'Crea varias compras a la vez (máximo 100 cuerpos), todas en una transacción; mismas reglas que POST /api/v1/shipments',
        headers: creationHeaders,
        body: createManyShipmentsSchema,
        response: { 200: createShipmentResponseSchema, 201: createShipmentResponseSchema, 400: e, ...signedIn, 409: e, 422: e },
      },
    },
    async (request, reply) => {
      const result = await shipments.create(callerOf(request), request.body.shipments, { idempotencyKey: request.headers['idempotency-key'], kind: 'many' });
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.status(result.replayed ? 200 : 201).send(result.answer);
    },
  );

  app.get(
    '/api/v1/shipments/all-carrier-services',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Servicios activos del catálogo para el filtro por servicio («paquetería - servicio»)',
        response: { 200: carrierServiceListSchema, ...signedIn },
      },
    },
    async () => shipments.allServices(),
  );

  app.post(
    '/api/v1/shipments/all',
    {
      config: { guard: 'user', idempotent: true },
      schema: {
        tags,
        summary: 'Duplica envíos propios a los precios de hoy: sin pago, sin guía ni referencia, a nombre de quien llama; todo o nada',
        body: duplicateShipmentsSchema,
        response: { 201: bulkResultSchema, ...owned, 409: e },
      },
    },
    async (request, reply) => reply.status(201).send(await shipments.duplicate(callerOf(request), request.body.shipments)),
  );

  app.post(
    '/api/v1/shipments/all/delete',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Elimina envíos propios sin pagar; si alguno ya está pagado no se elimina ninguno (409 lo nombra)',
        body: deleteShipmentsSchema,
        response: { 200: bulkResultSchema, ...owned, 409: e },
      },
    },
    async (request) => shipments.removeMany(callerOf(request), request.body.list_id),
  );

  // ------------------------------------------------------------ one shipment

  app.get(
    '/api/v1/shipments/:id',
    {
      config: { guard: 'user' },
      schema: { tags, summary: 'El envío (su dueño o un admin)', params: shipmentIdParamsSchema, response: { 200: shipmentSchema, ...owned } },
    },
    async (request) => shipments.get(callerOf(request), request.params.id),
  );

  app.put(
    '/api/v1/shipments/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Edita un envío sin pagar. Otro código postal, otros paquetes u otro tipo exigen selected_service de la nueva cotización, cuyo precio se comprueba; ' +
          'overweight y cost_overweight solo los registra un admin, también en envíos pagados',
        params: shipmentIdParamsSchema,
        body: updateShipmentSchema,
        response: { 200: shipmentSchema, ...owned, 409: e },
      },
    },
    async (request) => shipments.update(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/shipments/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Elimina un envío sin pagar (Anterior en el resumen de compra)',
        params: shipmentIdParamsSchema,
        response: { 204: z.void(), ...owned, 409: e },
      },
    },
    async (request, reply) => {
      await shipments.remove(callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/status/guide/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Número de guía del envío y su estado («Sin número de guía» antes de emitirla)',
        params: shipmentIdParamsSchema,
        response: { 200: guideStatusSchema, ...owned },
      },
    },
    async (request) => shipments.guideStatus(callerOf(request), request.params.id),
  );

  app.get(
    '/api/v1/parcels/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Paquetes del envío con su peso volumétrico (alto × largo × ancho / 5000)',
        params: shipmentIdParamsSchema,
        response: { 200: shipmentParcelsResponseSchema, ...owned },
      },
    },
    async (request) => shipments.parcels(callerOf(request), request.params.id),
  );

  // ------------------------------------------------------------ a user's lists (owner or admin)

  app.get(
    '/api/v1/shipments/all/:userId',
    {
      config: self,
      schema: {
        tags,
        summary:
          'Envíos del usuario, del más reciente al más antiguo, paginados (limit, page). keywords: palabras separadas por comas, todas deben coincidir con el nombre o la dirección ' +
          'de destino o el servicio (true/false filtran por pagado); service y status (paid/unpaid) se suman',
        params: shipmentUserParamsSchema,
        querystring: shipmentListQuerySchema,
        response: paged,
      },
      ...fastPaged,
    },
    async (request) => {
      const q = request.query;
      return shipments.list(request.params.userId, {
        page: q.page,
        limit: q.limit,
        keywords: q.keywords,
        service: q.service,
        paid: q.status === undefined ? undefined : q.status === 'paid',
        printed: q.printed === undefined ? undefined : q.printed === 'yes',
      });
    },
  );

  app.get(
    '/api/v1/shipments/all/:userId/query',
    {
      config: self,
      ...fastPaged,
      schema: {
        tags,
        summary: 'Envíos del usuario filtrados por palabras clave (filter, como keywords)',
        params: shipmentUserParamsSchema,
        querystring: shipmentQueryFilterSchema,
        response: paged,
      },
    },
    async (request) => shipments.list(request.params.userId, { ...request.query, keywords: request.query.filter, keywordsField: 'filter' }),
  );

  app.get(
    '/api/v1/shipments/all/:userId/filter',
    {
      config: self,
      ...fastPaged,
      schema: {
        tags,
        summary: 'Envíos del usuario filtrados por búsqueda (q, como keywords)',
        params: shipmentUserParamsSchema,
        querystring: shipmentFilterQuerySchema,
        response: paged,
      },
    },
    async (request) => shipments.list(request.params.userId, { ...request.query, keywords: request.query.q, keywordsField: 'q' }),
  );

  app.get(
    '/api/v1/shipments/all/:userId/guide',
    {
      config: self,
      ...fastPaged,
      schema: {
        tags,
        summary: 'Envíos del usuario pagados (status=true) o sin pagar (status=false)',
        params: shipmentUserParamsSchema,
        querystring: shipmentGuideQuerySchema,
        response: paged,
      },
    },
    async (request) => shipments.list(request.params.userId, { ...request.query, paid: request.query.status === 'true' }),
  );

  app.get(
    '/api/v1/shipments/all/:userId/carrier',
    {
      config: self,
      schema: {
        tags,
        summary: 'Envíos del usuario de una paquetería (name: código como dhl, o parte del nombre del servicio)',
        params: shipmentUserParamsSchema,
        querystring: shipmentCarrierQuerySchema,
        response: paged,
      },
      ...fastPaged,
    },
    async (request) => shipments.list(request.params.userId, { ...request.query, carrier: request.query.name }),
  );

  app.get(
    '/api/v1/shipments/all/:userId/carrier-services',
    {
      config: self,
      schema: {
        tags,
        summary: 'Servicios con los que el usuario tiene envíos',
        params: shipmentUserParamsSchema,
        response: { 200: carrierServiceListSchema, 400: e, ...signedIn },
      },
    },
    async (request) => shipments.usedServices(request.params.userId),
  );

  app.get(
    '/api/v1/shipments/all/:userId/overweight',
    {
      config: self,
      schema: {
        tags,
        summary: 'Sobrepeso pendiente del usuario (envíos pagados con costo de sobrepeso sin pagar); su total se suma una vez a la siguiente compra',
        params: shipmentUserParamsSchema,
        response: { 200: overweightOwedSchema, 400: e, ...signedIn },
      },
    },
    async (request) => shipments.overweightOwed(request.params.userId),
  );

  app.get(
    '/api/v1/last/shipment/:userId',
    {
      config: self,
      schema: {
        tags,
        summary: 'Últimos envíos del usuario («Mis Estadisticas»); search se recorta y coincide como keywords',
        params: shipmentUserParamsSchema,
        querystring: lastShipmentsQuerySchema,
        response: { 200: lastShipmentsResponseSchema, 400: e, ...signedIn },
      },
    },
    async (request) => shipments.last(request.params.userId, request.query),
  );

  app.get(
    '/api/v1/shipments/stats/:userId',
    {
      config: self,
      schema: {
        tags,
        summary: 'Resumen del usuario: guías sin pagar y pagadas con su suma, y envíos y costo por paquetería (calculado en SQL)',
        params: shipmentUserParamsSchema,
        response: { 200: shipmentStatsSchema, 400: e, ...signedIn },
      },
    },
    async (request) => shipments.stats(request.params.userId),
  );
};
