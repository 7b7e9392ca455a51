import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import {
  billablePaymentListSchema,
  billablePaymentsQuerySchema,
  cancelInvoiceInputSchema,
  globalInvoiceInputSchema,
  globalMonthQuerySchema,
  globalSummarySchema,
  invoiceFileParamsSchema,
  invoiceIdParamsSchema,
  invoiceLinksQuerySchema,
  invoiceLinksSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceSchema,
  invoicingInfoSchema,
  messageSchema,
  requestInvoiceInputSchema,
  sendInvoiceEmailInputSchema,
  taxDataCheckSchema,
} from '@envios/contracts/invoices';
import type { Invoices } from './invoices.usecases.js';

const e = apiErrorSchema;
const tags = ['facturas'];

export const invoicesRoutes: FastifyPluginAsyncZod<{ invoices: Invoices }> = async (app, { invoices }) => {
  app.get(
    '/api/v1/invoices',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Facturas: las propias; un administrador ve todas o las de una cuenta (?user=), y filtra por estatus (failed: las rechazadas) o tipo (global)',
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListSchema, 400: e, 401: e, 403: e },
      },
    },
    (request) => invoices.listInvoices(request.caller!, request.query),
  );

  app.post(
    '/api/v1/invoices',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Factura un pago ahora: el vendedor, uno suyo del mismo mes (con datos fiscales completos); un administrador, cualquiera que no esté en una factura global. ' +
          'El rechazo del servicio de timbrado llega con su mensaje y el campo que nombra (422); si el servicio no responde, queda en proceso (503).',
        body: requestInvoiceInputSchema,
        response: { 201: invoiceSchema, 400: e, 401: e, 404: e, 409: e, 422: e, 503: e },
      },
    },
    async (request, reply) => reply.code(201).send(await invoices.requestInvoice(request.caller!, request.body)),
  );

  app.get(
    '/api/v1/invoices/info',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Si las facturas son reales o de prueba, los datos de la empresa emisora y el mes en curso',
        response: { 200: invoicingInfoSchema, 401: e },
      },
    },
    () => invoices.invoicingInfo(),
  );

  app.get(
    '/api/v1/invoices/payments',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Los pagos de un mes (el actual por omisión) que se facturan y en qué va la factura de cada uno; un administrador puede pedir los de una cuenta (?user=)',
        querystring: billablePaymentsQuerySchema,
        response: { 200: billablePaymentListSchema, 400: e, 401: e, 403: e },
      },
    },
    (request) => invoices.billablePayments(request.caller!, request.query),
  );

  app.get(
    '/api/v1/invoices/links',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'La factura de cada pago (?payments=) o abono (?wallet_entries=), hasta 50 por lista: las propias; un administrador, las de cualquiera',
        querystring: invoiceLinksQuerySchema,
        response: { 200: invoiceLinksSchema, 400: e, 401: e },
      },
    },
    (request) => invoices.invoiceLinks(request.caller!, request.query),
  );

  app.post(
    '/api/v1/invoices/tax-data-check',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          '«Validar datos»: envía los datos fiscales guardados al servicio de timbrado, que los revisa con el SAT; su rechazo llega tal cual, con el campo (422)',
        response: { 200: taxDataCheckSchema, 401: e, 409: e, 422: e, 429: e, 503: e },
      },
    },
    (request) => invoices.checkTaxData(request.caller!),
  );

  app.get(
    '/api/v1/invoices/global',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'La factura global de un mes: los pagos que tomaría ahora y las emitidas',
        querystring: globalMonthQuerySchema,
        response: { 200: globalSummarySchema, 400: e, 401: e, 403: e },
      },
    },
    (request) => invoices.globalSummary(request.query.month),
  );

  app.post(
    '/api/v1/invoices/global',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Emite ahora la factura global de un mes cerrado con los pagos que siguen sin factura (una por forma de pago)',
        body: globalInvoiceInputSchema,
        response: { 200: globalSummarySchema, 400: e, 401: e, 403: e, 409: e, 422: e, 503: e },
      },
    },
    (request) => invoices.issueGlobal(request.body),
  );

  app.get(
    '/api/v1/invoices/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Una factura (de su dueño o para un administrador)',
        params: invoiceIdParamsSchema,
        response: { 200: invoiceSchema, 400: e, 401: e, 404: e },
      },
    },
    (request) => invoices.getInvoice(request.caller!, request.params.id),
  );

  app.get(
    '/api/v1/invoices/:id/:format',
    {
      // Public: the signed link of the e-mail works without a session; otherwise the owner or an admin.
      config: { guard: 'public' },
      schema: {
        tags,
        summary: 'El PDF o el XML de una factura timbrada, para su dueño o un administrador, o con el enlace firmado (?token=) del correo',
        params: invoiceFileParamsSchema,
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 200: z.any().describe('application/pdf o application/xml (binario)'), 400: e, 401: e, 403: e, 404: e, 409: e, 503: e },
      },
    },
    async (request, reply) => {
      const caller = await request.identify();
      const file = await invoices.invoiceFile({ id: request.params.id, format: request.params.format, caller, token: request.query.token });
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  app.post(
    '/api/v1/invoices/:id/email',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: '«Enviar por correo»: al correo dado, al de los datos fiscales o al de la cuenta',
        params: invoiceIdParamsSchema,
        body: sendInvoiceEmailInputSchema.optional(),
        response: { 200: messageSchema, 400: e, 401: e, 404: e, 409: e, 422: e, 429: e, 503: e },
      },
    },
    (request) => invoices.sendInvoiceEmail(request.caller!, request.params.id, request.body ?? {}),
  );

  app.post(
    '/api/v1/invoices/:id/retry',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: '«Reintentar»: pide de nuevo una factura rechazada (con los datos fiscales actuales del vendedor) o una que quedó en proceso',
        params: invoiceIdParamsSchema,
        response: { 200: invoiceSchema, 400: e, 401: e, 403: e, 404: e, 409: e, 422: e, 503: e },
      },
    },
    (request) => invoices.retryInvoice(request.params.id),
  );

  app.post(
    '/api/v1/invoices/:id/cancel',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary:
          'Cancela una factura vigente ante el SAT con su motivo: 01 emite antes la factura que la sustituye (relacionada con 04), 02 deja el pago para facturarse de nuevo, 03 lo deja sin factura',
        params: invoiceIdParamsSchema,
        body: cancelInvoiceInputSchema,
        response: { 200: invoiceSchema, 400: e, 401: e, 403: e, 404: e, 409: e, 422: e, 503: e },
      },
    },
    (request) => invoices.cancelInvoice(request.params.id, request.body),
  );
};
