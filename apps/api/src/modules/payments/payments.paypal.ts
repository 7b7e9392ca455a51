import { randomUUID } from 'node:crypto';
import { fromCentavos } from '@envios/contracts/money';
import { paymentErrorCodes, type CaptureResult, type PaymentMethod, type PaymentPurpose } from '@envios/contracts/payments';
import type { Caller } from '../../plugins/auth.js';
import { commonErrors } from '../../shared/errors.js';
import { findContact } from '../accounts/accounts.usecases.js';
import { PaymentProviderError, centavosToPayPalValue, type CaptureResult as ProviderCapture } from './adapters/payment-provider.js';
import { confirmPayment } from './payments.confirm.js';
import {
  closePayment,
  findPayment,
  findPaymentByProviderOrder,
  openShipmentsPayment,
  openTopUpPayment,
  setProviderOrder,
  type PaymentRow,
} from './payments.core.js';
import { paymentErrors } from './payments.errors.js';
import { paypalSandboxOf, requirePayPal } from './payments.config.js';
import type { PaymentsDeps } from './payments.deps.js';

/**
 * PayPal Orders v2: open an attempt (guides reserved), create the order with the
 * attempt's request id (a retry never creates twice), send the buyer to approve, then capture and
 * confirm. The capture carries a request id fixed per attempt, so the same capture delivered ten
 * times reaches PayPal as one and confirms once. A declined instrument keeps the attempt open and
 * answers `restart: true` with the approval link; other refusals close it (guides released).
 */

const PAYPAL_METHODS: PaymentMethod[] = ['paypal', 'paypal-plus'];

/** The durable job that settles an attempt the buyer left: captures it if approved, else closes it. */
export const PAYPAL_SETTLE_JOB = 'payments.paypal.settle';
/** PayPal keeps an order approvable for 3 hours (reference: create order). */
export const PAYPAL_APPROVAL_WINDOW_MS = 3 * 3_600_000;
interface SettlePayload {
  paymentId: string;
}

export interface StartedOrder {
  paymentId: string;
  orderId: string;
  approveUrl: string;
  sandbox: boolean;
}

const isAdmin = (caller: Caller) => caller.rol === 'admin';

function returnUrls(deps: PaymentsDeps, paymentId: string) {
  const returnUrl = `${deps.appUrl}/payments/paypal/return?payment=${paymentId}`;
  return { returnUrl, cancelUrl: `${returnUrl}&cancel=1` };
}

/** Creates the PayPal order of an attempt just opened; a refusal closes the attempt (guides back) and answers the provider's reasons. */
async function createOrderFor(
  deps: PaymentsDeps,
  opened: { paymentId: string; amountCentavos: number; requestId: string },
  description: string,
  card: boolean,
): Promise<StartedOrder> {
  try {
    const order = await deps.paypal.createOrder({
      amountCentavos: opened.amountCentavos,
      currency: 'MXN',
      referenceId: opened.paymentId,
      customId: card ? `card:${opened.paymentId}` : opened.paymentId,
      description,
      requestId: opened.requestId,
      ...returnUrls(deps, opened.paymentId),
    });
    await deps.db.transaction(async (tx) => {
      // Abandoned or approved-but-never-captured attempts are settled when PayPal's approval
      // window ends; the guides they hold are held until then, never longer.
      const runAt = new Date(deps.clock.now().getTime() + PAYPAL_APPROVAL_WINDOW_MS);
      await setProviderOrder(tx, opened.paymentId, { providerOrderId: order.orderId, expiresAt: runAt, providerData: { approveUrl: order.approveUrl } });
      await deps.jobs.enqueue<SettlePayload>(
        { type: PAYPAL_SETTLE_JOB, key: `${PAYPAL_SETTLE_JOB}:${opened.paymentId}`, payload: { paymentId: opened.paymentId }, runAt },
        tx,
      );
    });
    return { paymentId: opened.paymentId, orderId: order.orderId, approveUrl: order.approveUrl, sandbox: deps.paypal.sandbox };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await closePayment(deps, opened.paymentId, 'failed', {
      code: error instanceof PaymentProviderError ? (error.issue ?? error.kind) : 'error',
      message,
    }).catch((closeError: unknown) => deps.log?.error({ err: closeError, paymentId: opened.paymentId }, 'no se pudo cerrar el pago fallido'));
    if (error instanceof PaymentProviderError) {
      deps.log?.warn({ paymentId: opened.paymentId, issue: error.issue, debugId: error.debugId, kind: error.kind }, 'PayPal rechazó la creación de la orden');
      throw paymentErrors.provider(error);
    }
    throw error;
  }
}

