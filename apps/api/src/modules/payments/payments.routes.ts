import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import {
  captureResultSchema,
  generateGuidesInputSchema,
  generateGuidesResultSchema,
  guidesAvailabilityQuerySchema,
  guidesAvailabilitySchema,
  payManyInputSchema,
  paymentConfigSchema,
  paymentEmailQuerySchema,
  paymentIdParamsSchema,
  paymentUrlSchema,
  paypalExecuteInputSchema,
  paypalExecuteManyInputSchema,
  paypalExecuteResultSchema,
  paypalLinkSchema,
  paypalOrderParamsSchema,
  paypalOrderSchema,
  payWithWalletInputSchema,
  prepaidExecuteInputSchema,
  prepaidIdParamsSchema,
  sandboxActionParamsSchema,
  sandboxActionResultSchema,
  sandboxOrderSchema,
  openPaymentsQuerySchema,
  openPaymentsSchema,
  overweightPaymentResultSchema,
  walletPaymentResultSchema,
} from '@envios/contracts/payments';
import { AppError } from '../../shared/errors.js';
import type { StartedOrder } from './payments.paypal.js';
import type { Payments } from './payments.usecases.js';

const tags = ['pagos'];
const e = apiErrorSchema;
const signedIn = { 400: e, 401: e, 403: e, 404: e };
const paying = { ...signedIn, 409: e, 502: e, 503: e };
const shipmentParams = z.object({ shipmentId: z.uuid({ error: 'El identificador del envío no es válido.' }) });
const orderIdParams = z.object({ orderId: paypalOrderParamsSchema.shape.orderID });

const asUrl = (o: StartedOrder) => ({ url: o.approveUrl, payment_id: o.paymentId, order_id: o.orderId, sandbox: o.sandbox });
const asOrder = (o: StartedOrder) => ({ id: o.orderId, approve_url: o.approveUrl, payment_id: o.paymentId, sandbox: o.sandbox });
const asLink = (o: StartedOrder) => ({ data: { link: o.approveUrl, payment_id: o.paymentId, order_id: o.orderId, sandbox: o.sandbox } });

