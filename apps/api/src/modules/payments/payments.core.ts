import type { FastifyBaseLogger } from 'fastify';
import { fromCentavos } from '@envios/contracts/money';
import { CREDIT_REASONS, creditReasonLabels, paymentStatusLabels, type Payment, type PaymentMethod } from '@envios/contracts/payments';
import type { WalletProvider } from '@envios/contracts/wallet';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import { commonErrors } from '../../shared/errors.js';
import type { EventPublisher } from '../events/events.usecases.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import { countHeldGuides, releaseGuides, reserveGuides } from '../guides/guides.usecases.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import { clearShipmentsReference, lockShipmentsForPayment, readOwedOverweight } from '../shipments/shipments.usecases.js';
import { lockWalletEntry } from '../wallet/wallet.usecases.js';
import { paymentErrors } from './payments.errors.js';
import * as repo from './payments.repository.js';

export type { PaymentRow } from './payments.repository.js';
type PaymentRow = repo.PaymentRow;

/**
 * The core every payment method shares: open an attempt (ownership, unpaid, live, guides reserved
 * before any money moves), confirm it exactly once (payments.confirm.ts: the payment row locked
 * FOR UPDATE; only open → paid has effects, all in one transaction) or close it (guides released).
 *
 * A shipment is paid only as it was offered: each share remembers the total and service the
 * shipment had when the attempt opened, and the confirmation pays it only if both still hold.
 * Money that cannot pay what it was for (the price or service changed, it was already paid or
 * deleted, no guide is left) goes to the payer's wallet with a movement that says why, the payer
 * is told by e-mail, and provider_data keeps it for the admin's payments screen.
 */
export interface PaymentsCoreDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  log?: FastifyBaseLogger;
  notifier: Notifier;
  /** Without a trailing slash; e-mails link there. */
  appUrl: string;
  /** How many inventory guides one user's unpaid attempts may hold at once. */
  guideHoldsPerUser: number;
  /** Counts one attempt opened by the user (inside the opening transaction); throws 429 past the per-user rate. */
  limitAttempts?: ((ex: Executor, userId: string) => Promise<void>) | undefined;
  /** Where a confirmation publishes `payment.confirmed` (and `payment.credited`, `wallet.credited`), in its transaction. */
  events: EventPublisher;
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
  /** The shipments' totals plus the owed overweight. */
  amountCentavos: number;
  shipments: { id: string; numberOfOrder: number; serviceName: string; totalCentavos: number }[];
  /** Overweight of the owners' earlier shipments that this purchase pays too (each one's folio and amount). */
  overweight: { id: string; numberOfOrder: number; amountCentavos: number }[];
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
  // A wallet payment opens, charges and confirms in one transaction: it never holds a guide.
  const holds = input.method !== 'monedero';
  if (holds) {
    await deps.limitAttempts?.(tx, input.userId);
    await repo.lockUserAttempts(tx, input.userId);
  }
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
    return { id, numberOfOrder: r.numberOfOrder, serviceId: r.serviceId, serviceName: r.serviceName, totalCentavos: r.totalCentavos };
  });
  if (shipments.some((s) => s.totalCentavos <= 0)) throw paymentErrors.notPayable('Uno de los envíos no tiene precio; cotízalo de nuevo.');
  // Overweight recorded on the owners' earlier shipments and not paid yet joins this purchase, as
  // the quote announced: once per purchase, whatever the number of shipments.
  const owners = [...new Set(ids.map((id) => rows.get(id)!.userId))];
  const overweight = (await readOwedOverweight(tx, owners)).map((o) => ({ id: o.id, numberOfOrder: o.numberOfOrder, amountCentavos: o.overweightCentavos }));
  const amountCentavos = shipments.reduce((sum, s) => sum + s.totalCentavos, 0) + overweight.reduce((sum, o) => sum + o.amountCentavos, 0);
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
  await repo.insertShares(tx, [
    ...shipments.map((s) => ({ paymentId: payment.id, shipmentId: s.id, amountCentavos: s.totalCentavos, serviceId: s.serviceId, kind: 'shipment' as const })),
    ...overweight.map((o) => ({ paymentId: payment.id, shipmentId: o.id, amountCentavos: o.amountCentavos, serviceId: null, kind: 'overweight' as const })),
  ]);
  await reserveGuides(tx, { paymentId: payment.id, shipmentIds: ids, now });
  if (holds) await checkHoldLimit(deps, tx, input.userId, payment.id);
  return { paymentId: payment.id, amountCentavos, shipments: shipments.map(({ serviceId: _serviceId, ...rest }) => rest), overweight };
}

/**
 * Guides held by one user's unpaid attempts stay within a small limit, so no account can take a
 * whole service's inventory from the other customers by opening attempts it never pays. Counted
 * under the user's attempt lock, after this attempt reserved its guides.
 */
async function checkHoldLimit(deps: PaymentsCoreDeps, tx: Executor, userId: string, paymentId: string): Promise<void> {
  const open = await repo.openPaymentIdsOf(tx, userId);
  const held = await countHeldGuides(tx, open);
  if (held <= deps.guideHoldsPerUser) return;
  const mine = await countHeldGuides(tx, [paymentId]);
  throw paymentErrors.holdLimit({ needed: mine, heldBefore: held - mine, limit: deps.guideHoldsPerUser });
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
    // A reference the store no longer takes stops naming its shipments in the report.
    if (payment.oxxoReference) await clearShipmentsReference(tx, payment.oxxoReference);
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
    credited: creditedOf(row.providerData),
  };
}

/** The credits a confirmation recorded in provider_data, as the admin reads them. */
function creditedOf(data: Record<string, unknown> | null): Payment['credited'] {
  const list = Array.isArray(data?.credited) ? (data.credited as unknown[]) : [];
  return list.flatMap((item) => {
    const c = item as { shipment?: unknown; amount?: unknown; reason?: unknown };
    const reason = CREDIT_REASONS.find((r) => r === c.reason);
    if (!reason || typeof c.amount !== 'number') return [];
    return [{ shipment: typeof c.shipment === 'string' ? c.shipment : null, amount: c.amount, reason, label: creditReasonLabels[reason] }];
  });
}
