import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import { inventoryStockListSchema, inventoryUploadResultSchema, inventoryUploadSchema, labelQuerySchema, serviceIdParamsSchema } from '@envios/contracts/guides';
import { shipmentIdParamsSchema } from '@envios/contracts/shipments';
import type { Guides } from './guides.usecases.js';

const e = apiErrorSchema;

/** A file name made of what any client accepts. */
function labelFileName(guideNumber: string): string {
  return `guia-${guideNumber.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
}

export const guidesRoutes: FastifyPluginAsyncZod<{ guides: Guides }> = async (app, { guides }) => {
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