/**
 * PayPal (Orders v2, and the card through PayPal), wallet payments, top-ups paid by PayPal,
 * overweight, guide status after paying, guide availability, the providers' configuration and the
 * sandbox approval page. Own shipments, top-ups and payments only; admin: any.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: Payments }> = async (app, { payments }) => {
  app.get(
    '/api/v1/payments/config',
    {
      config: { guard: 'public' },
      schema: { tags, summary: 'Qué proveedores de pago son de pruebas (sandbox) y si se ofrece la tarjeta', response: { 200: paymentConfigSchema } },
    },
    async () => payments.paymentConfig(),
  );

  app.get(
    '/api/v1/payments/guides-availability',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Si hay guías de inventario para estos envíos (aviso antes de pagar)',
        querystring: guidesAvailabilityQuerySchema,
        response: { 200: guidesAvailabilitySchema, ...signedIn },
      },
    },
    async (request) => payments.availabilityFor(request.caller!, request.query.shipments),
  );

  // ------------------------------------------------------------ PayPal, shipments

  app.post(
    '/api/v1/payments/:id',
    {
      config: { guard: 'buyer', idempotent: true },
      schema: {
        tags,
        summary: 'Liga de PayPal para pagar un envío; 204 cuando no hay guías disponibles para su servicio',
        params: paymentIdParamsSchema,
        querystring: paymentEmailQuerySchema,
        response: { 200: paymentUrlSchema, 204: z.null(), ...paying },
      },
    },
    async (request, reply) => {
      try {
        return asUrl(await payments.startShipmentsOrder(request.caller!, { shipmentIds: [request.params.id], method: 'paypal' }));
      } catch (error) {
        // A 204 reply means no guides available.
        if (error instanceof AppError && error.code === 'guides.none_available') return reply.code(204).send(null);
        throw error;
      }
    },
  );

  app.post(
    '/api/v1/payments/many/paypal',
    {
      config: { guard: 'buyer', idempotent: true },
      schema: { tags, summary: 'Liga de PayPal para pagar varios envíos', body: payManyInputSchema, response: { 200: paymentUrlSchema, ...paying } },
    },
    async (request) => asUrl(await payments.startShipmentsOrder(request.caller!, { shipmentIds: request.body.shipments, method: 'paypal' })),
  );

  app.post(
    '/api/v1/paypal/v2/link/many',
    {
      config: { guard: 'buyer', idempotent: true },
      schema: {
        tags,
        summary: 'Crea la orden de PayPal (Orders v2) de varios envíos: su id y la página de aprobación',
        body: payManyInputSchema,
        response: { 200: paypalOrderSchema, ...paying },
      },
    },
    async (request) => asOrder(await payments.startShipmentsOrder(request.caller!, { shipmentIds: request.body.shipments, method: 'paypal' })),
  );

  app.get(
    '/api/v1/paypal/v2/capture-order/:orderID',
    {
      config: { guard: 'user', sameOriginGet: true },
      schema: {
        tags,
        summary: 'Cobra la orden aprobada y confirma el pago (una sola vez); restart: true cuando el método fue rechazado',
        params: paypalOrderParamsSchema,
        response: { 200: captureResultSchema, ...paying },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.captureByOrder(request.caller!, request.params.orderID);
    },
  );

  // ------------------------------------------------------------ card through PayPal (paypal-plus)

  app.post(
    '/api/v1/paypal/plus/many/link',
    {
      config: { guard: 'buyer', idempotent: true },
      schema: {
        tags,
        summary: 'Liga para pagar varios envíos con tarjeta (PayPal sin cuenta)',
        body: payManyInputSchema,
        response: { 200: paypalLinkSchema, ...paying },
      },
    },
    async (request) => asLink(await payments.startShipmentsOrder(request.caller!, { shipmentIds: request.body.shipments, method: 'paypal-plus' })),
  );

  app.get(
    '/api/v1/paypal/plus/link/:id',
    {
      config: { guard: 'buyer', sameOriginGet: true },
      schema: {
        tags,
        summary: 'Liga para pagar un envío con tarjeta (PayPal sin cuenta)',
        params: paymentIdParamsSchema,
        response: { 200: paypalLinkSchema, ...paying },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return asLink(await payments.startShipmentsOrder(request.caller!, { shipmentIds: [request.params.id], method: 'paypal-plus' }));
    },
  );

  app.post(
    '/api/v1/paypal/payment/many/execute',
    {
      config: { guard: 'user', idempotent: true },
      schema: {
        tags,
        summary: 'Cobra el pago con tarjeta de varios envíos (payment_id de la liga)',
        body: paypalExecuteManyInputSchema,
        response: { 200: paypalExecuteResultSchema, ...paying },
      },
    },
    async (request) => payments.executeById(request.caller!, request.body.payment_id, { purpose: 'shipments' }),
  );

  app.post(
    '/api/v1/paypal/payment/execute',
    {
      config: { guard: 'user', idempotent: true },
      schema: {
        tags,
        summary: 'Cobra el pago con tarjeta de un envío (payment_id de la liga)',
        body: paypalExecuteInputSchema,
        response: { 200: paypalExecuteResultSchema, ...paying },
      },
    },
    async (request) => payments.executeById(request.caller!, request.body.payment_id, { purpose: 'shipments' }),
  );

  app.post(
    '/api/v1/payments/shipments/:shipmentId/cancel',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Cancela los pagos en curso de un envío (PayPal, tarjeta u OXXO) para poder cambiarlo; sus guías apartadas vuelven al inventario',
        params: shipmentParams,
        response: { 200: z.object({ cancelled: z.number().int() }), ...paying },
      },
    },
    async (request) => payments.cancelOpenAttempts(request.caller!, request.params.shipmentId),
  );

  app.get(
    '/api/v1/payments/open',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Pagos abiertos que aún pueden completarse (referencia OXXO vigente, orden de PayPal por aprobar) de los envíos de quien llama, o de los envíos nombrados en shipments=a,b (su dueño o un admin); los más nuevos primero',
        querystring: openPaymentsQuerySchema,
        response: { 200: openPaymentsSchema, ...paying },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.listOpenPayments(request.caller!, request.query);
    },
  );

  // ------------------------------------------------------------ wallet

  app.post(
    '/api/v1/payments/many/monedero',
    {
      config: { guard: 'buyer', idempotent: true },
      schema: {
        tags,
        summary: 'Paga envíos con el monedero (user: el dueño del monedero, otro solo para admin); 409 sin saldo suficiente o sin guías',
        body: payWithWalletInputSchema,
        response: { 200: walletPaymentResultSchema, ...paying },
      },
    },
    async (request) => payments.payWithWallet(request.caller!, request.body),
  );

  app.post(
    '/api/v1/prepaid/payOverWeight/:shipmentId',
    {
      config: { guard: 'user', idempotent: true },
      schema: {
        tags,
        summary:
          'Paga el sobrepeso de un envío con el monedero de su dueño (pago_sobrepeso); uno ya pagado responde 200 con already_paid: true y el pago que lo cubrió',
        params: shipmentParams,
        response: { 200: overweightPaymentResultSchema, ...paying },
      },
    },
    async (request) => payments.payOverweight(request.caller!, request.params.shipmentId),
  );

  // ------------------------------------------------------------ top-ups through PayPal

  app.post(
    '/api/v1/prepaid/getLinkpaypal/:prepaidId',
    {
      config: { guard: 'buyer', idempotent: true },
      schema: {
        tags,
        summary: 'Liga de PayPal para pagar un abono pendiente',
        params: prepaidIdParamsSchema,
        querystring: paymentEmailQuerySchema,
        response: { 200: paymentUrlSchema, ...paying },
      },
    },
    async (request) => asUrl(await payments.startTopUpOrder(request.caller!, { walletEntryId: request.params.prepaidId, method: 'paypal' })),
  );

  app.get(
    '/api/v1/prepaid/v2/link/:prepaidId',
    {
      config: { guard: 'buyer', sameOriginGet: true },
      schema: {
        tags,
        summary: 'Crea la orden de PayPal de un abono pendiente',
        params: prepaidIdParamsSchema,
        response: { 200: paypalOrderSchema, ...paying },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return asOrder(await payments.startTopUpOrder(request.caller!, { walletEntryId: request.params.prepaidId, method: 'paypal' }));
    },
  );

  app.get(
    '/api/v1/prepaid/v2/capture-order/:orderId',
    {
      config: { guard: 'user', sameOriginGet: true },
      schema: {
        tags,
        summary: 'Cobra la orden aprobada de un abono y lo marca pagado',
        params: orderIdParams,
        response: { 200: captureResultSchema, ...paying },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.captureByOrder(request.caller!, request.params.orderId, 'topup');
    },
  );

  app.get(
    '/api/v1/prepaid/getLinkPayPalPlus/:id',
    {
      config: { guard: 'buyer', sameOriginGet: true },
      schema: {
        tags,
        summary: 'Liga para pagar un abono pendiente con tarjeta (PayPal sin cuenta)',
        params: z.object({ id: prepaidIdParamsSchema.shape.prepaidId }),
        response: { 200: paypalLinkSchema, ...paying },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return asLink(await payments.startTopUpOrder(request.caller!, { walletEntryId: request.params.id, method: 'paypal-plus' }));
    },
  );

  app.post(
    '/api/v1/prepaid/paypalPaymentExecute',
    {
      config: { guard: 'user', idempotent: true },
      schema: {
        tags,
        summary: 'Cobra el pago con tarjeta de un abono',
        body: prepaidExecuteInputSchema,
        response: { 200: paypalExecuteResultSchema, ...paying },
      },
    },
    async (request) => payments.executeById(request.caller!, request.body.payment_id, { purpose: 'topup', walletEntryId: request.body.prepaid_id }),
  );

  app.get(
    '/api/v1/prepaid/v2/execute-prepaid/:id',
    {
      config: { guard: 'user', sameOriginGet: true },
      schema: {
        tags,
        summary: 'Cobra el pago de un abono por su id de pago',
        params: paymentIdParamsSchema,
        response: { 200: paypalExecuteResultSchema, ...paying },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.executeById(request.caller!, request.params.id, { purpose: 'topup' });
    },
  );

  // ------------------------------------------------------------ guides after paying

  app.route({
    method: ['GET', 'POST'],
    url: '/api/v1/generate-guides-after-pay/:id',
    config: { guard: 'user', sameOriginGet: true, readOnly: true, idempotent: true },
    schema: {
      tags,
      summary: 'Estado de la guía de un envío pagado (se genera en segundo plano)',
      params: paymentIdParamsSchema,
      response: { 200: generateGuidesResultSchema, ...signedIn },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.generateGuidesAfterPay(request.caller!, { shipments: [request.params.id] });
    },
  });

  app.post(
    '/api/v1/generate-guides-after-pay/many',
    {
      config: { guard: 'user', readOnly: true, idempotent: true },
      schema: {
        tags,
        summary: 'Estado de las guías de varios envíos pagados',
        body: generateGuidesInputSchema,
        response: { 200: generateGuidesResultSchema, ...signedIn },
      },
    },
    async (request) => payments.generateGuidesAfterPay(request.caller!, request.body),
  );

  // ------------------------------------------------------------ sandbox PayPal approval page

  app.get(
    '/api/v1/sandbox/paypal/:orderId',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Página de aprobación de PayPal de PRUEBAS (solo con el proveedor sandbox; si no, 404)',
        params: z.object({ orderId: sandboxActionParamsSchema.shape.orderId }),
        response: { 200: sandboxOrderSchema, ...signedIn },
      },
    },
    async (request) => payments.sandboxOrder(request.caller!, request.params.orderId),
  );

  app.post(
    '/api/v1/sandbox/paypal/:orderId/:action',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'El comprador de PRUEBAS aprueba, rechaza (método declinado) o cancela; responde a dónde ir',
        params: sandboxActionParamsSchema,
        response: { 200: sandboxActionResultSchema, ...signedIn, 409: e },
      },
    },
    async (request) => payments.sandboxAction(request.caller!, request.params.orderId, request.params.action),
  );
};
