import { generateKeyPairSync, randomBytes, randomInt, type KeyObject } from 'node:crypto';
import { systemClock, type Clock } from '../../../shared/clock.js';
import { CashProviderError, type CashProvider, type CashWebhookEvent } from './conekta-types.js';
import {
  IDEMPOTENCY_METADATA_KEY,
  buildConektaEvent,
  buildConektaOrder,
  settleConektaOrder,
  signConektaWebhook,
  toCashOrder,
  toCashOrderState,
  toCreateOrderBody,
  toUnixSeconds,
  validateCashOrderInput,
  verifyConektaWebhook,
  type ConektaOrder,
} from './conekta-wire.js';

/**
 * An offline cash provider: orders live in memory, references start with `SBX` so nobody takes
 * them to a store, and `markPaid` / `markExpired` return the exact delivery Conekta would send
 * (event body + `digest` signed with the sandbox's own RSA key), so 'Marcar pagado (sandbox)' runs
 * through the same webhook code path as a real payment.
 */
export const SANDBOX_REFERENCE_PREFIX = 'SBX';

export interface SandboxDelivery {
  rawBody: string;
  headers: { digest: string };
  event: CashWebhookEvent;
}

export interface ConektaSandbox extends CashProvider {
  readonly kind: 'sandbox';
  readonly publicKeyPem: string;
  markPaid(orderId: string): SandboxDelivery;
  markExpired(orderId: string): SandboxDelivery;
}

export function createConektaSandbox(options: { clock?: Clock } = {}): ConektaSandbox {
  const clock = options.clock ?? systemClock;
  // The signing key is made when first needed: an RSA key costs a noticeable moment, and most
  // starts never sign a sandbox webhook.
  let keyObjects: { publicKey: KeyObject; privateKey: KeyObject } | undefined;
  const keyPair = () => (keyObjects ??= generateKeyPairSync('rsa', { modulusLength: 2048 }));
  const orders = new Map<string, ConektaOrder>();
  const byKey = new Map<string, string>();
  /** Redelivery of a settled order answers the same event (same id), as Conekta's retries do. */
  const deliveries = new Map<string, SandboxDelivery>();
  const now = () => toUnixSeconds(clock.now());

  const find = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new CashProviderError('conekta.not_found', 'La orden no existe en Conekta.', 404, false);
    return order;
  };

  function settle(orderId: string, status: 'paid' | 'expired'): SandboxDelivery {
    const order = find(orderId);
    const type = status === 'paid' ? 'order.paid' : 'order.expired';
    const previous = deliveries.get(`${orderId}:${type}`);
    if (previous) return previous;
    if (order.payment_status !== 'pending_payment') {
      throw new CashProviderError('sandbox.not_pending', `La orden ya está en estado "${order.payment_status}" y no puede cambiar a "${status}".`, 409, false);
    }
    settleConektaOrder(order, status, now());
    const rawBody = JSON.stringify(buildConektaEvent(order, type, now()));
    const headers = { digest: signConektaWebhook(rawBody, keyPair().privateKey) };
    const delivery = { rawBody, headers, event: verifyConektaWebhook(rawBody, headers, keyPair().publicKey) };
    deliveries.set(`${orderId}:${type}`, delivery);
    return delivery;
  }

  return {
    kind: 'sandbox',
    get publicKeyPem() {
      return keyPair().publicKey.export({ type: 'spki', format: 'pem' }).toString();
    },
    async createCashOrder(input) {
      validateCashOrderInput(input, clock.now());
      const existing = byKey.get(input.idempotencyKey);
      if (existing) return toCashOrder(find(existing));
      const id = `ord_sbx_${randomBytes(9).toString('base64url')}`;
      const reference = `${SANDBOX_REFERENCE_PREFIX}${Array.from({ length: 14 }, () => randomInt(10)).join('')}`;
      const order = buildConektaOrder({ id, body: toCreateOrderBody(input, 'oxxo_cash'), reference, livemode: false, createdAt: now() });
      orders.set(id, order);
      byKey.set(String(order.metadata[IDEMPOTENCY_METADATA_KEY]), id);
      return toCashOrder(order);
    },
    async getOrder(orderId) {
      return toCashOrderState(find(orderId));
    },
    async cancelOrder(orderId) {
      const order = find(orderId);
      if (order.payment_status === 'paid') throw new CashProviderError('conekta.not_cancelable', 'La orden ya está pagada y no se puede cancelar.', 422, false);
      if (order.payment_status === 'pending_payment') settleConektaOrder(order, 'canceled', now());
      return toCashOrderState(order);
    },
    verifyWebhook(rawBody, headers) {
      return verifyConektaWebhook(rawBody, headers, keyPair().publicKey);
    },
    markPaid: (orderId) => settle(orderId, 'paid'),
    markExpired: (orderId) => settle(orderId, 'expired'),
  };
}
