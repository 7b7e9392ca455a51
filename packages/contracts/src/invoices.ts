import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './pagination.js';
import { PAYMENT_METHODS, PAYMENT_PURPOSES } from './payments.js';

/**
 * Invoices (CFDI 4.0): one per payment received (a top-up, a purchase paid with PayPal, card or
 * OXXO), stamped automatically or on request, and the month's global invoice to the general public
 * for the payments nobody invoiced. Wallet-paid purchases are never invoiced: the top-up was.
 */

export const INVOICE_STATUSES = ['pending', 'valid', 'failed', 'cancelling', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceStatusLabels: Readonly<Record<InvoiceStatus, string>> = {
  pending: 'En proceso',
  valid: 'Vigente',
  failed: 'Rechazada',
  cancelling: 'Cancelación en proceso',
  cancelled: 'Cancelada',
};

export const INVOICE_KINDS = ['payment', 'global'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** The SAT's cancellation motives an admin may choose (04 belongs to global-invoice operations, not ours). */
export const CANCELLATION_MOTIVES = ['01', '02', '03'] as const;
export type CancellationMotive = (typeof CANCELLATION_MOTIVES)[number];
export const cancellationMotiveLabels: Readonly<Record<CancellationMotive, string>> = {
  '01': '01 Comprobante emitido con errores con relación',
  '02': '02 Comprobante emitido con errores sin relación',
  '03': '03 No se llevó a cabo la operación',
};

/** What every invoice of the offline sandbox (or of a test key) says, on the PDF, the XML and the screens. */
export const SANDBOX_INVOICE_TEXT = 'Sin validez fiscal';

/** Where a payment stands with its invoice (Facturación, Monedero, the admin's Pagos). */
export const BILLING_STATES = ['invoiced', 'pending', 'failed', 'awaiting', 'closed', 'global', 'excluded', 'not_invoiceable'] as const;
export type BillingState = (typeof BILLING_STATES)[number];
export const billingStateLabels: Readonly<Record<BillingState, string>> = {
  invoiced: 'Facturado',
  pending: 'Factura en proceso',
  failed: 'Factura rechazada',
  awaiting: 'Sin factura',
  closed: 'Va a la factura global',
  global: 'En la factura global',
  excluded: 'No se factura',
  not_invoiceable: 'No se factura (monedero)',
};

export const invoiceErrorCodes = {
  notFound: 'invoices.not_found',
  paymentNotFound: 'invoices.payment_not_found',
  walletPayment: 'invoices.wallet_payment',
  paymentNotPaid: 'invoices.payment_not_paid',
  taxDataIncomplete: 'invoices.tax_data_incomplete',
  monthClosed: 'invoices.month_closed',
  alreadyInvoiced: 'invoices.already_invoiced',
  inGlobal: 'invoices.in_global',
  excluded: 'invoices.excluded',
  refused: 'invoices.refused',
  unavailable: 'invoices.service_unavailable',
  notCancellable: 'invoices.not_cancellable',
  notStamped: 'invoices.not_stamped',
  notValid: 'invoices.not_valid',
  notRetryable: 'invoices.not_retryable',
  monthOpen: 'invoices.month_open',
  noEmail: 'invoices.no_email',
  issuerMissing: 'invoices.issuer_missing',
} as const;

const iso = z.iso.datetime();
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'El mes debe escribirse como AAAA-MM.' });

