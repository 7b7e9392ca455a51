import type { FastifyBaseLogger } from 'fastify';
import { fromCentavos } from '@envios/contracts/money';
import { paymentStatusLabels, type Payment, type PaymentMethod } from '@envios/contracts/payments';
import type { WalletProvider } from '@envios/contracts/wallet';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, commonErrors } from '../../shared/errors.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import { enqueueGuideIssue, releaseGuides, reserveGuides } from '../guides/guides.usecases.js';
import { createPickupsForPaidShipments } from '../pickups/pickups.usecases.js';
import { lockShipmentsForPayment, markOverweightPaid, markShipmentsPaid } from '../shipments/shipments.payments.js';
import { creditIn, lockWalletEntry, markTopUpPaidIn } from '../wallet/wallet.usecases.js';
import { paymentErrors } from './payments.errors.js';
import * as repo from './payments.repository.js';

export type { PaymentRow } from './payments.repository.js';
type PaymentRow = repo.PaymentRow;

/**
 * The core every payment method shares (DESIGN §4, INTERFACES7): open an attempt (ownership,
 * unpaid, live, guides reserved before any money moves), confirm it exactly once (the payment row
 * locked FOR UPDATE; only open → paid has effects, all in one transaction) or close it (guides
 * released). A shipment already paid by another payment is never paid twice: its share goes to
 * the payer's wallet as an 'abono', and provider_data says why.
 */
export interface PaymentsCoreDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  log?: FastifyBaseLogger;
}

export interface OpenShipmentsInput {
  userId: string;
  callerIsAdmin: boolean;
  method: PaymentMethod;
  shipmentIds: string[];
  email: string | null;
  requestId: string;
  sandbox: boolean;
  status: 'created' | 'pending';
}

export interface OpenedShipmentsPayment {
  paymentId: string;
  amountCentavos: number;
  shipments: { id: string; numberOfOrder: number; serviceName: string; totalCentavos: number }[];
}

/**
 * Opens an attempt for shipments inside the caller's transaction: locks them, checks each is the
 * payer's (admin: anyone's), live and unpaid, sums their totals, inserts the payment and its
 * shares, and reserves one inventory guide per inventory-sourced shipment. Throws 404 (missing
 * or deleted), 403 (another user's), 409 payments.already_paid, 409 guides.none_available.
 */
export async function openShipmentsPayment(deps: PaymentsCoreDeps, tx: Executor, input: OpenShipmentsInput): Promise<OpenedShipmentsPayment> {
  const ids = [...new Set(input.shipmentIds)];
  if (ids.length === 0) throw paymentErrors.notPayable('Selecciona al menos un envío.');
  const rows = new Map((await lockShipmentsForPayment(tx, ids)).map((r) => [r.id, r]));
  const path = (id: string) => (input.shipmentIds.length > 1 ? `shipments.${input.shipmentIds.indexOf(id)}` : undefined);
  for (const id of ids) {
    const row = rows.get(id);
    if (!row || row.deleted) throw paymentErrors.shipmentNotFound(path(id));
  }
  for (const id of ids) if (rows.get(id)!.userId !== input.userId && !input.callerIsAdmin) throw commonErrors.forbidden();
  for (const id of ids) {
    const row = rows.get(id)!;
    if (row.paid) throw paymentErrors.shipmentAlreadyPaid(row.numberOfOrder, path(id));
  }
  const shipments = ids.map((id) => {
    const r = rows.get(id)!;
    return { id, numberOfOrder: r.numberOfOrder, serviceName: r.serviceName, totalCentavos: r.totalCentavos };
  });
  if (shipments.some((s) => s.totalCentavos <= 0)) throw paymentErrors.notPayable('Uno de los envíos no tiene precio; cotízalo de nuevo.');
  const amountCentavos = shipments.reduce((sum, s) => sum + s.totalCentavos, 0);
  const now = deps.clock.now();
  const payment = await repo.insertPayment(tx, {
    userId: input.userId,
    method: input.method,
    purpose: 'shipments',
    amountCentavos,
    status: input.status,
    email: input.email,
    sandbox: input.sandbox,
    requestId: input.requestId,
    createdAt: now,
    updatedAt: now,
  });
  await repo.insertShares(
    tx,
    shipments.map((s) => ({ paymentId: payment.id, shipmentId: s.id, amountCentavos: s.totalCentavos })),
  );
  await reserveGuides(tx, { paymentId: payment.id, shipmentIds: ids, now });
  return { paymentId: payment.id, amountCentavos, shipments };
}