/** An order for shipments of the caller's (admin: anyone's). `paypal-plus` is the card through PayPal's guest checkout. */
export async function startShipmentsOrder(
  deps: PaymentsDeps,
  caller: Caller,
  input: { shipmentIds: string[]; method: 'paypal' | 'paypal-plus' },
): Promise<StartedOrder> {
  requirePayPal(deps);
  const email = (await findContact(deps.db, caller.id))?.email ?? null;
  const requestId = randomUUID();
  const opened = await deps.db.transaction((tx) =>
    openShipmentsPayment(deps, tx, {
      userId: caller.id,
      callerIsAdmin: isAdmin(caller),
      method: input.method,
      shipmentIds: input.shipmentIds,
      email,
      requestId,
      sandbox: deps.paypal.sandbox,
      status: 'created',
    }),
  );
  const folios = opened.shipments.map((s) => s.numberOfOrder).join(', ');
  const extra = opened.overweight.length > 0 ? ` y sobrepeso de envíos anteriores (${opened.overweight.map((o) => o.numberOfOrder).join(', ')})` : '';
  const description = `${opened.shipments.length === 1 ? 'Guía de envío' : 'Guías de envío'}: folio ${folios}${extra}`.slice(0, 127);
  return createOrderFor(deps, { ...opened, requestId }, description, input.method === 'paypal-plus');
}

/** An order for a pending top-up ('Nuevo abono' step 2). */
export async function startTopUpOrder(
  deps: PaymentsDeps,
  caller: Caller,
  input: { walletEntryId: string; method: 'paypal' | 'paypal-plus' },
): Promise<StartedOrder> {
  requirePayPal(deps);
  const email = (await findContact(deps.db, caller.id))?.email ?? null;
  const requestId = randomUUID();
  const opened = await deps.db.transaction((tx) =>
    openTopUpPayment(deps, tx, {
      userId: caller.id,
      callerIsAdmin: isAdmin(caller),
      walletEntryId: input.walletEntryId,
      method: input.method,
      email,
      requestId,
      sandbox: deps.paypal.sandbox,
      status: 'created',
    }),
  );
  return createOrderFor(
    deps,
    { ...opened, requestId },
    `Abono al monedero: ${centavosToPayPalValue(opened.amountCentavos)} MXN`,
    input.method === 'paypal-plus',
  );
}

function approveUrlOf(payment: PaymentRow): string | undefined {
  const url = payment.providerData?.approveUrl;
  return typeof url === 'string' ? url : undefined;
}

function own(caller: Caller, payment: PaymentRow): void {
  if (payment.userId !== caller.id && !isAdmin(caller)) throw commonErrors.forbidden();
}

export type CaptureOutcome = CaptureResult;

function base(payment: PaymentRow): Pick<CaptureResult, 'payment_id' | 'purpose' | 'email'> & { restart: false } {
  return { payment_id: payment.id, purpose: payment.purpose, email: payment.email, restart: false };
}

function paidAnswer(payment: PaymentRow): CaptureResult {
  const credited = Array.isArray(payment.providerData?.credited) ? (payment.providerData.credited as { amount?: unknown }[]) : [];
  return {
    ...base(payment),
    credited_amount: credited.reduce((sum, c) => sum + (typeof c.amount === 'number' ? c.amount : 0), 0),
    status: 'COMPLETED',
    purchase_units: [{ reference_id: payment.id, amount: { currency_code: 'MXN', value: centavosToPayPalValue(payment.amountCentavos) } }],
  };
}

function refusal(payment: PaymentRow, issue: string, description: string, debugId?: string): CaptureResult {
  return { ...base(payment), details: [{ issue, description }], ...(debugId ? { debug_id: debugId } : {}) };
}

