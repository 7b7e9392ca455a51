import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditListQuerySchema,
  auditListResponseSchema,
  carrierAdminListResponseSchema,
  carrierAdminSchema,
  carrierCatalogueResponseSchema,
  carrierCodeParamsSchema,
  carrierServiceAdminSchema,
  markupIdParamsSchema,
  markupInputSchema,
  markupListQuerySchema,
  markupListResponseSchema,
  markupSchema,
  remoteAreaInputSchema,
  remoteAreaListSchema,
  remoteAreaParamsSchema,
  replaceTariffTableInputSchema,
  serviceIdParamsSchema,
  tariffImportResponseSchema,
  tariffRowInputSchema,
  tariffRowParamsSchema,
  tariffRowPatchSchema,
  tariffRowSchema,
  tariffTableResponseSchema,
  updateCarrierInputSchema,
  updateCarrierServiceInputSchema,
} from '@envios/contracts/carriers';
import { apiErrorSchema } from '@envios/contracts/errors';
import type { Carriers } from './carriers.usecases.js';

const tags = ['paqueterías'];
const e = apiErrorSchema;
const admin = { 400: e, 401: e, 403: e };
const adminWith404 = { ...admin, 404: e };

// Logos never change for a given release; a week of browser cache.
const LOGO_CACHE = 'public, max-age=604800, immutable';

/**
 * The carrier catalogue: public list and logos, and the admin management of everything a quote
 * prices with. The catalogue's start and stop belong to the application (app.ts).
 */
