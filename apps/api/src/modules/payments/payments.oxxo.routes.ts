import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import { oxxoInputSchema, oxxoResultSchema, oxxoSlipQuerySchema, oxxoSlipSchema, payManyInputSchema, paymentIdParamsSchema } from '@envios/contracts/payments';
import { shipmentReferenceParamsSchema, shipmentsByReferenceSchema } from '@envios/contracts/shipments';
import type { Payments } from './payments.usecases.js';

const tags = ['pagos'];
const e = apiErrorSchema;
const signedIn = { 400: e, 401: e, 403: e };
const failures = { 404: e, 409: e, 502: e, 503: e };

/** OXXO cash payments: a reference to pay at the store, and its printable slip. */
export const oxxoRoutes: FastifyPluginAsyncZod<{ payments: Payments }> = async (app, { payments }) => {
  app.post(
    '/api/v1/payments/conekta/oxxo/:id',
    {
      config: { guard: 'buyer', idempotent: true },
      schema: {
        tags,
        summary:
          'Referencia OXXO para un envío o un abono pendiente propio (admin: de cualquiera); repetir la llamada responde la misma referencia mientras siga vigente',
        params: paymentIdParamsSchema,
        body: oxxoInputSchema.optional(),
        response: { 200: oxxoResultSchema, ...signedIn, ...failures },
      },
    },
    async (request) => payments.payWithOxxo(request.caller!, { id: request.params.id, email: request.body?.email }),
  );

  for (const url of ['/api/v1/payments/many/conekta/oxxo/', '/api/v1/payments/many/conekta/oxxo']) {
    app.post(
      url,
      {
        config: { guard: 'buyer', idempotent: true },
        schema: {
          tags,
          summary: 'Referencia OXXO para varios envíos propios (admin: de cualquiera); la misma selección repetida responde la misma referencia',
          body: payManyInputSchema,
          response: { 200: oxxoResultSchema, ...signedIn, ...failures },
        },
      },
      async (request) => payments.payWithOxxo(request.caller!, { shipmentIds: request.body.shipments, email: request.body.email }),
    );
  }

  app.get(
    '/api/v1/payments/oxxo/slip',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Ficha de pago OXXO (/shipping/cash_barcode): monto, referencia con código de barras Code 128 (SVG), vencimiento y envíos; solo referencias propias (admin: cualquiera)',
        querystring: oxxoSlipQuerySchema,
        response: { 200: oxxoSlipSchema, ...signedIn, 404: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.oxxoSlips(request.caller!, request.query.references);
    },
  );

  app.get(
    '/api/v1/shipments/references/:reference',
    {
      config: { guard: 'user' },
      schema: {
        tags: ['envíos'],
        summary:
          'Envíos que paga una referencia OXXO, por folio; solo referencias propias (admin: cualquiera). Una referencia ajena o desconocida responde 404',
        params: shipmentReferenceParamsSchema,
        response: { 200: shipmentsByReferenceSchema, ...signedIn, 404: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.shipmentsByReference(request.caller!, request.params.reference);
    },
  );
};