/**
 * Captures an attempt's order and confirms it. Idempotent: a paid attempt answers COMPLETED
 * without calling PayPal again, and concurrent captures share one PayPal request id.
 */
export async function capturePayment(deps: PaymentsDeps, payment: PaymentRow): Promise<CaptureResult> {
  if (payment.status === 'paid') return paidAnswer(payment);
  if (!payment.providerOrderId || !PAYPAL_METHODS.includes(payment.method)) throw paymentErrors.notFound();
  if (payment.status !== 'created' && payment.status !== 'pending') {
    return refusal(payment, 'PAYMENT_CLOSED', 'Este pago ya no se puede completar. Inicia el pago de nuevo.');
  }
  let capture: ProviderCapture;
  try {
    capture = await deps.paypal.captureOrder(payment.providerOrderId, `capture-${payment.id}`);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.kind === 'unavailable' || error.kind === 'auth') {
      deps.log?.warn({ paymentId: payment.id, debugId: error.debugId, kind: error.kind }, 'captura de PayPal sin respuesta; el pago sigue abierto');
      throw paymentErrors.unavailable(error.message);
    }
    const issue = error.issue ?? 'CAPTURE_FAILED';
    // Not approved yet: the attempt stays open, the buyer may still approve it.
    if (issue !== 'ORDER_NOT_APPROVED') await closePayment(deps, payment.id, 'failed', { code: issue, message: error.description ?? error.message });
    return refusal(payment, issue, error.description ?? error.message, error.debugId);
  }

  if (capture.status === 'COMPLETED' && capture.captureId) {
    const providerData: Record<string, unknown> = { captureStatus: capture.status };
    if (capture.amountCentavos !== undefined && capture.amountCentavos !== payment.amountCentavos) {
      providerData.amountMismatch = { expected: fromCentavos(payment.amountCentavos), captured: fromCentavos(capture.amountCentavos) };
      deps.log?.error({ paymentId: payment.id, ...providerData }, 'PayPal cobró un monto distinto al del pago');
    }
    const { payment: paid } = await confirmPayment(deps, payment.id, { providerCaptureId: capture.captureId, providerData });
    return paidAnswer(paid);
  }
  if (capture.declined) {
    await setProviderOrder(deps.db, payment.id, {
      providerData: { lastDecline: { issue: capture.issue ?? 'INSTRUMENT_DECLINED', debugId: capture.debugId ?? null } },
    });
    return {
      ...refusal(payment, capture.issue ?? 'INSTRUMENT_DECLINED', capture.description ?? 'PayPal rechazó el método de pago.', capture.debugId),
      restart: true,
      ...(approveUrlOf(payment) ? { approve_url: approveUrlOf(payment) } : {}),
    };
  }
  if (capture.status === 'PENDING') {
    await setProviderOrder(deps.db, payment.id, { providerData: { captureStatus: 'PENDING', pendingReason: capture.issue ?? null } });
    return { ...base(payment), status: 'PENDING' };
  }
  const issue = capture.issue ?? capture.status;
  await closePayment(deps, payment.id, 'declined', { code: paymentErrorCodes.declined, message: capture.description ?? `PayPal respondió ${capture.status}` });
  return refusal(payment, issue, capture.description ?? 'PayPal rechazó el pago.', capture.debugId);
}

/** `GET /paypal/v2/capture-order/{orderID}` and `/prepaid/v2/capture-order/{orderId}`: the caller's attempt (admin: any). */
export async function captureByOrder(deps: PaymentsDeps, caller: Caller, orderId: string, purpose?: PaymentPurpose): Promise<CaptureResult> {
  const payment = await findPaymentByProviderOrder(deps.db, PAYPAL_METHODS, orderId);
  if (!payment || (purpose && payment.purpose !== purpose)) throw paymentErrors.notFound();
  own(caller, payment);
  return capturePayment(deps, payment);
}

/** The card (`paypal/payment/execute`, `prepaid/paypalPaymentExecute`): captures our attempt by its id. */
export async function executeById(
  deps: PaymentsDeps,
  caller: Caller,
  paymentId: string,
  expect?: { purpose: PaymentPurpose; shipmentIds?: string[]; walletEntryId?: string },
): Promise<{ data: { execute: boolean } }> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || !PAYPAL_METHODS.includes(payment.method)) throw paymentErrors.notFound();
  own(caller, payment);
  if (expect && payment.purpose !== expect.purpose) throw paymentErrors.notFound();
  if (expect?.walletEntryId && payment.walletEntryId !== expect.walletEntryId) throw paymentErrors.notFound();
  const result = await capturePayment(deps, payment);
  return { data: { execute: result.status === 'COMPLETED' } };
}

