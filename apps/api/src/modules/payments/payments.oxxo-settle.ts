import type { Payment } from '@envios/contracts/payments';
import type { ConektaSandbox } from './adapters/conekta-sandbox.js';
import { CashProviderError, CashWebhookError, type CashOrderState, type WebhookHeaders } from './adapters/conekta-types.js';
import { IDEMPOTENCY_METADATA_KEY } from './adapters/conekta-wire.js';
import { toPaymentDtos } from './payments.admin.js';
import { confirmPayment } from './payments.confirm.js';
import { closePayment, findPayment, findPaymentByProviderOrder, setProviderOrder, type PaymentRow } from './payments.core.js';
import { oxxoErrors, paymentErrors } from './payments.errors.js';
import { cashSandboxOf, DAY_MS, OXXO_EXPIRE_JOB, type ExpirePayload, type OxxoDeps } from './payments.oxxo.js';
import * as repo from './payments.repository.js';

/**
 * How an OXXO reference ends: the Conekta webhook (signature first, then the order re-fetched),
 * the durable job at the reference's expiry when no webhook came, and the admin's sandbox mark,
 * which goes through the same webhook code. Opening the reference lives in payments.oxxo.ts.
 */
// ---------------------------------------------------------------- webhook

export interface WebhookOutcome {
  received: true;
  /** What was done, for logs and tests. */
  action: 'ignored' | 'confirmed' | 'already_paid' | 'expired' | 'already_closed' | 'unknown_order' | 'amount_mismatch' | 'status_mismatch';
}

/**
 * `POST /webhooks/conekta`: the signature over the raw body is checked first (bad or missing →
 * 401, nothing changes). Only `order.paid` and `order.expired` act, and only after the order is
 * re-fetched from Conekta: its status, amount and currency must match. Every action is idempotent
 * (confirmPayment / closePayment lock the payment row), so redeliveries change nothing.
 */
export async function handleCashWebhook(deps: OxxoDeps, rawBody: string, headers: WebhookHeaders): Promise<WebhookOutcome> {
  let event;
  try {
    event = deps.provider.verifyWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof CashWebhookError) {
      deps.log?.warn({ code: error.code }, 'notificación de Conekta rechazada');
      throw oxxoErrors.webhook(error);
    }
    throw error;
  }
  if ((event.type !== 'order.paid' && event.type !== 'order.expired') || !event.orderId) return { received: true, action: 'ignored' };

  let state;
  try {
    state = await deps.provider.getOrder(event.orderId);
  } catch (error) {
    if (error instanceof CashProviderError && error.status === 404) {
      deps.log?.warn({ orderId: event.orderId, eventId: event.id }, 'notificación de Conekta para una orden que Conekta no conoce');
      return { received: true, action: 'unknown_order' };
    }
    // Conekta retries a delivery that did not get a 2xx.
    if (error instanceof CashProviderError) throw oxxoErrors.webhookUnavailable(error.message);
    throw error;
  }

  let payment = await findPaymentByProviderOrder(deps.db, 'oxxo', state.orderId);
  if (!payment) {
    // The order was created but never recorded (timeout while creating): find it by our key.
    const key = state.metadata[IDEMPOTENCY_METADATA_KEY];
    if (typeof key === 'string') {
      const row = await repo.findOxxoByRequest(deps.db, key);
      if (row && !row.providerOrderId) {
        await deps.db.transaction((tx) => setProviderOrder(tx, row.id, { providerOrderId: state.orderId, oxxoReference: state.reference }));
        payment = { ...row, providerOrderId: state.orderId };
      }
    }
  }
  if (!payment) {
    deps.log?.warn({ orderId: state.orderId, eventId: event.id }, 'notificación de Conekta sin pago nuestro');
    return { received: true, action: 'unknown_order' };
  }

  const evidence = { conekta_event_id: event.id, conekta_order_id: state.orderId, conekta_status: state.status };
  return applyOrderState(deps, payment, state, evidence, event.type === 'order.paid' ? 'paid' : 'expired');
}

/**
 * Acts on Conekta's own view of an order, never on what a message claims: a paid order with the
 * right amount and currency confirms the payment; an expired one closes it and frees its guides.
 */
async function applyOrderState(
  deps: OxxoDeps,
  payment: PaymentRow,
  state: CashOrderState,
  evidence: Record<string, unknown>,
  claim: 'paid' | 'expired',
): Promise<WebhookOutcome> {
  if (claim === 'paid') {
    if (state.status !== 'paid') {
      deps.log?.warn({ paymentId: payment.id, status: state.status }, 'Conekta avisa order.paid pero la orden no está pagada');
      return { received: true, action: 'status_mismatch' };
    }
    if (state.amountCentavos !== payment.amountCentavos || state.currency !== 'MXN') {
      // Never confirm a wrong amount: the payment stays as it is for a person to look at.
      deps.log?.error(
        { paymentId: payment.id, expected: payment.amountCentavos, got: state.amountCentavos, currency: state.currency },
        'monto o moneda de la orden de Conekta no coinciden con el pago',
      );
      return { received: true, action: 'amount_mismatch' };
    }
    const result = await confirmPayment(deps, payment.id, {
      providerCaptureId: state.reference,
      providerData: { ...evidence, ...(state.paidAt ? { conekta_paid_at: state.paidAt.toISOString() } : {}) },
    });
    return { received: true, action: result.changed ? 'confirmed' : 'already_paid' };
  }
  if (state.status !== 'expired' && state.status !== 'canceled') {
    deps.log?.warn({ paymentId: payment.id, status: state.status }, 'Conekta avisa order.expired pero la orden no está vencida');
    return { received: true, action: 'status_mismatch' };
  }
  const closed = await closePayment(deps, payment.id, 'expired', { code: 'payments.expired', message: 'La referencia de pago en OXXO venció sin pagarse.' });
  return { received: true, action: closed.changed ? 'expired' : 'already_closed' };
}

