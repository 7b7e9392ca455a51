import { z } from 'zod';
import { carrierCodeSchema } from './carriers.js';
import { pagedSchema, pageQuerySchema } from './pagination.js';

/**
 * Payments: one record per attempt, for shipments, a wallet
 * top-up or an overweight charge. Methods as the API names them: `paypal` (PayPal Orders v2),
 * `paypal-plus` (card through PayPal), `oxxo` (cash through Conekta) and `monedero` (the wallet).
 * Amounts are integer centavos inside and decimal MXN with two decimals on the wire.
 */

export const PAYMENT_METHODS = ['paypal', 'paypal-plus', 'oxxo', 'monedero'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_PURPOSES = ['shipments', 'topup', 'overweight'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
/** What one share of a shipments payment pays: a shipment, or the pending overweight of an earlier one. */
export const PAYMENT_SHARE_KINDS = ['shipment', 'overweight'] as const;
export type PaymentShareKind = (typeof PAYMENT_SHARE_KINDS)[number];

/**
 * created: the provider order exists, the buyer has not paid yet (PayPal before capture);
 * pending: waiting for money outside our control (an OXXO reference not paid yet);
 * paid: confirmed once, its effects committed; declined / expired / cancelled / failed: closed
 * without money taken (guides reserved for it are released).
 */
export const PAYMENT_STATUSES = ['created', 'pending', 'paid', 'declined', 'expired', 'cancelled', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentStatusLabels: Readonly<Record<PaymentStatus, string>> = {
  created: 'Creado',
  pending: 'Pendiente',
  paid: 'Pagado',
  declined: 'Declinado',
  expired: 'Vencido',
  cancelled: 'Cancelado',
  failed: 'Fallido',
};

export const paymentMethodLabels: Readonly<Record<PaymentMethod, string>> = {
  paypal: 'PayPal',
  'paypal-plus': 'Tarjeta de crédito o débito (PayPal)',
  oxxo: 'Pago en efectivo en OXXO',
  monedero: 'Monedero electrónico',
};

/** The method as a sentence names it («Pagado con la compra del pago 1001 (tarjeta).»). */
export const paymentMethodShortNames: Readonly<Record<PaymentMethod, string>> = {
  paypal: 'PayPal',
  'paypal-plus': 'tarjeta',
  oxxo: 'OXXO',
  monedero: 'Monedero',
};

/** How many shipments one payment may cover. */
export const PAY_MANY_MAX = 5_000;
/** Days an OXXO reference stays payable. */
export const OXXO_EXPIRY_DAYS = 3;

/**
 * `noGuides` is the API's answer, word for word (a client may match it); the screens
 * show the spec's texts with spelling and accents corrected.
 */
export const paymentMessages = {
  noGuides: 'Estimado usuario! En este momento no contamos con guias disponible para este tipo servicio.',
  noGuidesScreen: '¡Estimado usuario! En este momento no contamos con guías disponibles para este tipo de servicio.',
  declinedTitle: 'Pago Declinado',
  declinedLine1: 'Hemos registrado un error durante el proceso de pago.',
  declinedLine2: 'Por favor intenta nuevamente más tarde.',
  successTitle: 'Pago exitoso',
  pendingTitle: 'Pago Pendiente',
} as const;

export const paymentErrorCodes = {
  notFound: 'payments.not_found',
  alreadyPaid: 'payments.already_paid',
  noGuides: 'guides.none_available',
  declined: 'payments.declined',
  providerUnavailable: 'payments.provider_unavailable',
  amountMismatch: 'payments.amount_mismatch',
  notPayable: 'payments.not_payable',
  /** Too many inventory guides held by the user's open attempts. */
  holdLimit: 'guides.hold_limit',
  /** The shipment has an open payment attempt: its price cannot change until it is cancelled. */
  inProgress: 'payments.in_progress',
  /** Payments are switched off (production without provider keys). */
  disabled: 'payments.disabled',
} as const;

/** Why money that arrived was credited to the payer's wallet instead of paying what it was for. */
export const CREDIT_REASONS = [
  'already_paid',
  'deleted',
  'no_guides',
  'price_changed',
  'service_changed',
  'topup_already_paid',
  'overweight_already_paid',
  'overweight_changed',
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

const shipmentIdSchema = z.uuid({ error: 'El identificador del envío no es válido.' });
const emailField = z.email({ error: 'El correo electrónico no es válido.' }).max(254).optional();

/** The shipments of one payment: 1 to PAY_MANY_MAX distinct ids. */
export const paidShipmentsSchema = z
  .array(shipmentIdSchema, { error: 'Los envíos son obligatorios.' })
  .min(1, { error: 'Selecciona al menos un envío.' })
  .max(PAY_MANY_MAX, { error: `Puedes pagar como máximo ${PAY_MANY_MAX} envíos a la vez.` })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Un envío aparece dos veces.' });

/** `/payments/many/paypal`, `/payments/many/conekta/oxxo/`, `/paypal/v2/link/many`, `/paypal/plus/many/link`. */
export const payManyInputSchema = z.object({
  email: emailField,
  shipments: paidShipmentsSchema,
});
export type PayManyInput = z.input<typeof payManyInputSchema>;

/** `/payments/many/monedero`: `user` is the wallet's owner, the caller unless an admin names another. */
export const payWithWalletInputSchema = payManyInputSchema.extend({
  user: z.uuid({ error: 'El identificador de usuario no es válido.' }).optional(),
});
export type PayWithWalletInput = z.input<typeof payWithWalletInputSchema>;

/** `?email=` of the single-shipment calls and `{ email }` of the OXXO calls. */
export const paymentEmailQuerySchema = z.object({ email: emailField });
export const oxxoInputSchema = z.object({ email: emailField });

export const paymentIdParamsSchema = z.object({ id: z.uuid({ error: 'El identificador no es válido.' }) });
export const paypalOrderParamsSchema = z.object({
  orderID: z.string().trim().min(1, { error: 'El identificador de la orden es obligatorio.' }).max(64, { error: 'El identificador de la orden no es válido.' }),
});

/** `POST /payments/{id}`, `/payments/many/paypal`, `/prepaid/getLinkpaypal/{id}`: where to send the buyer. */
export const paymentUrlSchema = z.object({
  url: z.string(),
  payment_id: z.uuid(),
  order_id: z.string(),
  sandbox: z.boolean(),
});
export type PaymentUrl = z.infer<typeof paymentUrlSchema>;

/** `/paypal/v2/link/many`, `/prepaid/v2/link/{id}`: the PayPal order id (and, for our redirect flow, its approval page). */
export const paypalOrderSchema = z.object({
  id: z.string(),
  approve_url: z.string(),
  payment_id: z.uuid(),
  sandbox: z.boolean(),
});
export type PaypalOrder = z.infer<typeof paypalOrderSchema>;

/**
 * `/paypal/v2/capture-order/{orderID}`, `/prepaid/v2/capture-order/{orderId}`: PayPal's own shape,
 * `status` when the capture answered, `details` (issue, description) and `debug_id` when it was
 * refused. `restart: true` when the instrument was declined: approve again with another one.
 */
export const captureResultSchema = z.object({
  status: z.string().optional(),
  purchase_units: z.array(z.object({ reference_id: z.string(), amount: z.object({ currency_code: z.literal('MXN'), value: z.string() }) })).optional(),
  details: z.array(z.object({ issue: z.string(), description: z.string() })).optional(),
  debug_id: z.string().optional(),
  restart: z.boolean(),
  /** When restarting: where to approve again. */
  approve_url: z.string().optional(),
  payment_id: z.uuid(),
  purpose: z.enum(PAYMENT_PURPOSES),
  email: z.string().nullable(),
  /** MXN of this payment that went to the wallet instead (a shipment changed, was already paid …); 0 when none. */
  credited_amount: z.number().optional(),
});
export type CaptureResult = z.infer<typeof captureResultSchema>;

/** OXXO calls: message 'ok' and the reference to pay at the store. */
export const oxxoResultSchema = z.object({
  message: z.literal('ok'),
  reference: z.string(),
  payment_id: z.uuid(),
  amount: z.number(),
  expires_at: z.iso.datetime(),
  sandbox: z.boolean(),
});
export type OxxoResult = z.infer<typeof oxxoResultSchema>;

/** `/payments/many/monedero`, `/prepaid/payOverWeight/{id}`: a failure answers the error shape instead. */
export const walletPaymentResultSchema = z.object({
  message: z.literal('ok'),
  error: z.null(),
  payment_id: z.uuid(),
  amount: z.number(),
  /** The balance after the charge, MXN. */
  balance: z.number(),
});
export type WalletPaymentResult = z.infer<typeof walletPaymentResultSchema>;

/**
 * `POST /prepaid/payOverWeight/{shipmentId}`: the wallet payment's answer and the overweight's
 * state. One already paid (a client following the specification calls it right after recording
 * it, which already charged the wallet) answers 200 with the payment that paid it and
 * `already_paid: true`: nothing is charged twice.
 */
export const overweightPaymentResultSchema = walletPaymentResultSchema.extend({
  overweight_status: z.literal('paid'),
  already_paid: z.boolean(),
});
export type OverweightPaymentResult = z.infer<typeof overweightPaymentResultSchema>;

/** `/generate-guides-after-pay/{id}` and `/many`: guides are issued by a durable job; this answers where each stands. */
export const generateGuidesInputSchema = z.object({
  email: emailField,
  user: z.uuid({ error: 'El identificador de usuario no es válido.' }).optional(),
  shipments: paidShipmentsSchema,
});
export const generateGuidesResultSchema = z.object({
  /** True when every shipment is paid and its guide is issued or on its way. */
  execute: z.boolean(),
  shipments: z.array(z.object({ _id: z.uuid(), status: z.boolean(), number_guide: z.string().nullable(), guide: z.string().nullable() })),
});
export type GenerateGuidesResult = z.infer<typeof generateGuidesResultSchema>;

/**
 * `GET /api/v1/payments/open[?shipments=a,b]`: the payments still open (an OXXO reference that can
 * still be paid at the store, a PayPal order waiting for approval) for the caller's shipments, or
 * for the shipments named (their owner or an admin). Mis Envíos, the detail and the payment page
 * show them, so an open reference is never invisible and paying twice is a deliberate choice.
 */
export const openPaymentsQuerySchema = z.object({
  shipments: z
    .string({ error: 'Los envíos deben ser una lista separada por comas.' })
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(paidShipmentsSchema)
    .optional(),
});
export const openPaymentSchema = z.object({
  payment_id: z.uuid(),
  numberOfOrder: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  /** 'OXXO', 'PayPal', 'tarjeta'. */
  method_label: z.string(),
  amount: z.number(),
  /** The OXXO reference the buyer dictates at the store. */
  reference: z.string().nullable(),
  /** The PayPal order waiting for approval. */
  order_id: z.string().nullable(),
  /** When the reference expires, or when PayPal stops accepting the approval. */
  expires_at: z.iso.datetime().nullable(),
  /** The printable slip of an OXXO reference (`/shipping/cash_barcode?references=`). */
  slip_url: z.string().nullable(),
  /** Where the buyer approves a PayPal order. */
  approve_url: z.string().nullable(),
  sandbox: z.boolean(),
  created_at: z.iso.datetime(),
  /** The shipments it pays, by folio. */
  shipments: z.array(z.object({ _id: z.uuid(), numberOfOrder: z.number().int() })),
});
export type OpenPayment = z.infer<typeof openPaymentSchema>;
export const openPaymentsSchema = z.object({ docs: z.array(openPaymentSchema) });
export type OpenPayments = z.infer<typeof openPaymentsSchema>;
/** At most this many open payments are listed (the newest). */
export const OPEN_PAYMENTS_MAX = 50;

/** `GET /payments/guides-availability?shipments=a,b`: the warning of `/payments/{id}` before paying. */
export const guidesAvailabilityQuerySchema = z.object({
  shipments: z
    .string({ error: 'Los envíos son obligatorios.' })
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(paidShipmentsSchema),
});
export const guidesAvailabilitySchema = z.object({
  available: z.boolean(),
  missing: z.array(z.object({ service_id: z.uuid(), carrier_code: carrierCodeSchema, service_name: z.string() })),
  message: z.string().nullable(),
});
export type GuidesAvailability = z.infer<typeof guidesAvailabilitySchema>;

/** `GET /payments/config` (public): which providers are sandboxes, so screens can say so. */
export const paymentConfigSchema = z.object({
  /** `enabled` false: the method is switched off (production without its keys). */
  paypal: z.object({ sandbox: z.boolean(), enabled: z.boolean() }),
  oxxo: z.object({ sandbox: z.boolean(), enabled: z.boolean() }),
  card: z.object({ enabled: z.boolean() }),
  /** Some payment method is a sandbox: no real money moves, and every page says so. */
  sandbox_mode: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

// ---------------------------------------------------------------- card through PayPal (paypal-plus)

/** `/paypal/plus/many/link`, `/paypal/plus/link/{id}`, `/prepaid/getLinkPayPalPlus/{id}`: the card checkout link and our payment id. */
export const paypalLinkSchema = z.object({ data: z.object({ link: z.string(), payment_id: z.uuid(), order_id: z.string(), sandbox: z.boolean() }) });
export type PaypalLink = z.infer<typeof paypalLinkSchema>;

const paymentIdField = z.uuid({ error: 'El identificador del pago no es válido.' });
const payerIdField = z.string().trim().max(64, { error: 'El identificador del comprador no es válido.' }).optional();

/** `POST /paypal/payment/many/execute`: `payment_id` is the one `/paypal/plus/many/link` answered. */
export const paypalExecuteManyInputSchema = z.object({ payment_id: paymentIdField, payer_id: payerIdField, shipments: paidShipmentsSchema, email: emailField });
/** `POST /paypal/payment/execute`: the single-shipment variant. */
export const paypalExecuteInputSchema = z.object({ payment_id: paymentIdField, payer_id: payerIdField, shipment_id: shipmentIdSchema, email: emailField });
/** `POST /prepaid/paypalPaymentExecute`: a top-up paid by card. */
export const prepaidExecuteInputSchema = z.object({
  payment_id: paymentIdField,
  payer_id: payerIdField,
  prepaid_id: z.uuid({ error: 'El identificador del abono no es válido.' }),
  email: emailField,
});
/** The execute calls: true when the payment is confirmed. */
export const paypalExecuteResultSchema = z.object({ data: z.object({ execute: z.boolean() }) });
export type PaypalExecuteResult = z.infer<typeof paypalExecuteResultSchema>;

/** `{prepaidId}` of the top-up calls. */
export const prepaidIdParamsSchema = z.object({ prepaidId: z.uuid({ error: 'El identificador del abono no es válido.' }) });

// ---------------------------------------------------------------- OXXO slip

/** `GET /payments/oxxo/slip?references=A,B` (`/shipping/cash_barcode`): own references only (admin: any). */
export const oxxoSlipQuerySchema = z.object({
  references: z
    .string({ error: 'La referencia es obligatoria.' })
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(64)).min(1, { error: 'La referencia es obligatoria.' }).max(10)),
});
export const slipShipmentSchema = z.object({
  _id: z.uuid(),
  numberOfOrder: z.number().int(),
  carrier: z.string(),
  carrier_code: carrierCodeSchema,
  carrier_logo_url: z.string(),
  carrier_service_name: z.string(),
  destination: z.object({ full_name: z.string(), address: z.string(), postal_code: z.string(), city: z.string(), country: z.string() }),
  price: z.number(),
});
export const oxxoSlipSchema = z.object({
  slips: z.array(
    z.object({
      reference: z.string(),
      /** Code 128 of the reference, an SVG document. */
      barcode_svg: z.string(),
      amount: z.number(),
      currency: z.literal('MXN'),
      expires_at: z.iso.datetime(),
      status: z.enum(PAYMENT_STATUSES),
      purpose: z.enum(PAYMENT_PURPOSES),
      sandbox: z.boolean(),
      shipments: z.array(slipShipmentSchema),
      /** Overweight of earlier shipments the reference pays too (MXN; 0 when none). */
      overweight: z.number(),
    }),
  ),
});
export type OxxoSlip = z.infer<typeof oxxoSlipSchema>;

// ---------------------------------------------------------------- sandbox PayPal approval page

/** `GET /sandbox/paypal/{orderId}`: what the local approval page shows. Exists only with the sandbox provider. */
export const sandboxOrderSchema = z.object({
  order_id: z.string(),
  amount: z.number(),
  description: z.string(),
  status: z.string(),
  card: z.boolean(),
});
export const SANDBOX_PAYPAL_ACTIONS = ['approve', 'decline', 'cancel'] as const;
export const sandboxActionParamsSchema = z.object({
  orderId: z.string().min(1).max(64),
  action: z.enum(SANDBOX_PAYPAL_ACTIONS, { error: 'La acción debe ser approve, decline o cancel.' }),
});
/** Where the approval page sends the buyer next (our return or cancel URL). */
export const sandboxActionResultSchema = z.object({ redirect: z.string() });

// ---------------------------------------------------------------- admin

export const paymentSchema = z.object({
  _id: z.uuid(),
  numberOfOrder: z.number().int(),
  user: z.uuid(),
  user_email: z.string(),
  user_name: z.string(),
  method: z.enum(PAYMENT_METHODS),
  purpose: z.enum(PAYMENT_PURPOSES),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  status_label: z.string(),
  shipments: z.array(z.uuid()),
  prepaid: z.uuid().nullable(),
  provider_reference: z.string().nullable(),
  oxxo_reference: z.string().nullable(),
  expires_at: z.iso.datetime().nullable(),
  failure: z.string().nullable(),
  sandbox: z.boolean(),
  created_at: z.iso.datetime(),
  paid_at: z.iso.datetime().nullable(),
  /** Money of this payment that went to the payer's wallet instead, and why. */
  credited: z.array(
    z.object({
      shipment: z.uuid().nullable(),
      amount: z.number(),
      reason: z.enum(CREDIT_REASONS),
      label: z.string(),
    }),
  ),
});
export type Payment = z.infer<typeof paymentSchema>;

/** Spanish names of the credit reasons, for people. */
export const creditReasonLabels: Record<CreditReason, string> = {
  already_paid: 'El envío ya estaba pagado',
  deleted: 'El envío fue eliminado',
  no_guides: 'No quedaban guías del servicio',
  price_changed: 'El precio del envío cambió',
  service_changed: 'El servicio del envío cambió',
  topup_already_paid: 'El abono ya estaba pagado',
  overweight_already_paid: 'El sobrepeso ya estaba pagado',
  overweight_changed: 'El sobrepeso cambió',
};

export const paymentListQuerySchema = pageQuerySchema.extend({
  status: z.enum(PAYMENT_STATUSES, { error: 'El estatus no es válido.' }).optional(),
  method: z.enum(PAYMENT_METHODS, { error: 'El método de pago no es válido.' }).optional(),
  /** Name, e-mail, OXXO reference or provider order id. */
  q: z.string().trim().max(100, { error: 'La búsqueda es demasiado larga.' }).optional(),
});
export const paymentListSchema = pagedSchema(paymentSchema);
export type PaymentList = z.infer<typeof paymentListSchema>;

/** `GET /admin/wallets/reconciliation`: every balance beside the sum of its paid ledger entries. */
export const walletReconciliationSchema = z.object({
  ok: z.boolean(),
  total_balance: z.number(),
  total_ledger: z.number(),
  /** Money received per method (paid payments), MXN. */
  received: z.record(z.enum(PAYMENT_METHODS), z.number()),
  users: z.array(
    z.object({ user: z.uuid(), email: z.string(), name: z.string(), balance: z.number(), ledger: z.number(), entries: z.number().int(), ok: z.boolean() }),
  ),
});
export type WalletReconciliation = z.infer<typeof walletReconciliationSchema>;