/** Opens an attempt for a pending top-up of the payer's (admin: anyone's). 404 missing, 403 not own, 409 already paid. */
export async function openTopUpPayment(
  deps: PaymentsCoreDeps,
  tx: Executor,
  input: {
    userId: string;
    callerIsAdmin: boolean;
    walletEntryId: string;
    method: PaymentMethod;
    email: string | null;
    requestId: string;
    sandbox: boolean;
    status: 'created' | 'pending';
  },
): Promise<{ paymentId: string; amountCentavos: number }> {
  const entry = await lockWalletEntry(tx, input.walletEntryId);
  if (!entry || entry.type !== 'abono') throw paymentErrors.topUpNotFound();
  if (entry.userId !== input.userId && !input.callerIsAdmin) throw commonErrors.forbidden();
  if (entry.paid) throw paymentErrors.topUpAlreadyPaid();
  const now = deps.clock.now();
  const payment = await repo.insertPayment(tx, {
    userId: entry.userId,
    method: input.method,
    purpose: 'topup',
    amountCentavos: entry.amountCentavos,
    status: input.status,
    walletEntryId: entry.id,
    email: input.email,
    sandbox: input.sandbox,
    requestId: input.requestId,
    createdAt: now,
    updatedAt: now,
  });
  return { paymentId: payment.id, amountCentavos: entry.amountCentavos };
}

/** Records what the provider answered when the attempt was created (order id, OXXO reference …). */
export async function setProviderOrder(
  tx: Executor,
  paymentId: string,
  fields: { providerOrderId?: string; oxxoReference?: string; oxxoBarcodeUrl?: string; expiresAt?: Date; providerData?: Record<string, unknown> },
): Promise<void> {
  const { providerData, ...rest } = fields;
  const set = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length > 0) await repo.updatePayment(tx, paymentId, set);
  if (providerData) await repo.mergeProviderData(tx, paymentId, providerData, new Date());
}

/** Which wallet provider a method's money is credited as. */
export function walletProviderOf(method: PaymentMethod): WalletProvider {
  if (method === 'oxxo') return 'oxxo';
  if (method === 'monedero') return 'wallet';
  return 'paypal';
}

interface Credit {
  shipment: string | null;
  amountCentavos: number;
  reason: 'already_paid' | 'deleted' | 'no_guides' | 'topup_already_paid' | 'overweight_already_paid';
}

function isNoGuides(error: unknown): boolean {
  return error instanceof AppError && error.code === 'guides.none_available';
}

/**
 * `confirmPayment` inside a transaction the caller holds (the wallet payment opens, charges and
 * confirms in one). Locks the payment row; a payment already paid changes nothing.
 */