/**
 * `payments.oxxo.expire`, due when the reference expires: asks Conekta how the order stands (a
 * payment whose webhook was lost is confirmed), cancels it there if it is still pending, and
 * closes the attempt so its guides go back to the stock, even when no webhook ever comes. Conekta
 * not answering throws, and the job retries.
 */
export async function expireOxxoPayment(deps: OxxoDeps, paymentId: string): Promise<void> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || payment.method !== 'oxxo' || (payment.status !== 'pending' && payment.status !== 'created')) return;
  if (payment.expiresAt && payment.expiresAt > deps.clock.now()) return;
  const evidence = { settled_by: OXXO_EXPIRE_JOB };
  if (payment.providerOrderId) {
    let state = await orderStateOrNothing(deps, payment.providerOrderId);
    if (state?.status === 'pending_payment') {
      try {
        state = await deps.provider.cancelOrder(payment.providerOrderId);
      } catch (error) {
        if (!(error instanceof CashProviderError) || error.retryable) throw error;
        // Paid in the meantime: Conekta's answer now says so.
        state = await orderStateOrNothing(deps, payment.providerOrderId);
      }
    }
    if (state?.status === 'paid') {
      await applyOrderState(deps, payment, state, { ...evidence, conekta_status: state.status }, 'paid');
      return;
    }
  }
  await closePayment(deps, payment.id, 'expired', { code: 'payments.expired', message: 'La referencia de pago en OXXO venció sin pagarse.' });
}

/** Conekta's view of an order; nothing when Conekta (or the restarted sandbox) does not know it. */
async function orderStateOrNothing(deps: OxxoDeps, orderId: string): Promise<CashOrderState | undefined> {
  try {
    return await deps.provider.getOrder(orderId);
  } catch (error) {
    if (error instanceof CashProviderError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * At start: every OXXO attempt still waiting for its money has its expiry job (attempts opened
 * before the job existed get one now; the key keeps it to one per attempt).
 */
export async function scheduleOxxoExpiries(deps: Pick<OxxoDeps, 'db' | 'jobs'>): Promise<number> {
  const waiting = await repo.pendingOxxoExpiries(deps.db);
  for (const p of waiting) {
    await deps.jobs.enqueue<ExpirePayload>({ type: OXXO_EXPIRE_JOB, key: `${OXXO_EXPIRE_JOB}:${p.id}`, payload: { paymentId: p.id }, runAt: p.expiresAt });
  }
  return waiting.length;
}

export function registerOxxoExpiryJob(deps: OxxoDeps): void {
  deps.jobs.register<ExpirePayload>(OXXO_EXPIRE_JOB, { run: (payload) => expireOxxoPayment(deps, payload.paymentId) });
}

// ---------------------------------------------------------------- sandbox

/**
 * 'Marcar pagado (sandbox)' / 'Marcar vencido (sandbox)': the sandbox emits the signed delivery
 * Conekta would send, and it goes through `handleCashWebhook` like any real one. Only for sandbox
 * OXXO payments (409 otherwise).
 */
export async function sandboxSettle(deps: OxxoDeps, paymentId: string, event: 'paid' | 'expired'): Promise<Payment> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment) throw paymentErrors.notFound();
  const sandbox = cashSandboxOf(deps.provider);
  if (!sandbox || payment.method !== 'oxxo' || !payment.sandbox || !payment.providerOrderId) throw oxxoErrors.sandboxOnly();
  const settle = (orderId: string) => (event === 'paid' ? sandbox.markPaid(orderId) : sandbox.markExpired(orderId));
  let delivery;
  try {
    try {
      delivery = settle(payment.providerOrderId);
    } catch (error) {
      if (!(error instanceof CashProviderError && error.status === 404)) throw error;
      // The sandbox keeps its orders in memory: after a restart, give it the order again.
      delivery = settle(await recreateSandboxOrder(deps, sandbox, payment));
    }
  } catch (error) {
    if (error instanceof CashProviderError) throw oxxoErrors.sandboxRefused(error.message);
    throw error;
  }
  await handleCashWebhook(deps, delivery.rawBody, delivery.headers);
  const [dto] = await toPaymentDtos(deps.db, [(await findPayment(deps.db, paymentId))!]);
  return dto!;
}

/**
 * The offline sandbox forgets its orders when the server restarts. A pending sandbox payment from
 * before gets a new sandbox order (same idempotency key and amount; the buyer's reference stays
 * on the payment) so the admin action still goes through the webhook path.
 */
async function recreateSandboxOrder(deps: OxxoDeps, sandbox: ConektaSandbox, payment: PaymentRow): Promise<string> {
  const account = await deps.findAccount(payment.userId);
  const order = await sandbox.createCashOrder({
    amountCentavos: payment.amountCentavos,
    currency: 'MXN',
    customer: {
      name: account ? `${account.firstName} ${account.lastName}` : 'Cliente',
      email: payment.email ?? account?.email ?? 'sandbox@example.com',
      phone: account?.phone || '0000000000',
    },
    lineItems: [{ name: 'Pago OXXO (sandbox)', unitPriceCentavos: payment.amountCentavos, quantity: 1 }],
    expiresAt: new Date(deps.clock.now().getTime() + DAY_MS),
    metadata: { payment_id: payment.id, purpose: payment.purpose },
    idempotencyKey: payment.requestId,
  });
  await deps.db.transaction((tx) =>
    setProviderOrder(tx, payment.id, { providerOrderId: order.orderId, providerData: { sandbox_recreated_order: order.orderId } }),
  );
  return order.orderId;
}
