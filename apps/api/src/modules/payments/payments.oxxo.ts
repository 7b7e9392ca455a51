import { randomUUID } from 'node:crypto';
import { formatMXN, fromCentavos } from '@envios/contracts/money';
import { OXXO_EXPIRY_DAYS, type OxxoResult } from '@envios/contracts/payments';
import type { Config } from '../../config/env.js';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, commonErrors } from '../../shared/errors.js';
import { oxxoReferenceMail } from '../notifications/notifications.usecases.js';
import { setShipmentsReference } from '../shipments/shipments.usecases.js';
import { lockWalletEntry } from '../wallet/wallet.usecases.js';
import { createConektaClient } from './adapters/conekta-client.js';
import { createConektaSandbox, type ConektaSandbox } from './adapters/conekta-sandbox.js';
import { CashProviderError, type CashOrder, type CashProvider } from './adapters/conekta-types.js';
import {
  closePayment,
  findPayment,
  openShipmentsPayment,
  openTopUpPayment,
  setProviderOrder,
  type PaymentRow,
  type PaymentsCoreDeps,
} from './payments.core.js';
import { oxxoErrors, paymentErrors } from './payments.errors.js';
import * as repo from './payments.repository.js';
import type { ProviderMode } from './payments.deps.js';

/**
 * OXXO cash payments through Conekta: a pending payment with a reference the buyer pays at the
 * store; the `order.paid` webhook (signature verified, the order re-fetched from Conekta) confirms
 * it, `order.expired` closes it and gives its guides back. The reference expires on a date set on
 * the Conekta order, and a durable job closes the attempt at that date even if no webhook comes,
 * so its guides are never held longer. Without CONEKTA_API_KEY the offline sandbox answers, and an
 * admin's 'Marcar pagado (sandbox)' goes through the very same webhook code.
 */

export interface OxxoDeps extends PaymentsCoreDeps {
  provider: CashProvider;
  /** Switched off in production without keys (see paymentModes). */
  mode: ProviderMode;
  /** The payer's name and phone for Conekta's customer_info. */
  findAccount: (userId: string) => Promise<{ firstName: string; lastName: string; email: string; phone: string } | undefined>;
}

/** The durable job that closes an OXXO attempt when its reference expires (or confirms it if Conekta says it was paid). */
export const OXXO_EXPIRE_JOB = 'payments.oxxo.expire';
export interface ExpirePayload {
  paymentId: string;
}

/** Conekta when CONEKTA_API_KEY (+ CONEKTA_WEBHOOK_KEY) is set, else the offline sandbox. */
export function cashProviderFromConfig(config: Config, opts: { fetch?: typeof fetch; clock?: Clock } = {}): CashProvider {
  if (config.CONEKTA_API_KEY) {
    return createConektaClient({
      baseUrl: config.CONEKTA_API_URL,
      privateKey: config.CONEKTA_API_KEY,
      // A PEM in one env line may carry literal "\n".
      webhookPublicKey: config.CONEKTA_WEBHOOK_KEY?.replace(/\\n/g, '\n'),
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
      ...(opts.clock ? { clock: opts.clock } : {}),
    });
  }
  return createConektaSandbox(opts.clock ? { clock: opts.clock } : {});
}

export function cashSandboxOf(provider: CashProvider): ConektaSandbox | undefined {
  return provider.kind === 'sandbox' ? (provider as ConektaSandbox) : undefined;
}

