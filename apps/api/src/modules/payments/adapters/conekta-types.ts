import type { Centavos } from '@envios/contracts/money';

/**
 * Cash (OXXO) payments behind one interface: the real Conekta client and the offline sandbox both
 * implement it, so use cases and the webhook route never know which one they talk to.
 */

/** Conekta's order `payment_status` values. */
export const cashOrderStatuses = [
  'pending_payment',
  'paid',
  'expired',
  'canceled',
  'refunded',
  'partially_refunded',
  'declined',
  'pre_authorized',
  'voided',
  'charged_back',
] as const;
export type CashOrderStatus = (typeof cashOrderStatuses)[number];

/** Metadata is flat with scalar values: Conekta rejects nested objects. */
export type CashOrderMetadata = Record<string, string | number | boolean>;

export interface CreateCashOrderInput {
  /** Must equal Σ unitPriceCentavos × quantity; checked before anything is sent. */
  amountCentavos: Centavos;
  currency: 'MXN';
  customer: { name: string; email: string; phone: string };
  /** `name` 3–249 characters, integer price in centavos, integer quantity ≥ 1. */
  lineItems: { name: string; unitPriceCentavos: Centavos; quantity: number }[];
  expiresAt: Date;
  metadata: CashOrderMetadata;
  /**
   * Our own id for this payment attempt (≤ 249 characters). Creating twice with the same key
   * answers the same order. Callers must still not create concurrently with one key.
   */
  idempotencyKey: string;
}

/** What the payment slip needs: the reference to pay at the store, its barcode and expiry. */
export interface CashOrder {
  orderId: string;
  reference: string;
  barcodeUrl?: string;
  expiresAt: Date;
  status: CashOrderStatus;
  amountCentavos: Centavos;
}

/** The provider's current view of an order: the only thing to trust before acting on a webhook. */
export interface CashOrderState {
  orderId: string;
  status: CashOrderStatus;
  amountCentavos: Centavos;
  currency: string;
  reference: string;
  paidAt?: Date;
  metadata: CashOrderMetadata;
}

export const cashEventTypes = [
  'order.created',
  'order.pending_payment',
  'order.paid',
  'order.expired',
  'order.canceled',
  'order.updated',
  'order.refunded',
  'order.partially_refunded',
  'order.declined',
  'order.pre_authorized',
  'order.voided',
  'order.charged_back',
  'order.fraudulent',
  'order.under_fraud_review',
  'charge.created',
  'charge.paid',
  'charge.pending_confirmation',
  'charge.declined',
  'charge.canceled',
  'charge.refunded',
  'charge.reversed',
  'charge.preauthorized',
  'charge.fraudulent',
  'charge.under_fraud_review',
  'webhook_ping',
] as const;
/** Known event types; an unknown one is passed through as-is (answer 2xx and ignore it). */
export type CashEventType = (typeof cashEventTypes)[number] | (string & {});

/** A verified webhook delivery. Its claims are not to be trusted: re-fetch the order first. */
export interface CashWebhookEvent {
  id: string;
  type: CashEventType;
  /** `ord_…` for order.* and charge.* events; null for `webhook_ping`. */
  orderId: string | null;
  livemode: boolean;
  createdAt: Date;
}

/** Headers as Fastify / node:http hand them over (lower-case names). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface CashProvider {
  readonly kind: 'conekta' | 'sandbox';
  createCashOrder(input: CreateCashOrderInput): Promise<CashOrder>;
  getOrder(orderId: string): Promise<CashOrderState>;
  /**
   * Cancels an unpaid order so the store refuses its reference (`POST /orders/{id}/cancel`).
   * Throws when the order is already paid: the payment then arrives and is handled as money.
   */
  cancelOrder(orderId: string): Promise<CashOrderState>;
  /** Checks the `digest` signature over the raw body, then parses it; throws `CashWebhookError`. */
  verifyWebhook(rawBody: string, headers: WebhookHeaders): CashWebhookEvent;
}

/** A failed call to the cash provider; `retryable` when trying again later may succeed. */
export class CashProviderError extends Error {
  constructor(
    public readonly code: string,
    message: string,
    public readonly status: number,
    public readonly retryable: boolean,
    public readonly details: { code?: string; param?: string; message?: string }[] = [],
    public readonly logId?: string,
  ) {
    super(message);
    this.name = 'CashProviderError';
  }
}

/** A webhook delivery that must change nothing: missing or bad signature, or an unreadable body. */
export class CashWebhookError extends Error {
  constructor(
    public readonly code: 'webhook.missing_signature' | 'webhook.bad_signature' | 'webhook.malformed' | 'webhook.not_configured',
    message: string,
  ) {
    super(message);
    this.name = 'CashWebhookError';
  }
}
