import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_FILE_MAX_BYTES,
  BULK_ROWS_MAX,
  bulkCreateInputSchema,
  bulkCreateResultSchema,
  bulkIdParamsSchema,
  bulkJsonInputSchema,
  bulkReportSchema,
  bulkRowPageSchema,
  bulkRowParamsSchema,
  bulkRowSchema,
  bulkRowsQuerySchema,
  bulkRowUpdateSchema,
  bulkShipmentListSchema,
  bulkUploadListSchema,
  bulkUploadSchema,
} from '@envios/contracts/bulk';
import { apiErrorSchema } from '@envios/contracts/errors';
import { readMultipartParts } from '../../plugins/multipart-parts.js';
import { bulkErrors } from './bulk.errors.js';
import type { Bulk } from './bulk.usecases.js';

const tags = ['envíos masivos'];
const e = apiErrorSchema;
const owned = { 400: e, 401: e, 403: e, 404: e };

const exampleRow = {
  origen_nombre: 'Ana López',
  origen_correo: 'ana@correo.mx',
  origen_telefono: '3312345678',
  origen_calle: 'Av. Juárez',
  origen_numero: '123',
  origen_colonia: 'Guadalajara Centro',
  origen_cp: '44100',
  destino_nombre: 'Bruno Díaz',
  destino_correo: 'bruno@correo.mx',
  destino_telefono: '5512345678',
  destino_calle: 'Calle Roma',
  destino_numero: '45',
  destino_colonia: 'Juárez',
  destino_cp: '06600',
  tipo: 'paquete',
  largo_cm: '30',
  ancho_cm: '20',
  alto_cm: '15',
  peso_kg: '2.5',
  contenido: 'Ropa',
  servicio: 'más barato',
};

/**
 * Bulk shipping ('Envíos masivos'): the template, the upload (multipart file or JSON rows) with its
 * per-row report, corrections in place, and the creation of the valid rows as shipments.
 */
