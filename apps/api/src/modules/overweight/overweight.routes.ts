import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import {
  disputeInputSchema,
  OVERWEIGHT_FILE_MAX_BYTES,
  OVERWEIGHT_FILES_PER_UPLOAD,
  overweightFileParamsSchema,
  overweightPageSchema,
  overweightShipmentParamsSchema,
  overweightSuggestionQuerySchema,
  overweightSuggestionSchema,
  overweightUserParamsSchema,
  resolveDisputeSchema,
  shipmentOverweightSchema,
  userOverweightQuerySchema,
} from '@envios/contracts/overweight';
import { EXPORT_ESTIMATED_BYTES_HEADER, EXPORT_FORMATS, EXPORT_ROWS_HEADER, periodFilterShape, type ExportFormat } from '@envios/contracts/reports';
import type { Caller } from '../../plugins/auth.js';
import { readMultipartParts } from '../../plugins/multipart-parts.js';
import { overweightErrors } from './overweight.errors.js';
import { checkUpload, type UploadedFile } from './overweight.files.js';
import type { Overweight } from './overweight.usecases.js';

const tags = ['sobrepesos'];
const e = apiErrorSchema;
const errors = { 400: e, 401: e, 403: e, 404: e, 409: e };
const self = { guard: 'self', ownerParam: 'userId' } as const;

const formatSchema = z.enum(EXPORT_FORMATS, { error: 'El formato debe ser xlsx o csv.' }).default('xlsx');
const adminListQuerySchema = userOverweightQuerySchema.extend({ date_ini: periodFilterShape.date_ini, date_fin: periodFilterShape.date_fin });
const userExportQuerySchema = userOverweightQuerySchema.omit({ page: true, limit: true }).extend({ format: formatSchema });
const adminExportQuerySchema = adminListQuerySchema.omit({ page: true, limit: true }).extend({ format: formatSchema });

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

function callerOf(request: { caller: Caller | null }): Caller {
  return request.caller!;
}

/** Streams an export with the headers a page needs to show progress. */
export function sendExport(
  reply: FastifyReply,
  file: { rows: number; stream: NodeJS.ReadableStream; filename: string; estimatedBytes: number },
  format: ExportFormat,
) {
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .header(EXPORT_ROWS_HEADER, String(file.rows))
    .header(EXPORT_ESTIMATED_BYTES_HEADER, String(file.estimatedBytes))
    .send(file.stream);
}

/** Reads a multipart body: the text fields and the files, each checked (size, real type). */
async function readMultipart(request: FastifyRequest, maxFiles: number): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw overweightErrors.invalid('files', 'Envía el formulario como multipart/form-data.');
  const files: UploadedFile[] = [];
  const fields = await readMultipartParts(request, {
    onFile: (file) => {
      if (files.length >= maxFiles) throw overweightErrors.tooManyFiles('files', `Adjunta como máximo ${maxFiles} archivos.`);
      files.push(checkUpload({ filename: file.filename, data: file.data, truncated: file.truncated }, `files.${file.index}`));
    },
    malformed: () => overweightErrors.invalid('files', 'El formulario llegó incompleto o mal formado (multipart/form-data); envíalo de nuevo.'),
  });
  return { fields, files };
}

/**
 * Overweight for its owner (`/overweight`, the shipment detail) and for admins (the overweight
 * report, evidence, disputes). Recording goes through `PUT /api/v1/shipments/{id}`.
 */
