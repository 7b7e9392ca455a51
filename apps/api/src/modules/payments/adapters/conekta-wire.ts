import { createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import {
  CashProviderError,
  CashWebhookError,
  cashOrderStatuses,
  type CashOrder,
  type CashOrderMetadata,
  type CashOrderState,
  type CashOrderStatus,
  type CashWebhookEvent,
  type CreateCashOrderInput,
  type WebhookHeaders,
} from './conekta-types.js';

/** Conekta's wire format, shared by the client, the sandbox and the fake. */

export type ConektaCashMethod = 'cash' | 'oxxo_cash';

export interface ConektaCreateOrderBody {
  currency: 'MXN';
  customer_info: { name: string; email: string; phone: string };
  line_items: { name: string; unit_price: number; quantity: number }[];
  charges: { payment_method: { type: ConektaCashMethod; expires_at: number }; reference_id?: string }[];
  metadata: CashOrderMetadata;
}

export interface ConektaCashPaymentMethod {
  object: 'cash_payment';
  type: string;
  service_name?: string;
  store_name?: string;
  reference: string;
  barcode_url?: string;
  expires_at: number;
}

export interface ConektaCharge {
  id: string;
  object: 'charge';
  order_id: string;
  amount: number;
  currency: string;
  status: string;
  created_at: number;
  paid_at: number | null;
  reference_id?: string;
  payment_method: ConektaCashPaymentMethod;
}

export interface ConektaOrder {
  id: string;
  object: 'order';
  livemode: boolean;
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_status: string;
  customer_info: { object: 'customer_info'; name: string; email: string; phone: string };
  line_items: {
    object: 'list';
    has_more: boolean;
    total: number;
    data: { id: string; name: string; unit_price: number; quantity: number; parent_id: string }[];
  };
  charges: { object: 'list'; has_more: boolean; total: number; data: ConektaCharge[] };
  metadata: CashOrderMetadata;
  created_at: number;
  updated_at: number;
}

export interface ConektaErrorBody {
  object: 'error';
  type: string;
  log_id?: string;
  details?: { code?: string; param?: string; message?: string; debug_message?: string }[];
}

export interface ConektaEvent {
  id: string;
  object: 'event';
  type: string;
  livemode: boolean;
  created_at: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  webhook_status?: string;
  webhook_logs?: unknown[];
}

/** Our own key travels in the order's metadata and the charge's reference_id: Conekta has no idempotency header. */
export const IDEMPOTENCY_METADATA_KEY = 'idempotency_key';

export const toUnixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);
export const fromUnixSeconds = (s: number) => new Date(s * 1000);

const invalid = (message: string, param: string) => new CashProviderError('conekta.invalid_input', message, 400, false, [{ param, message }]);

/** Rejects what Conekta would reject (and amounts that do not add up) before anything leaves. */
export function validateCashOrderInput(input: CreateCashOrderInput, now: Date): void {
  if (input.currency !== 'MXN') throw invalid('La moneda debe ser MXN.', 'currency');
  const { name, email, phone } = input.customer;
  if (!name.trim() || !email.trim() || !phone.trim()) throw invalid('El nombre, correo y teléfono del cliente son obligatorios.', 'customer_info');
  if (input.lineItems.length === 0) throw invalid('La orden necesita al menos un concepto.', 'line_items');
  let total = 0;
  input.lineItems.forEach((item, i) => {
    if (item.name.length < 3 || item.name.length > 249)
      throw invalid('El nombre de cada concepto debe tener entre 3 y 249 caracteres.', `line_items.${i}.name`);
    if (!Number.isInteger(item.unitPriceCentavos) || item.unitPriceCentavos <= 0)
      throw invalid('El precio de cada concepto debe ser un entero positivo de centavos.', `line_items.${i}.unit_price`);
    if (!Number.isInteger(item.quantity) || item.quantity < 1)
      throw invalid('La cantidad de cada concepto debe ser un entero mayor o igual a 1.', `line_items.${i}.quantity`);
    total += item.unitPriceCentavos * item.quantity;
  });
  if (!Number.isInteger(input.amountCentavos) || input.amountCentavos !== total) throw invalid('El monto no coincide con la suma de los conceptos.', 'amount');
  if (!(input.expiresAt.getTime() > now.getTime())) throw invalid('La fecha de expiración debe estar en el futuro.', 'charges.0.payment_method.expires_at');
  if (!input.idempotencyKey || input.idempotencyKey.length > 249)
    throw invalid('La llave de idempotencia debe tener entre 1 y 249 caracteres.', 'metadata.idempotency_key');
  for (const [key, value] of Object.entries(input.metadata)) {
    if (key === IDEMPOTENCY_METADATA_KEY) throw invalid(`La llave de metadata "${key}" está reservada.`, `metadata.${key}`);
    if (!['string', 'number', 'boolean'].includes(typeof value)) throw invalid('La metadata solo admite valores simples.', `metadata.${key}`);
    if (typeof value === 'string' && value.length > 249) throw invalid('Cada valor de metadata admite hasta 249 caracteres.', `metadata.${key}`);
  }
}