export const carriersRoutes: FastifyPluginAsyncZod<{ carriers: Carriers }> = async (app, { carriers }) => {
  // Tariff tables travel as CSV files (the body is the file's text).
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.get(
    '/api/v1/carriers',
    {
      config: { guard: 'public' },
      schema: {
        tags,
        summary:
          'Paqueterías activas con sus servicios activos (nombre, alcance, días y texto de tránsito, peso máximo, tipos de envío), en el orden de los filtros',
        response: { 200: carrierCatalogueResponseSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return carriers.catalogue();
    },
  );

  app.get(
    '/api/v1/carriers/:code/logo.svg',
    {
      config: { guard: 'public' },
      schema: {
        tags,
        summary: 'Logotipo de la paquetería: una insignia SVG propia con su nombre',
        params: carrierCodeParamsSchema,
        response: { 200: z.string().describe('image/svg+xml'), 400: e },
      },
    },
    async (request, reply) => reply.type('image/svg+xml; charset=utf-8').header('cache-control', LOGO_CACHE).send(carriers.logo(request.params.code)),
  );

  app.get(
    '/api/v1/carriers/all',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Catálogo completo (admin): paqueterías y servicios activos e inactivos, recargos, seguro y de dónde sale cada precio',
        response: { 200: carrierAdminListResponseSchema, ...admin },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return carriers.listForAdmin();
    },
  );

  app.patch(
    '/api/v1/carriers/:code',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Activa o desactiva una paquetería, o cambia su recargo por área remota y su seguro (admin; queda auditado)',
        params: carrierCodeParamsSchema,
        body: updateCarrierInputSchema,
        response: { 200: carrierAdminSchema, ...adminWith404 },
      },
    },
    async (request) => carriers.updateCarrier(request.caller!, request.params.code, request.body),
  );

  app.patch(
    '/api/v1/carrier-services/:id',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary:
          'Activa o desactiva un servicio, o cambia sus días de tránsito, peso máximo, origen de guías, precio del sobre y tipos de envío (admin; auditado)',
        params: serviceIdParamsSchema,
        body: updateCarrierServiceInputSchema,
        response: { 200: carrierServiceAdminSchema, ...adminWith404 },
      },
    },
    async (request) => carriers.updateService(request.caller!, request.params.id, request.body),
  );

  // ---------------------------------------------------------------- tariffs

  app.get(
    '/api/v1/carrier-services/:id/tariffs',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'La tabla de tarifa de un servicio: rangos de peso por zona, precio base y precio por kilo adicional (admin)',
        params: serviceIdParamsSchema,
        response: { 200: tariffTableResponseSchema, ...adminWith404 },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return carriers.getTariffTable(request.params.id);
    },
  );

  app.put(
    '/api/v1/carrier-services/:id/tariffs',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Reemplaza la tabla completa (admin): todo o nada; rangos desde 1 kg, sin huecos ni encimados y sin bajar de precio',
        params: serviceIdParamsSchema,
        body: replaceTariffTableInputSchema,
        response: { 200: tariffTableResponseSchema, ...adminWith404 },
      },
    },
    async (request) => carriers.replaceTariffTable(request.caller!, request.params.id, request.body.rows),
  );

  app.post(
    '/api/v1/carrier-services/:id/tariffs',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Agrega un rango a la tabla (admin); la tabla debe seguir siendo válida',
        params: serviceIdParamsSchema,
        body: tariffRowInputSchema,
        response: { 201: tariffRowSchema, ...adminWith404 },
      },
    },
    async (request, reply) => reply.status(201).send(await carriers.addTariffRow(request.caller!, request.params.id, request.body)),
  );

  app.patch(
    '/api/v1/carrier-services/:id/tariffs/:rowId',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Cambia un rango de la tabla (admin); la tabla debe seguir siendo válida',
        params: tariffRowParamsSchema,
        body: tariffRowPatchSchema,
        response: { 200: tariffRowSchema, ...adminWith404 },
      },
    },
    async (request) => carriers.updateTariffRow(request.caller!, request.params.id, request.params.rowId, request.body),
  );

  app.delete(
    '/api/v1/carrier-services/:id/tariffs/:rowId',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Quita un rango de la tabla (admin): solo el último de una zona, o uno que no deje hueco',
        params: tariffRowParamsSchema,
        response: { 204: z.void(), ...adminWith404 },
      },
    },
    async (request, reply) => {
      await carriers.deleteTariffRow(request.caller!, request.params.id, request.params.rowId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/carrier-services/:id/tariffs.csv',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Exporta la tabla de tarifa de un servicio en CSV: zona, peso_desde_kg, peso_hasta_kg, precio_base, precio_kg_adicional (admin)',
        params: serviceIdParamsSchema,
        response: { 200: z.string().describe('text/csv'), ...adminWith404 },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await carriers.exportTariffCsv(request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.put(
    '/api/v1/carrier-services/:id/tariffs.csv',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary:
          'Importa la tabla de tarifa de un servicio desde CSV (cuerpo text/csv, las mismas columnas que la exportación; coma o punto y coma). Todo o nada: cada fila con error se reporta como errors[{ path: "fila.N.columna", message }] (admin; auditado)',
        params: serviceIdParamsSchema,
        body: z.string({ error: 'Envía el contenido del archivo CSV (text/csv).' }).max(1_000_000),
        response: { 200: tariffImportResponseSchema, ...adminWith404 },
      },
    },
    async (request) => carriers.importTariffCsv(request.caller!, request.params.id, request.body),
  );

  // ---------------------------------------------------------------- remote areas

  app.get(
    '/api/v1/carriers/:code/remote-areas',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Códigos postales de destino donde la paquetería cobra su recargo por área remota (admin)',
        params: carrierCodeParamsSchema,
        response: { 200: remoteAreaListSchema, ...adminWith404 },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return carriers.listRemoteAreas(request.params.code);
    },
  );

  app.put(
    '/api/v1/carriers/:code/remote-areas',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Reemplaza la lista de áreas remotas de la paquetería (admin; auditado)',
        params: carrierCodeParamsSchema,
        body: remoteAreaInputSchema,
        response: { 200: remoteAreaListSchema, ...adminWith404 },
      },
    },
    async (request) => carriers.replaceRemoteAreas(request.caller!, request.params.code, request.body.postal_codes),
  );

  app.post(
    '/api/v1/carriers/:code/remote-areas',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Agrega códigos postales a la lista de áreas remotas (admin; auditado)',
        params: carrierCodeParamsSchema,
        body: remoteAreaInputSchema,
        response: { 200: remoteAreaListSchema, ...adminWith404 },
      },
    },
    async (request) => carriers.addRemoteAreas(request.caller!, request.params.code, request.body.postal_codes),
  );

  app.delete(
    '/api/v1/carriers/:code/remote-areas/:postalCode',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Quita un código postal de la lista de áreas remotas (admin; auditado)',
        params: remoteAreaParamsSchema,
        response: { 204: z.void(), ...adminWith404 },
      },
    },
    async (request, reply) => {
      await carriers.removeRemoteArea(request.caller!, request.params.code, request.params.postalCode);
      return reply.status(204).send();
    },
  );

  // ---------------------------------------------------------------- markups

  app.get(
    '/api/v1/markups',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Márgenes de reventa: general, por servicio, por cliente y por cliente y servicio (admin)',
        querystring: markupListQuerySchema,
        response: { 200: markupListResponseSchema, ...admin },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return carriers.listMarkups(request.query);
    },
  );

  app.put(
    '/api/v1/markups',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Crea o reemplaza el margen de (service_id, user_id); null en uno de ellos significa todos (admin; auditado)',
        body: markupInputSchema,
        response: { 200: markupSchema, ...adminWith404 },
      },
    },
    async (request) => carriers.upsertMarkup(request.caller!, request.body),
  );

  app.delete(
    '/api/v1/markups/:id',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Elimina un margen (admin; auditado)',
        params: markupIdParamsSchema,
        response: { 204: z.void(), ...adminWith404 },
      },
    },
    async (request, reply) => {
      await carriers.deleteMarkup(request.caller!, request.params.id);
      return reply.status(204).send();
    },
  );

  // ---------------------------------------------------------------- audit

  app.get(
    '/api/v1/carrier-audit',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Bitácora de cambios al catálogo, tarifas, áreas remotas y márgenes: quién, cuándo, antes y después; la más reciente primero (admin)',
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema, ...admin },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return carriers.listAudit(request.query);
    },
  );
};
