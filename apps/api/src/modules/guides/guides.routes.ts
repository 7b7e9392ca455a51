import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import {
  inventoryStockListSchema,
  inventoryUploadResultSchema,
  inventoryUploadSchema,
  LABELS_MAX,
  labelQuerySchema,
  labelSettingsInputSchema,
  labelSettingsSchema,
  labelsBodySchema,
  labelsQuerySchema,
  serviceIdParamsSchema,
  zplLabelQuerySchema,
} from '@envios/contracts/guides';
import type { FastifyReply } from 'fastify';
import { shipmentIdParamsSchema } from '@envios/contracts/shipments';
import type { LabelFile, LabelSelection } from './guides.labels.js';
import type { Guides } from './guides.usecases.js';

const e = apiErrorSchema;

/** A file name made of what any client accepts. */
function labelFileName(guideNumber: string): string {
  return `guia-${guideNumber.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
}

function sendLabels(reply: FastifyReply, file: LabelFile, download: boolean) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-labels-count', String(file.count))
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

const labelFiles = {
  200: z.any().describe('application/pdf (PDF 4 × 6 o carta) o application/zpl (texto ZPL II), según format'),
};
const labelsSummary =
  `Las etiquetas de varios envíos pagados en un solo archivo: format=pdf4x6 (una por página, impresoras térmicas), pdfletter (dos por hoja carta) o zpl ` +
  `(ZPL II, 203 dpi, 4 × 6 in, el número de guía como ^BC Code 128). Sin format, el de «Configuración de impresión». Elige con ids (separados por comas), ` +
  `bulk (los envíos creados por una carga masiva) o today=1 (las guías pagadas hoy). Todos deben ser de la cuenta (403 si no; un admin: cualquiera) y tener ` +
  `su guía lista (409 labels.not_ready con los folios que no). Máximo ${LABELS_MAX.toLocaleString('es-MX')}. La descarga marca las guías como impresas.`;

export const guidesRoutes: FastifyPluginAsyncZod<{ guides: Guides }> = async (app, { guides }) => {
  app.get(
    '/api/v1/labels',
    {
      // It marks the guides printed: with the cookie, only from our own pages.
      config: { guard: 'user', sameOriginGet: true },
      schema: {
        tags: ['guías'],
        summary: labelsSummary,
        querystring: labelsQuerySchema.meta({
          examples: [
            { ids: '3f2c7a4e-8d1b-4c5e-9a6f-0b1c2d3e4f50,7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', format: 'zpl' },
            { today: '1', format: 'pdfletter' },
          ],
        }),
        response: { ...labelFiles, 400: e, 401: e, 403: e, 404: e, 409: e, 422: e },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const selection: LabelSelection = q.ids && q.ids.length > 0 ? { ids: q.ids } : q.bulk ? { bulk: q.bulk } : { today: true };
      const file = await guides.getLabels(request.caller!, { selection, format: q.format }, request.log);
      return sendLabels(reply, file, q.download === '1');
    },
  );

  app.post(
    '/api/v1/labels',
    {
      config: { guard: 'user' },
      // 5,000 ids travel inside JSON.
      bodyLimit: 1_048_576,
      schema: {
        tags: ['guías'],
        summary: 'Lo mismo que GET /labels con los ids en el cuerpo, para selecciones que no caben en una URL.',
        body: labelsBodySchema,
        response: { ...labelFiles, 400: e, 401: e, 403: e, 404: e, 409: e, 422: e },
      },
    },
    async (request, reply) => {
      const file = await guides.getLabels(request.caller!, { selection: { ids: request.body.ids }, format: request.body.format }, request.log);
      return sendLabels(reply, file, true);
    },
  );

  app.get(
    '/api/v1/shipments/:id/label.zpl',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['guías'],
        summary:
          'La etiqueta de un envío pagado en ZPL II (203 dpi, 4 × 6 in) para impresoras Zebra: para su dueño, un administrador o con el enlace firmado (?token=) del correo.',
        params: shipmentIdParamsSchema,
        querystring: zplLabelQuerySchema.extend({ token: labelQuerySchema.shape.token }),
        response: { 200: z.any().describe('application/zpl (texto ZPL II)'), 400: e, 401: e, 403: e, 404: e, 409: e, 422: e },
      },
    },
    async (request, reply) => {
      const caller = await request.identify();
      const file = await guides.getLabelZpl({ shipmentId: request.params.id, caller, token: request.query.token }, request.log);
      return sendLabels(reply, file, request.query.download === '1');
    },
  );

  app.get(
    '/api/v1/labels/settings',
    {
      config: { guard: 'user' },
      schema: {
        tags: ['guías'],
        summary: '«Configuración de impresión»: el formato de etiquetas de la cuenta (pdf4x6 si no eligió)',
        response: { 200: labelSettingsSchema, 401: e, 403: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return guides.labelSettings(request.caller!);
    },
  );

  app.put(
    '/api/v1/labels/settings',
    {
      config: { guard: 'user' },
      schema: {
        tags: ['guías'],
        summary: 'Guarda el formato de etiquetas de la cuenta (pdf4x6, pdfletter o zpl)',
        body: labelSettingsInputSchema.meta({ examples: [{ format: 'zpl' }] }),
        response: { 200: labelSettingsSchema, 400: e, 401: e, 403: e },
      },
    },
    async (request) => guides.saveLabelSettings(request.caller!, request.body),
  );

  app.get(
    '/api/v1/shipments/:id/label',
    {
      // Public: the signed link of the e-mail works without a session; otherwise the owner or an admin.
      config: { guard: 'public' },
      schema: {
        tags: ['guías'],
        summary:
          'La guía en PDF (etiqueta de 4 × 6 in) de un envío pagado, para su dueño o un administrador, o con el enlace firmado (?token=) del correo. ' +
          '409 si el envío no está pagado o la guía se está generando; download=1 la descarga como archivo.',
        params: shipmentIdParamsSchema,
        querystring: labelQuerySchema,
        response: { 200: z.any().describe('application/pdf (binario)'), 400: e, 401: e, 403: e, 404: e, 409: e, 422: e },
      },
    },
    async (request, reply) => {
      const caller = await request.identify();
      const label = await guides.getLabel({ shipmentId: request.params.id, caller, token: request.query.token }, request.log);
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .type('application/pdf')
        .header('content-disposition', `${disposition}; filename="${labelFileName(label.guideNumber)}"`)
        .header('cache-control', 'private, max-age=300')
        .header('last-modified', label.issuedAt.toUTCString())
        .header('x-content-type-options', 'nosniff')
        .send(label.pdf);
    },
  );

  app.get(
    '/api/v1/guides/inventory',
    {
      config: { guard: 'admin' },
      schema: {
        tags: ['guías'],
        summary: 'Existencias del inventario de guías por servicio (disponibles, reservadas, usadas y de demostración)',
        response: { 200: inventoryStockListSchema, 401: e, 403: e },
      },
    },
    async () => guides.inventoryStock(),
  );

  app.post(
    '/api/v1/guides/inventory/:serviceId',
    {
      config: { guard: 'admin' },
      // A 1 MB CSV travels inside JSON.
      bodyLimit: 2_097_152,
      schema: {
        tags: ['guías'],
        summary:
          'Carga números de guía prepagados a un servicio: un número por línea (se omite un encabezado «guia»). Las líneas no válidas se informan, las repetidas se cuentan; todo en una transacción.',
        params: serviceIdParamsSchema,
        body: inventoryUploadSchema,
        response: { 200: inventoryUploadResultSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) => guides.uploadInventory(request.caller!, { serviceId: request.params.serviceId, csv: request.body.csv }),
  );
};