export const overweightRoutes: FastifyPluginAsyncZod<{ overweight: Overweight }> = async (app, { overweight }) => {
  // Only this module's routes read multipart bodies: photos and PDFs of at most 5 MB each.
  await app.register(multipart, {
    limits: {
      fileSize: OVERWEIGHT_FILE_MAX_BYTES,
      files: OVERWEIGHT_FILES_PER_UPLOAD + 1,
      fields: 5,
      fieldSize: 8 * 1024,
      parts: OVERWEIGHT_FILES_PER_UPLOAD + 6,
    },
    throwFileSizeLimit: false,
  });

  app.get(
    '/api/v1/overweight/user/:userId',
    {
      config: self,
      schema: {
        tags,
        summary:
          'Sobrepesos de un usuario (el propio; un admin, cualquiera), de la guía más reciente a la más antigua; service, status (pending, paid, disputed, cancelled) y filter; total_pending es lo que aún debe',
        params: overweightUserParamsSchema,
        querystring: userOverweightQuerySchema,
        response: { 200: overweightPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return overweight.listForUser(request.params.userId, request.query);
    },
  );

  app.get(
    '/api/v1/overweight/user/:userId/export',
    {
      config: self,
      schema: {
        tags,
        summary:
          'Exporta los sobrepesos del usuario con los filtros de la página (format xlsx o csv): fecha, servicio, sobrepeso, costo_sobrepeso, estatus_sobrepeso, guia, total',
        params: overweightUserParamsSchema,
        querystring: userExportQuerySchema,
        response: { 200: z.any().describe('xlsx o csv (binario, en flujo)'), ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendExport(reply, await overweight.exportForUser(request.params.userId, query, format), format);
    },
  );

  app.get(
    '/api/v1/overweight/all',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Reporte de sobrepesos de todos los clientes (admin): periodo (date_ini, date_fin, días de la Ciudad de México), service, status y filter',
        querystring: adminListQuerySchema,
        response: { 200: overweightPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const q = request.query;
      const period = overweight.period(q);
      return overweight.listAll({ ...period, serviceId: q.service, status: q.status, keyword: q.filter }, { page: q.page, limit: q.limit });
    },
  );

  app.get(
    '/api/v1/overweight/all/export',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary:
          'Exporta el reporte de sobrepesos (overweight.xlsx u overweight.csv): fecha_guia, usuario, correo, servicio, sobrepeso, costo_sobrepeso, estatus_sobrepeso, guia, total',
        querystring: adminExportQuerySchema,
        response: { 200: z.any().describe('xlsx o csv (binario, en flujo)'), ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...q } = request.query;
      const period = overweight.period(q);
      return sendExport(reply, await overweight.exportAll({ ...period, serviceId: q.service, status: q.status, keyword: q.filter }, format), format);
    },
  );

  app.get(
    '/api/v1/overweight/shipment/:shipmentId',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'El sobrepeso de un envío (su dueño o un admin): declarado y medido, la regla de la tarifa, evidencia, aclaración e historia; record null si no tiene',
        params: overweightShipmentParamsSchema,
        response: { 200: shipmentOverweightSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return overweight.detail(callerOf(request), request.params.shipmentId);
    },
  );

  app.get(
    '/api/v1/overweight/shipment/:shipmentId/suggestion',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Sugerencia de sobrepeso y costo (admin) para lo que midió la paquetería, con la tarifa del servicio por kg adicional',
        params: overweightShipmentParamsSchema,
        querystring: overweightSuggestionQuerySchema,
        response: { 200: overweightSuggestionSchema, ...errors },
      },
    },
    async (request) => overweight.suggestion(request.params.shipmentId, request.query),
  );

  app.post(
    '/api/v1/overweight/shipment/:shipmentId/pay',
    {
      config: { guard: 'user', idempotent: true },
      schema: {
        tags,
        summary: "El dueño paga un sobrepeso pendiente con su monedero ('Pago sobrepeso'); uno en aclaración no se cobra",
        params: overweightShipmentParamsSchema,
        response: { 200: shipmentOverweightSchema, ...errors },
      },
    },
    async (request) => overweight.pay(callerOf(request), request.params.shipmentId),
  );

  app.post(
    '/api/v1/overweight/shipment/:shipmentId/dispute',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'El dueño pide una aclaración del sobrepeso, una sola vez (multipart: message y hasta 3 archivos JPG, PNG, WebP o PDF de 5 MB); mientras se revisa no se cobra',
        params: overweightShipmentParamsSchema,
        response: { 200: shipmentOverweightSchema, ...errors },
      },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request, OVERWEIGHT_FILES_PER_UPLOAD);
      const parsed = disputeInputSchema.safeParse({ message: fields.message });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw overweightErrors.invalid('message', issue.message);
      }
      return overweight.dispute(callerOf(request), request.params.shipmentId, parsed.data, files);
    },
  );

  app.post(
    '/api/v1/overweight/shipment/:shipmentId/dispute/resolve',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary:
          'Un admin resuelve la aclaración: accept cancela el sobrepeso y devuelve al monedero lo cobrado (una vez); reject con motivo lo mantiene y lo cobra si el monedero alcanza',
        params: overweightShipmentParamsSchema,
        body: resolveDisputeSchema,
        response: { 200: shipmentOverweightSchema, ...errors },
      },
    },
    async (request) => overweight.resolve(callerOf(request), request.params.shipmentId, request.body),
  );

  app.post(
    '/api/v1/overweight/shipment/:shipmentId/evidence',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Un admin adjunta evidencia de la paquetería (multipart: hasta 5 archivos JPG, PNG, WebP o PDF de 5 MB; 10 por sobrepeso)',
        params: overweightShipmentParamsSchema,
        response: { 200: shipmentOverweightSchema, ...errors },
      },
    },
    async (request) => {
      const { files } = await readMultipart(request, OVERWEIGHT_FILES_PER_UPLOAD);
      return overweight.addEvidence(callerOf(request), request.params.shipmentId, files);
    },
  );

  app.delete(
    '/api/v1/overweight/files/:fileId',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Quita un archivo de evidencia (admin), solo antes de que el cliente pida aclaración',
        params: overweightFileParamsSchema,
        response: { 204: z.void(), ...errors },
      },
    },
    async (request, reply) => {
      await overweight.removeEvidence(callerOf(request), request.params.fileId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/overweight/files/:fileId',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Un archivo de evidencia o de la aclaración (el dueño del envío o un admin)',
        params: overweightFileParamsSchema,
        response: { 200: z.any().describe('image/jpeg, image/png, image/webp o application/pdf (binario)'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await overweight.file(callerOf(request), request.params.fileId);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
    },
  );
};
