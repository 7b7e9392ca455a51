import type { Centavos } from '@envios/contracts/money';

/**
 * An order-based payment provider (PayPal Orders v2 and its offline sandbox):
 * create an order, send the buyer to `approveUrl`, then capture it. Every call that moves money
 * carries a `requestId`; repeating a call with the same `requestId` gives the first answer back
 * and never charges twice, so a caller that lost an answer (timeout, crash) retries with the
 * same id.
 */
export interface PaymentProvider {
  readonly provider: 'paypal';
  /** True for the offline provider: nothing reaches PayPal and no real money moves. */
  readonly sandbox: boolean;
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  /**
   * Captures an approved order. A refused payment is an answer (`status: 'DECLINED'`), not an
   * error; `declined: true` means the instrument was declined and the buyer should approve again
   * with another one. An order already captured answers its existing capture.
   * Throws PaymentProviderError for everything else; kind 'unavailable' leaves the outcome
   * unknown: retry with the same requestId or read the order.
   */
  captureOrder(orderId: string, requestId: string): Promise<CaptureResult>;
  getOrder(orderId: string): Promise<OrderDetails>;
}

export interface CreateOrderInput {
  amountCentavos: Centavos;
  currency: 'MXN';
  /** Ours (e.g. the payment id); PayPal keeps it as the purchase unit's reference_id (≤ 256). */
  referenceId: string;
  /** Shown to the buyer; cut to PayPal's 127 characters. */
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** Idempotency key, 1–108 characters. */
  requestId: string;
  /** Free text kept by PayPal on the order and its capture (≤ 127). */
  customId?: string;
}

/** PayPal order statuses (reference: Order `status`). */
export type OrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

/** PayPal capture statuses. A COMPLETED order is paid only when its capture is COMPLETED. */
export type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';

export interface CreatedOrder {
  orderId: string;
  /** Where the buyer approves the payment (PayPal's approve / payer-action link). */
  approveUrl: string;
  status: OrderStatus;
}

export interface CaptureResult {
  orderId: string;
  status: CaptureStatus;
  captureId?: string;
  amountCentavos?: Centavos;
  /** The instrument was declined: send the buyer back to approve with another one. */
  declined?: boolean;
  /** PayPal's `details[].issue` (e.g. INSTRUMENT_DECLINED) or a PENDING capture's reason. */
  issue?: string;
  description?: string;
  debugId?: string;
}

export interface OrderDetails {
  orderId: string;
  status: OrderStatus;
  referenceId?: string;
  customId?: string;
  amountCentavos?: Centavos;
  /** The first capture of the order, when it was captured. */
  capture?: { captureId: string; status: CaptureStatus; amountCentavos?: Centavos };
}

/**
 * declined: the payment was refused; invalid: the request or the order's state is wrong (our bug
 * or a stale order); unavailable: PayPal did not answer or failed (retry later, same requestId);
 * auth: our credentials were refused.
 */
export type PaymentProviderErrorKind = 'declined' | 'invalid' | 'unavailable' | 'auth';

export class PaymentProviderError extends Error {
  readonly provider = 'paypal';
  readonly kind: PaymentProviderErrorKind;
  /** HTTP status; 0 when the provider could not be reached or did not answer in time. */
  readonly status: number;
  /** PayPal's error `name`, e.g. UNPROCESSABLE_ENTITY. */
  readonly errorName?: string;
  readonly issue?: string;
  readonly description?: string;
  readonly debugId?: string;

  constructor(
    message: string,
    fields: { kind: PaymentProviderErrorKind; status: number; errorName?: string; issue?: string; description?: string; debugId?: string },
  ) {
    super(message);
    this.name = 'PaymentProviderError';
    this.kind = fields.kind;
    this.status = fields.status;
    this.errorName = fields.errorName;
    this.issue = fields.issue;
    this.description = fields.description;
    this.debugId = fields.debugId;
  }
}

/** 35000 → "350.00": PayPal amounts are strings with two decimals. */
export function centavosToPayPalValue(centavos: Centavos): string {
  if (!Number.isSafeInteger(centavos) || centavos <= 0) throw new RangeError(`Monto inválido para PayPal: ${centavos} centavos`);
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** "350.00" (or "350", "350.5") → 35000, without floating point; undefined when not a plain amount. */
export function payPalValueToCentavos(value: string | undefined): Centavos | undefined {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(value ?? '');
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