export async function confirmPaymentIn(
  deps: PaymentsCoreDeps,
  tx: Executor,
  paymentId: string,
  evidence: { providerCaptureId?: string | null; providerData?: Record<string, unknown> },
): Promise<{ changed: boolean; payment: PaymentRow }> {
  const payment = await repo.lockPayment(tx, paymentId);
  if (!payment) throw paymentErrors.notFound();
  if (payment.status === 'paid') return { changed: false, payment };
  const wasClosed = !repo.OPEN_STATUSES.includes(payment.status);
  const now = deps.clock.now();
  const credits: Credit[] = [];
  let paidShipments: string[] = [];

  if (payment.purpose === 'shipments') {
    const shares = await repo.sharesOf(tx, payment.id);
    const rows = new Map((await lockShipmentsForPayment(tx, shares.map((s) => s.shipmentId))).map((r) => [r.id, r]));
    let toPay = shares.filter((share) => {
      const row = rows.get(share.shipmentId);
      if (row && !row.paid && !row.deleted) return true;
      credits.push({ shipment: share.shipmentId, amountCentavos: share.amountCentavos, reason: row && !row.deleted ? 'already_paid' : 'deleted' });
      return false;
    });
    if (wasClosed && toPay.length > 0) {
      // The attempt had closed and given its guides back: take them again, or credit the money.
      try {
        await tx.transaction((sp) => reserveGuides(sp, { paymentId: payment.id, shipmentIds: toPay.map((s) => s.shipmentId), now }));
      } catch (error) {
        if (!isNoGuides(error)) throw error;
        for (const share of toPay) credits.push({ shipment: share.shipmentId, amountCentavos: share.amountCentavos, reason: 'no_guides' });
        toPay = [];
      }
    }
    paidShipments = await markShipmentsPaid(
      tx,
      toPay.map((s) => s.shipmentId),
      now,
    );
    await enqueueGuideIssue(deps.jobs, tx, paidShipments);
    await createPickupsForPaidShipments(tx, paidShipments, now);
  } else if (payment.purpose === 'topup') {
    const entry = payment.walletEntryId
      ? await markTopUpPaidIn(tx, payment.walletEntryId, { provider: walletProviderOf(payment.method), reference: evidence.providerCaptureId ?? payment.id, now })
      : undefined;
    if (!entry) credits.push({ shipment: null, amountCentavos: payment.amountCentavos, reason: 'topup_already_paid' });
  } else {
    const shares = await repo.sharesOf(tx, payment.id);
    for (const share of shares) {
      await lockShipmentsForPayment(tx, [share.shipmentId]);
      if (!(await markOverweightPaid(tx, share.shipmentId, now))) {
        credits.push({ shipment: share.shipmentId, amountCentavos: share.amountCentavos, reason: 'overweight_already_paid' });
      }
    }
  }

  const creditedCentavos = credits.reduce((sum, c) => sum + c.amountCentavos, 0);
  if (creditedCentavos > 0) {
    await creditIn(tx, {
      userId: payment.userId,
      amountCentavos: creditedCentavos,
      provider: walletProviderOf(payment.method),
      reference: evidence.providerCaptureId ?? payment.id,
      now,
    });
  }
  const providerData: Record<string, unknown> = { ...evidence.providerData };
  if (credits.length > 0) {
    providerData.credited = credits.map((c) => ({ shipment: c.shipment, amount: fromCentavos(c.amountCentavos), reason: c.reason }));
  }
  if (wasClosed) providerData.paidAfterClose = payment.status;
  const updated = await repo.updatePayment(tx, payment.id, {
    status: 'paid',
    paidAt: now,
    updatedAt: now,
    providerCaptureId: evidence.providerCaptureId ?? payment.providerCaptureId,
    providerData: { ...payment.providerData, ...providerData },
  });
  if (credits.length > 0) deps.log?.warn({ paymentId: payment.id, credits }, 'pago recibido por algo ya pagado: abonado al monedero');
  return { changed: true, payment: updated };
}

/** Confirms a payment once: the first call has the effects, every later one answers changed: false. */
export async function confirmPayment(
  deps: PaymentsCoreDeps,
  paymentId: string,
  evidence: { providerCaptureId?: string | null; providerData?: Record<string, unknown> },
): Promise<{ changed: boolean; payment: PaymentRow }> {
  const result = await deps.db.transaction((tx) => confirmPaymentIn(deps, tx, paymentId, evidence));
  if (result.changed) deps.jobs.wake();
  return result;
}

/** Closes an open attempt without money taken and gives its reserved guides back. A paid or closed one: changed false. */
export async function closePayment(
  deps: PaymentsCoreDeps,
  paymentId: string,
  status: 'declined' | 'expired' | 'cancelled' | 'failed',
  failure: { code: string; message: string },
): Promise<{ changed: boolean }> {
  return deps.db.transaction(async (tx) => {
    const payment = await repo.lockPayment(tx, paymentId);
    if (!payment) throw paymentErrors.notFound();
    if (!repo.OPEN_STATUSES.includes(payment.status)) return { changed: false };
    await repo.updatePayment(tx, paymentId, { status, failureCode: failure.code, failureMessage: failure.message, updatedAt: deps.clock.now() });
    await releaseGuides(tx, paymentId);
    return { changed: true };
  });
}

export async function findPaymentByProviderOrder(
  db: Executor,
  method: PaymentMethod | PaymentMethod[],
  providerOrderId: string,
): Promise<PaymentRow | undefined> {
  return repo.findByProviderOrder(db, Array.isArray(method) ? method : [method], providerOrderId);
}

export async function findPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  return repo.findPayment(db, id);
}

/** The admin view of one payment. */
export function toPaymentDto(row: PaymentRow & { userEmail: string; userName: string; shipmentIds: string[] }): Payment {
  return {
    _id: row.id,
    numberOfOrder: row.numberOfOrder,
    user: row.userId,
    user_email: row.userEmail,
    user_name: row.userName,
    method: row.method,
    purpose: row.purpose,
    amount: fromCentavos(row.amountCentavos),
    status: row.status,
    status_label: paymentStatusLabels[row.status],
    shipments: row.shipmentIds,
    prepaid: row.walletEntryId ?? null,
    provider_reference: row.providerCaptureId ?? row.providerOrderId ?? null,
    oxxo_reference: row.oxxoReference ?? null,
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
    failure: row.failureMessage ?? null,
    sandbox: row.sandbox,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
  };
}