export function toCreateOrderBody(input: CreateCashOrderInput, method: ConektaCashMethod): ConektaCreateOrderBody {
  return {
    currency: 'MXN',
    customer_info: { name: input.customer.name, email: input.customer.email, phone: input.customer.phone },
    line_items: input.lineItems.map((i) => ({ name: i.name, unit_price: i.unitPriceCentavos, quantity: i.quantity })),
    charges: [{ payment_method: { type: method, expires_at: toUnixSeconds(input.expiresAt) }, reference_id: input.idempotencyKey }],
    metadata: { ...input.metadata, [IDEMPOTENCY_METADATA_KEY]: input.idempotencyKey },
  };
}

const isStatus = (s: string): s is CashOrderStatus => (cashOrderStatuses as readonly string[]).includes(s);

const malformed = () => new CashProviderError('conekta.bad_response', 'Conekta respondió con una orden que no se pudo leer.', 502, true);

/** The cash charge of an order (the last one carrying a reference). */
function cashChargeOf(order: ConektaOrder): ConektaCharge | undefined {
  return [...(order.charges?.data ?? [])].reverse().find((c) => typeof c?.payment_method?.reference === 'string');
}

export function toCashOrder(order: ConektaOrder): CashOrder {
  const charge = cashChargeOf(order);
  if (typeof order?.id !== 'string' || !charge || !Number.isInteger(order.amount) || !isStatus(order.payment_status)) throw malformed();
  const pm = charge.payment_method;
  return {
    orderId: order.id,
    reference: pm.reference,
    ...(pm.barcode_url ? { barcodeUrl: pm.barcode_url } : {}),
    expiresAt: fromUnixSeconds(pm.expires_at),
    status: order.payment_status,
    amountCentavos: order.amount,
  };
}

export function toCashOrderState(order: ConektaOrder): CashOrderState {
  const charge = cashChargeOf(order);
  if (typeof order?.id !== 'string' || !charge || !Number.isInteger(order.amount) || !isStatus(order.payment_status)) throw malformed();
  return {
    orderId: order.id,
    status: order.payment_status,
    amountCentavos: order.amount,
    currency: order.currency,
    reference: charge.payment_method.reference,
    ...(typeof charge.paid_at === 'number' ? { paidAt: fromUnixSeconds(charge.paid_at) } : {}),
    metadata: { ...(order.metadata ?? {}) },
  };
}