export const bulkRoutes: FastifyPluginAsyncZod<{ bulk: Bulk }> = async (app, { bulk }) => {
  // Only this module's routes read multipart bodies here: one spreadsheet of at most 10 MB.
  await app.register(multipart, { limits: { fileSize: BULK_FILE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 }, throwFileSizeLimit: false });

  app.get(
    '/api/v1/shipments/bulk/template',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'La plantilla de envíos masivos: format=xlsx (hoja «Envíos» con una fila de ejemplo y hoja «Valores aceptados») o csv (solo la primera hoja)',
        querystring: z.object({ format: z.enum(['xlsx', 'csv'], { error: 'El formato debe ser xlsx o csv.' }).default('xlsx') }),
        response: { 200: z.any().describe('La plantilla (.xlsx o .csv)'), 400: e, 401: e, 403: e },
      },
    },
    async (request, reply) => {
      const format = request.query.format;
      const file = await bulk.template(request.caller!, format);
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="plantilla-envios-masivos.${format}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.post(
    '/api/v1/shipments/bulk',
    {
      config: { guard: 'user' },
      // JSON rows: up to 5,000 of them.
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags,
        summary:
          `Sube envíos masivos: multipart/form-data con el archivo (campo file, .xlsx o .csv de la plantilla, hasta 10 MB) o JSON { file_name, rows: [{ columna: valor }] }, hasta ${BULK_ROWS_MAX.toLocaleString('es-MX')} filas. ` +
          'Cada fila se revisa con las reglas del asistente (códigos postales y colonias del catálogo, teléfono, longitudes, límites) y se cotiza. Hasta 100 filas la respuesta trae el reporte ' +
          'por fila (status ready, rows); con más, responde status processing y se sigue con GET /shipments/bulk/{id} hasta ready. Una fila que ya creaste antes sale como duplicate.',
        body: bulkJsonInputSchema.nullish().meta({ examples: [{ file_name: 'pedidos-lunes.json', rows: [exampleRow] }] }),
        response: { 200: bulkReportSchema, 400: e, 401: e, 403: e, 413: e },
      },
    },
    async (request) => {
      if (request.isMultipart()) {
        const files: { name: string; data: Buffer }[] = [];
        await readMultipartParts(request, {
          onFile: (part) => {
            if (part.truncated) throw bulkErrors.badFile('El archivo pesa más de 10 MB; divídelo en varios archivos.');
            files.push({ name: part.filename || 'envios.xlsx', data: part.data });
          },
          malformed: () => bulkErrors.badFile('El archivo llegó incompleto o mal formado (multipart/form-data); súbelo de nuevo.'),
        });
        const file = files.at(-1);
        if (!file) throw bulkErrors.badFile('Adjunta el archivo de envíos (campo file).');
        return bulk.upload(request.caller!, { fileName: file.name.slice(0, 120), file: file.data });
      }
      if (!request.body) throw bulkErrors.badFile('Envía el archivo como multipart/form-data o las filas en JSON.');
      return bulk.upload(request.caller!, { fileName: request.body.file_name, rows: request.body.rows });
    },
  );

  app.get(
    '/api/v1/shipments/bulk',
    {
      config: { guard: 'user' },
      schema: { tags, summary: 'Las últimas 20 cargas masivas de la cuenta, la más reciente primero', response: { 200: bulkUploadListSchema, 401: e, 403: e } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return bulk.listUploads(request.caller!);
    },
  );

  app.get(
    '/api/v1/shipments/bulk/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Una carga masiva: estatus (processing mientras se revisan las filas), filas revisadas y cuántas hay de cada estatus (la página lo consulta para su barra de avance)',
        params: bulkIdParamsSchema,
        response: { 200: bulkUploadSchema, ...owned },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return bulk.getUpload(request.caller!, request.params.id);
    },
  );

  app.get(
    '/api/v1/shipments/bulk/:id/report',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'El reporte completo de una carga: la carga y todas sus filas (vacías mientras status es processing)',
        params: bulkIdParamsSchema,
        response: { 200: bulkReportSchema, ...owned },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return bulk.getReport(request.caller!, request.params.id);
    },
  );

  app.get(
    '/api/v1/shipments/bulk/:id/rows',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Las filas de una carga por páginas (status=valid|invalid|duplicate|created|pending para filtrar), cada una con sus errores por columna en español',
        params: bulkIdParamsSchema,
        querystring: bulkRowsQuerySchema,
        response: { 200: bulkRowPageSchema, ...owned },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return bulk.listRows(request.caller!, request.params.id, request.query);
    },
  );

  app.patch(
    '/api/v1/shipments/bulk/:id/rows/:row',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Corrige una fila sin volver a subir el archivo (values: las columnas de la fila) o pide «Crear de nuevo» una fila ya creada antes (recreate: true); la fila se revisa y cotiza otra vez',
        params: bulkRowParamsSchema,
        body: bulkRowUpdateSchema.meta({ examples: [{ values: { ...exampleRow, destino_cp: '06700', destino_colonia: 'Roma Norte' } }, { recreate: true }] }),
        response: { 200: bulkRowSchema, ...owned, 409: e },
      },
    },
    async (request) => bulk.updateRow(request.caller!, request.params.id, request.params.row, request.body),
  );

  app.post(
    '/api/v1/shipments/bulk/:id/create',
    {
      config: { guard: 'buyer' },
      schema: {
        tags,
        summary:
          'Crea como envíos (sin pagar) las filas válidas de la carga, o las de rows, con la misma creación del asistente (se vuelve a cotizar cada fila y se compara su precio al centavo). ' +
          'Una fila nunca se crea dos veces: ni al repetir la llamada ni al subir el mismo archivo otra vez. Responde los envíos sin pagar de la carga, para pagarlos en un solo pago ' +
          '(POST /payments/many/monedero, /payments/many/paypal, /payments/many/conekta/oxxo).',
        params: bulkIdParamsSchema,
        body: bulkCreateInputSchema.optional().meta({ examples: [{}, { rows: [2, 3, 5] }] }),
        response: { 200: bulkCreateResultSchema, ...owned, 409: e, 429: e },
      },
    },
    async (request) => bulk.createRows(request.caller!, request.params.id, request.body ?? {}),
  );

  app.get(
    '/api/v1/shipments/bulk/:id/shipments',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Los envíos que creó la carga, en el orden de sus filas, con su precio y si ya están pagados',
        params: bulkIdParamsSchema,
        response: { 200: bulkShipmentListSchema, ...owned },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return bulk.uploadShipments(request.caller!, request.params.id);
    },
  );
};