/** `GET /sandbox/paypal/{orderId}`: what the local approval page shows. Only with the sandbox provider. */
export async function sandboxOrder(deps: PaymentsDeps, caller: Caller, orderId: string) {
  const sandbox = paypalSandboxOf(deps);
  if (!sandbox) throw paymentErrors.sandboxOnly();
  const order = await sandbox.findOrder(orderId);
  const payment = await findPaymentByProviderOrder(deps.db, PAYPAL_METHODS, orderId);
  if (!order || !payment) throw paymentErrors.notFound();
  own(caller, payment);
  return {
    order_id: order.orderId,
    amount: fromCentavos(order.amountCentavos),
    description: order.description,
    status: order.status,
    card: payment.method === 'paypal-plus',
  };
}

/** `POST /sandbox/paypal/{orderId}/{action}`: the buyer's choice; answers where PayPal would send them. */
export async function sandboxAction(
  deps: PaymentsDeps,
  caller: Caller,
  orderId: string,
  action: 'approve' | 'decline' | 'cancel',
): Promise<{ redirect: string }> {
  const sandbox = paypalSandboxOf(deps);
  if (!sandbox) throw paymentErrors.sandboxOnly();
  const payment = await findPaymentByProviderOrder(deps.db, PAYPAL_METHODS, orderId);
  if (!payment || !(await sandbox.findOrder(orderId))) throw paymentErrors.notFound();
  own(caller, payment);
  if (payment.status !== 'created') throw paymentErrors.closed();
  try {
    if (action === 'approve') return { redirect: await sandbox.approve(orderId) };
    if (action === 'decline') return { redirect: await sandbox.decline(orderId) };
    const redirect = await sandbox.cancel(orderId);
    // The buyer gave up: the reserved guides go back now.
    await closePayment(deps, payment.id, 'cancelled', { code: 'payments.cancelled', message: 'El comprador canceló el pago en PayPal (sandbox).' });
    return { redirect };
  } catch (error) {
    if (error instanceof PaymentProviderError) throw paymentErrors.closed();
    throw error;
  }
}

/**
 * Settles an attempt still open when PayPal's approval window ends (the buyer closed the page, or
 * the process died between approval and capture): a capture PayPal already made is confirmed, an
 * approved order is captured, anything else is closed as expired and its guides go back.
 * PayPal not answering throws, so the job retries later.
 */
export async function settlePayPalPayment(deps: PaymentsDeps, paymentId: string): Promise<void> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment?.providerOrderId || payment.status !== 'created' || !PAYPAL_METHODS.includes(payment.method)) return;
  let order;
  try {
    order = await deps.paypal.getOrder(payment.providerOrderId);
  } catch (error) {
    // PayPal no longer knows the order (expired and purged): nothing can be captured any more.
    if (error instanceof PaymentProviderError && error.status === 404) {
      await closePayment(deps, payment.id, 'expired', { code: 'payments.expired', message: 'La orden de PayPal ya no existe: el pago no se completó.' });
      return;
    }
    throw error;
  }
  if (order.capture?.status === 'COMPLETED') {
    await confirmPayment(deps, payment.id, { providerCaptureId: order.capture.captureId, providerData: { settledBy: PAYPAL_SETTLE_JOB } });
    return;
  }
  if (order.status === 'APPROVED') {
    const result = await capturePayment(deps, payment);
    if (result.status === 'COMPLETED' || result.status === 'PENDING') return;
  }
  await closePayment(deps, payment.id, 'expired', { code: 'payments.expired', message: 'El pago no se completó en PayPal a tiempo.' });
}

export function registerPayPalSettleJob(deps: PaymentsDeps): void {
  deps.jobs.register<SettlePayload>(PAYPAL_SETTLE_JOB, { run: (payload) => settlePayPalPayment(deps, payload.paymentId) });
}
