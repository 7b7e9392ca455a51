import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import { paymentIdParamsSchema, paymentListQuerySchema, paymentListSchema, paymentSchema, walletReconciliationSchema } from '@envios/contracts/payments';
import type { Payments } from './payments.usecases.js';

const tags = ['pagos (admin)'];
const e = apiErrorSchema;
const signedIn = { 400: e, 401: e, 403: e };
const sandboxParams = paymentIdParamsSchema.extend({
  event: z.enum(['paid', 'expired'], { error: 'El evento debe ser paid o expired.' }),
});

/** The admin's payments screen (/admin/pagos): attempts, sandbox OXXO actions and the wallet reconciliation. */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<{ payments: Payments }> = async (app, { payments }) => {
  app.get(
    '/api/v1/admin/payments',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary:
          'Pagos (intentos), el más reciente primero; filtros estatus, método y q (nombre, correo, referencia OXXO, orden del proveedor o folio); páginas de 10',
        querystring: paymentListQuerySchema,
        response: { 200: paymentListSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.listPayments(request.query);
    },
  );

  app.post(
    '/api/v1/admin/payments/:id/sandbox/:event',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary:
          "'Marcar pagado (sandbox)' / vencido: el sandbox de Conekta emite la notificación firmada y pasa por el mismo código del webhook; solo pagos OXXO de prueba (409 en otro caso)",
        params: sandboxParams,
        response: { 200: paymentSchema, ...signedIn, 404: e, 409: e },
      },
    },
    async (request) => payments.sandboxSettle(request.params.id, request.params.event),
  );

  app.get(
    '/api/v1/admin/wallets/reconciliation',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Conciliación del monedero: saldo de cada usuario contra la suma de sus movimientos pagados, totales y dinero recibido por método (MXN)',
        response: { 200: walletReconciliationSchema, 401: e, 403: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.walletReconciliation();
    },
  );
};