export const invoiceItemSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  /** MXN, IVA included. */
  amount: z.number(),
  product_key: z.string(),
  unit_key: z.string(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const receptorSchema = z.object({
  rfc: z.string(),
  name: z.string(),
  tax_system: z.string(),
  zip: z.string(),
  email: z.string().nullable(),
});
export type Receptor = z.infer<typeof receptorSchema>;

export const invoiceSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  status_label: z.string(),
  /** Issued by the offline sandbox or a test key: «Sin validez fiscal». */
  sandbox: z.boolean(),
  /** Folio fiscal, once stamped. */
  uuid: z.string().nullable(),
  series: z.string().nullable(),
  folio_number: z.number().int().nullable(),
  issued_at: iso.nullable(),
  created_at: iso,
  /** The calendar month (Mexico City) of the money it covers: `YYYY-MM`. */
  period: z.string(),
  total: z.number(),
  subtotal: z.number(),
  iva: z.number(),
  payment_id: z.uuid().nullable(),
  payment_folio: z.number().int().nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  /** The account invoiced (null for a global invoice). */
  user: z.object({ _id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  receptor: receptorSchema,
  use: z.string(),
  payment_form: z.string(),
  payment_form_label: z.string(),
  items: z.array(invoiceItemSchema),
  /** Why the stamping service refused it, in its words, and the field it named. */
  failure: z.object({ message: z.string(), path: z.string().nullable(), at: iso }).nullable(),
  cancellation: z
    .object({ motive: z.enum(CANCELLATION_MOTIVES), motive_label: z.string(), substitution: z.string().nullable(), status: z.string(), requested_at: iso })
    .nullable(),
  /** The folio fiscal this invoice replaces (motive 01). */
  replaces: z.string().nullable(),
  /** A global invoice: its month and how many payments it covers. */
  global: z.object({ month: z.string(), payments: z.number().int() }).nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = pageQuerySchema.extend({
  /** Admins: one account's invoices. */
  user: z.uuid({ error: 'El usuario no es válido.' }).optional(),
  status: z.enum(INVOICE_STATUSES, { error: 'El estatus no es válido.' }).optional(),
  kind: z.enum(INVOICE_KINDS, { error: 'El tipo de factura no es válido.' }).optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;
export const invoiceListSchema = pagedSchema(invoiceSchema);
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const invoiceIdParamsSchema = z.object({ id: z.uuid({ error: 'La factura no existe.' }) });
export const invoiceFileParamsSchema = invoiceIdParamsSchema.extend({ format: z.enum(['pdf', 'xml'], { error: 'El formato debe ser pdf o xml.' }) });

/** `POST /invoices`: invoice one payment now (the seller asks, or an admin for any account). */
export const requestInvoiceInputSchema = z.object({ payment_id: z.uuid({ error: 'El pago no es válido.' }) });
export type RequestInvoiceInput = z.input<typeof requestInvoiceInputSchema>;

export const sendInvoiceEmailInputSchema = z.object({
  email: z
    .string()
    .trim()
    .max(120)
    .pipe(z.email({ error: 'El correo no es válido.' }))
    .optional(),
});
export type SendInvoiceEmailInput = z.input<typeof sendInvoiceEmailInputSchema>;

export const cancelInvoiceInputSchema = z.object({
  motive: z.enum(CANCELLATION_MOTIVES, { error: 'Elige el motivo de cancelación (01, 02 o 03).' }),
});
export type CancelInvoiceInput = z.input<typeof cancelInvoiceInputSchema>;

export const messageSchema = z.object({ message: z.string() });

// ---------------------------------------------------------------- a seller's payments and their invoices

export const billablePaymentSchema = z.object({
  payment_id: z.uuid(),
  payment_folio: z.number().int(),
  paid_at: iso,
  period: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  purpose: z.enum(PAYMENT_PURPOSES),
  /** «Abono al monedero MON-1002», «3 envíos»… */
  description: z.string(),
  state: z.enum(BILLING_STATES),
  state_label: z.string(),
  invoice_id: z.uuid().nullable(),
  /** «Solicitar factura» is offered (same month, not invoiced yet, tax data complete). */
  can_request: z.boolean(),
  /** Why it cannot be asked for, when it cannot. */
  reason: z.string().nullable(),
});
export type BillablePayment = z.infer<typeof billablePaymentSchema>;

export const billablePaymentsQuerySchema = pageQuerySchema.extend({ month: month.optional(), user: z.uuid().optional() });
export const billablePaymentListSchema = pagedSchema(billablePaymentSchema);
export type BillablePaymentList = z.infer<typeof billablePaymentListSchema>;

/** The invoice state of payments or top-ups shown elsewhere (Monedero, the admin's Pagos). */
export const invoiceLinkSchema = z.object({
  payment_id: z.uuid(),
  wallet_entry_id: z.string().nullable(),
  state: z.enum(BILLING_STATES),
  state_label: z.string(),
  invoice_id: z.uuid().nullable(),
  sandbox: z.boolean(),
  failure: z.string().nullable(),
});
export type InvoiceLink = z.infer<typeof invoiceLinkSchema>;

const idList = (label: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? [] : v.split(',').map((s) => s.trim())))
    .pipe(z.array(z.uuid({ error: `${label} no es válido.` })).max(50, { error: `Pide como máximo 50 ${label.toLowerCase()}s a la vez.` }));

export const invoiceLinksQuerySchema = z.object({
  payments: idList('El pago').optional(),
  wallet_entries: idList('El movimiento').optional(),
});
export const invoiceLinksSchema = z.object({ links: z.array(invoiceLinkSchema) });
export type InvoiceLinks = z.infer<typeof invoiceLinksSchema>;

// ---------------------------------------------------------------- settings and checks

/** `GET /invoices/info`: whether invoices are real, and what the seller's page needs to say. */
export const invoicingInfoSchema = z.object({
  sandbox: z.boolean(),
  /** The issuer's data are all set (RFC, razón social, régimen, CP de expedición). */
  issuer_configured: z.boolean(),
  issuer: z.object({ rfc: z.string().nullable(), name: z.string().nullable(), tax_system: z.string().nullable(), zip: z.string().nullable() }),
  /** The current month (Mexico City): payments of it can still be invoiced on request. */
  current_month: z.string(),
});
export type InvoicingInfo = z.infer<typeof invoicingInfoSchema>;

/** `POST /invoices/tax-data-check`: the stamping service accepted the seller's tax data. */
export const taxDataCheckSchema = z.object({ ok: z.literal(true), sandbox: z.boolean(), message: z.string() });
export type TaxDataCheck = z.infer<typeof taxDataCheckSchema>;

// ---------------------------------------------------------------- the month's global invoice (admin)

export const globalMonthQuerySchema = z.object({ month });
export const globalInvoiceInputSchema = z.object({ month });
export type GlobalInvoiceInput = z.input<typeof globalInvoiceInputSchema>;

export const globalSummarySchema = z.object({
  month: z.string(),
  /** Payments of the month without an invoice of their own, not yet in a global invoice. */
  pending_payments: z.number().int(),
  pending_total: z.number(),
  /** The month is over: its global invoice may be issued. */
  closed: z.boolean(),
  invoices: z.array(invoiceSchema),
});
export type GlobalSummary = z.infer<typeof globalSummarySchema>;