export const DAY_MS = 86_400_000;
const mxDate = new Intl.DateTimeFormat('es-MX', {
  timeZone: 'America/Mexico_City',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** In-process queue per key: a double click in one process waits for the first attempt to finish. */
const inFlight = new Map<string, Promise<unknown>>();
async function serialized<T>(key: string, run: () => Promise<T>): Promise<T> {
  const previous = inFlight.get(key) ?? Promise.resolve();
  const current = previous.then(run, run);
  const settled = current.catch(() => undefined);
  inFlight.set(key, settled);
  try {
    return await current;
  } finally {
    if (inFlight.get(key) === settled) inFlight.delete(key);
  }
}

function resultOf(row: { id: string; oxxoReference: string | null; amountCentavos: number; expiresAt: Date | null; sandbox: boolean }): OxxoResult {
  return {
    message: 'ok',
    reference: row.oxxoReference!,
    payment_id: row.id,
    amount: fromCentavos(row.amountCentavos),
    expires_at: row.expiresAt!.toISOString(),
    sandbox: row.sandbox,
  };
}

type Target = { kind: 'shipments'; shipmentIds: string[] } | { kind: 'topup'; walletEntryId: string };

interface Opened {
  paymentId: string;
  requestId: string;
  amountCentavos: number;
  lineItems: { name: string; unitPriceCentavos: number; quantity: number }[];
  concept: string;
  purpose: 'shipments' | 'topup';
  email: string | null;
}

/**
 * `/payments/conekta/oxxo/{id}` (a shipment or a pending top-up of the caller) and
 * `/payments/many/conekta/oxxo/`. The payment row is opened (guides reserved) and committed first,
 * then Conekta is asked for the order with the payment's request id as idempotency key; a repeated
 * click for the same shipments answers the same reference.
 */
export async function payWithOxxo(
  deps: OxxoDeps,
  caller: Caller,
  input: { id?: string; shipmentIds?: string[]; email?: string | undefined },
): Promise<OxxoResult> {
  if (deps.mode === 'disabled') throw paymentErrors.disabled();
  return serialized(`oxxo:${caller.id}`, async () => {
    const account = await deps.findAccount(caller.id);
    if (!account) throw commonErrors.unauthenticated();
    const sandbox = deps.provider.kind === 'sandbox';
    // The reference and the slip go to the account's own address, whatever e-mail the request names.
    const email = account.email;
    const now = deps.clock.now();

    const step = await deps.db.transaction(async (tx): Promise<{ done: OxxoResult } | { opened: Opened }> => {
      await repo.lockOxxoUser(tx, caller.id);
      let target: Target;
      if (input.id !== undefined) {
        const entry = await lockWalletEntry(tx, input.id);
        target = entry && entry.type === 'abono' ? { kind: 'topup', walletEntryId: entry.id } : { kind: 'shipments', shipmentIds: [input.id] };
      } else {
        target = { kind: 'shipments', shipmentIds: input.shipmentIds ?? [] };
      }
      const existing = await repo.findOpenOxxoAttempt(
        tx,
        caller.id,
        target.kind === 'topup' ? { walletEntryId: target.walletEntryId } : { shipmentIds: target.shipmentIds },
        now,
      );
      if (existing?.oxxoReference && existing.expiresAt) return { done: resultOf(existing) };
      if (existing) {
        // Opened but its Conekta order was never recorded (a crash or another process in flight):
        // ask again with the same idempotency key, Conekta's search answers the same order.
        return { opened: await reopened(tx, existing) };
      }
      const requestId = randomUUID();
      const common = {
        userId: caller.id,
        callerIsAdmin: caller.rol === 'admin',
        method: 'oxxo' as const,
        email,
        requestId,
        sandbox,
        status: 'pending' as const,
      };
      if (target.kind === 'topup') {
        const opened = await openTopUpPayment(deps, tx, { ...common, walletEntryId: target.walletEntryId });
        return {
          opened: {
            paymentId: opened.paymentId,
            requestId,
            amountCentavos: opened.amountCentavos,
            lineItems: [{ name: 'Abono al monedero electrónico', unitPriceCentavos: opened.amountCentavos, quantity: 1 }],
            concept: 'Abono a tu monedero electrónico',
            purpose: 'topup',
            email,
          },
        };
      }
      const opened = await openShipmentsPayment(deps, tx, { ...common, shipmentIds: target.shipmentIds });
      return {
        opened: {
          paymentId: opened.paymentId,
          requestId,
          amountCentavos: opened.amountCentavos,
          lineItems: [
            ...opened.shipments.map((s) => ({ name: `Guía ${s.serviceName} (envío ${s.numberOfOrder})`, unitPriceCentavos: s.totalCentavos, quantity: 1 })),
            ...opened.overweight.map((o) => ({ name: `Sobrepeso del envío ${o.numberOfOrder}`, unitPriceCentavos: o.amountCentavos, quantity: 1 })),
          ],
          concept: `${opened.shipments.length === 1 ? 'Envío' : 'Envíos'} ${opened.shipments.map((s) => s.numberOfOrder).join(', ')}`,
          purpose: 'shipments',
          email,
        },
      };
    });
    if ('done' in step) return step.done;
    return createOrder(deps, account, step.opened, sandbox);
  });
}

/** The shipments an attempt pays (not the earlier overweight it carries). */
async function shipmentsOf(tx: Executor, paymentId: string): Promise<string[]> {
  return (await repo.sharesOf(tx, paymentId)).filter((s) => s.kind === 'shipment').map((s) => s.shipmentId);
}

/** The line items of an attempt opened earlier (its shares), to ask Conekta again. */
async function reopened(tx: Executor, row: PaymentRow): Promise<Opened> {
  const shares = await repo.sharesOf(tx, row.id);
  const lineItems =
    row.purpose === 'shipments' && shares.length > 0
      ? shares.map((s, i) => ({
          name: s.kind === 'overweight' ? `Sobrepeso de un envío anterior ${i + 1}` : `Guía de envío ${i + 1}`,
          unitPriceCentavos: s.amountCentavos,
          quantity: 1,
        }))
      : [{ name: row.purpose === 'topup' ? 'Abono al monedero electrónico' : 'Pago de envíos', unitPriceCentavos: row.amountCentavos, quantity: 1 }];
  return {
    paymentId: row.id,
    requestId: row.requestId,
    amountCentavos: row.amountCentavos,
    lineItems,
    concept: row.purpose === 'topup' ? 'Abono a tu monedero electrónico' : 'Pago de envíos',
    purpose: row.purpose === 'topup' ? 'topup' : 'shipments',
    email: row.email,
  };
}

async function createOrder(
  deps: OxxoDeps,
  account: { firstName: string; lastName: string; email: string; phone: string },
  opened: Opened,
  sandbox: boolean,
): Promise<OxxoResult> {
  const now = deps.clock.now();
  const sum = opened.lineItems.reduce((s, i) => s + i.unitPriceCentavos * i.quantity, 0);
  const lineItems =
    sum === opened.amountCentavos ? opened.lineItems : [{ name: opened.concept.padEnd(3, '.'), unitPriceCentavos: opened.amountCentavos, quantity: 1 }];
  let order: CashOrder;
  try {
    if (!account.phone.trim()) throw oxxoErrors.noPhone();
    order = await deps.provider.createCashOrder({
      amountCentavos: opened.amountCentavos,
      currency: 'MXN',
      customer: { name: `${account.firstName} ${account.lastName}`.trim(), email: account.email, phone: account.phone },
      lineItems: lineItems.map((i) => ({ ...i, name: i.name.slice(0, 249) })),
      expiresAt: new Date(now.getTime() + OXXO_EXPIRY_DAYS * DAY_MS),
      metadata: { payment_id: opened.paymentId, purpose: opened.purpose },
      idempotencyKey: opened.requestId,
    });
  } catch (error) {
    const failure =
      error instanceof CashProviderError || error instanceof AppError
        ? { code: error.code, message: error.message }
        : { code: 'conekta.unexpected', message: 'Error inesperado al crear la orden en Conekta.' };
    deps.log?.error({ err: error, paymentId: opened.paymentId }, 'no se pudo crear la referencia OXXO');
    await closePayment(deps, opened.paymentId, 'failed', failure);
    if (error instanceof AppError) throw error;
    if (error instanceof CashProviderError) throw oxxoErrors.provider(error);
    throw oxxoErrors.provider(new CashProviderError('conekta.unexpected', 'Intenta de nuevo más tarde.', 502, false));
  }

  const slipUrl = `${deps.appUrl}/shipping/cash_barcode?references=${encodeURIComponent(order.reference)}`;
  const row = await deps.db.transaction(async (tx) => {
    await setProviderOrder(tx, opened.paymentId, {
      providerOrderId: order.orderId,
      oxxoReference: order.reference,
      ...(order.barcodeUrl ? { oxxoBarcodeUrl: order.barcodeUrl } : {}),
      expiresAt: order.expiresAt,
      providerData: { conekta_order_id: order.orderId, conekta_status: order.status },
    });
    await deps.jobs.enqueue<ExpirePayload>(
      { type: OXXO_EXPIRE_JOB, key: `${OXXO_EXPIRE_JOB}:${opened.paymentId}`, payload: { paymentId: opened.paymentId }, runAt: order.expiresAt },
      tx,
    );
    // The general report finds the shipments by this reference, and shows it in «Referencia».
    if (opened.purpose === 'shipments') await setShipmentsReference(tx, await shipmentsOf(tx, opened.paymentId), order.reference);
    const to = account.email;
    await deps.notifier.sendEmail(
      {
        key: `mail:oxxo-reference:${opened.paymentId}`,
        to,
        mail: oxxoReferenceMail({
          firstName: account.firstName,
          reference: order.reference,
          amount: formatMXN(opened.amountCentavos),
          expiresAt: mxDate.format(order.expiresAt),
          slipUrl,
          concept: opened.concept,
          sandbox,
          topUp: opened.purpose === 'topup',
        }),
      },
      tx,
    );
    return (await findPayment(tx, opened.paymentId))!;
  });
  deps.jobs.wake();
  return resultOf(row);
}