/** A Conekta-shaped order as the API answers it (used by the sandbox and the fake). */
export function buildConektaOrder(args: {
  id: string;
  body: ConektaCreateOrderBody;
  reference: string;
  barcodeUrl?: string;
  livemode: boolean;
  createdAt: number;
}): ConektaOrder {
  const { id, body, createdAt } = args;
  const amount = body.line_items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
  const legacy = body.charges[0]!.payment_method.type === 'oxxo_cash';
  return {
    id,
    object: 'order',
    livemode: args.livemode,
    amount,
    amount_refunded: 0,
    currency: body.currency,
    payment_status: 'pending_payment',
    customer_info: { object: 'customer_info', ...body.customer_info },
    line_items: {
      object: 'list',
      has_more: false,
      total: body.line_items.length,
      data: body.line_items.map((l, i) => ({ id: `line_item_${id.slice(4)}${i}`, ...l, parent_id: id })),
    },
    charges: {
      object: 'list',
      has_more: false,
      total: 1,
      data: [
        {
          id: randomBytes(12).toString('hex'),
          object: 'charge',
          order_id: id,
          amount,
          currency: body.currency,
          status: 'pending_payment',
          created_at: createdAt,
          paid_at: null,
          ...(body.charges[0]!.reference_id ? { reference_id: body.charges[0]!.reference_id } : {}),
          payment_method: {
            object: 'cash_payment',
            type: legacy ? 'oxxo' : 'cash',
            ...(legacy ? { service_name: 'OxxoPay', store_name: 'OXXO' } : { service_name: 'Cash' }),
            reference: args.reference,
            ...(args.barcodeUrl ? { barcode_url: args.barcodeUrl } : {}),
            expires_at: body.charges[0]!.payment_method.expires_at,
          },
        },
      ],
    },
    metadata: body.metadata,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

/** Moves a pending order to paid or expired, as Conekta does when the store reports (or time runs out). */
export function settleConektaOrder(order: ConektaOrder, status: 'paid' | 'expired' | 'canceled', at: number): void {
  order.payment_status = status;
  order.updated_at = at;
  for (const charge of order.charges.data) {
    charge.status = status;
    if (status === 'paid') charge.paid_at = at;
  }
}

export function buildConektaEvent(order: ConektaOrder, type: 'order.paid' | 'order.expired', createdAt: number): ConektaEvent {
  return {
    id: randomBytes(12).toString('hex'),
    object: 'event',
    type,
    livemode: order.livemode,
    created_at: createdAt,
    data: { object: structuredClone(order) as unknown as Record<string, unknown>, previous_attributes: { payment_status: 'pending_payment' } },
    webhook_status: 'pending',
    webhook_logs: [],
  };
}

export type DigestEncoding = 'base64' | 'hex';

/** The `digest` header: RSA PKCS#1 v1.5 SHA-256 signature over the raw UTF-8 body. */
export function signConektaWebhook(rawBody: string, privateKey: KeyObject, encoding: DigestEncoding = 'base64'): string {
  return createSign('sha256').update(rawBody, 'utf8').sign(privateKey, encoding);
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const found = Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  if (Array.isArray(found)) return found.length === 1 ? found[0] : undefined;
  return found;
}

const SIGNATURE_PATTERN: Record<DigestEncoding, RegExp> = { base64: /^[A-Za-z0-9+/]+={0,2}$/, hex: /^(?:[0-9a-fA-F]{2})+$/ };

/**
 * Verifies the `digest` header against the raw body with the webhook key's public key, then reads
 * the event. Throws `CashWebhookError`; never re-serializes the JSON.
 */
export function verifyConektaWebhook(
  rawBody: string,
  headers: WebhookHeaders,
  publicKey: KeyObject | string,
  encoding: DigestEncoding = 'base64',
): CashWebhookEvent {
  const digest = headerValue(headers, 'digest')?.trim();
  if (!digest) throw new CashWebhookError('webhook.missing_signature', 'La notificación de Conekta no trae la firma (encabezado digest).');
  const bad = () => new CashWebhookError('webhook.bad_signature', 'La firma de la notificación de Conekta no es válida.');
  if (!SIGNATURE_PATTERN[encoding].test(digest)) throw bad();
  let valid = false;
  try {
    valid = createVerify('sha256').update(rawBody, 'utf8').verify(publicKey, Buffer.from(digest, encoding));
  } catch {
    valid = false;
  }
  if (!valid) throw bad();
  return parseConektaEvent(rawBody);
}

function parseConektaEvent(rawBody: string): CashWebhookEvent {
  const malformedEvent = () => new CashWebhookError('webhook.malformed', 'La notificación de Conekta no tiene la forma de un evento.');
  let event: Partial<ConektaEvent>;
  try {
    event = JSON.parse(rawBody) as Partial<ConektaEvent>;
  } catch {
    throw malformedEvent();
  }
  if (!event || typeof event !== 'object' || event.object !== 'event' || typeof event.id !== 'string' || typeof event.type !== 'string') throw malformedEvent();
  const object = event.data?.object;
  let orderId: string | null = null;
  if (event.type.startsWith('order.')) orderId = typeof object?.id === 'string' ? object.id : null;
  else if (event.type.startsWith('charge.')) orderId = typeof object?.order_id === 'string' ? object.order_id : null;
  if ((event.type.startsWith('order.') || event.type.startsWith('charge.')) && !orderId) throw malformedEvent();
  return {
    id: event.id,
    type: event.type,
    orderId,
    livemode: event.livemode === true,
    createdAt: fromUnixSeconds(typeof event.created_at === 'number' ? event.created_at : 0),
  };
}
