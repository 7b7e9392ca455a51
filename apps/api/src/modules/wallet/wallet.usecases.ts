import { fromCentavos, toCentavos } from '@envios/contracts/money';
import { toPage } from '../../shared/pagination.js';
import { TOP_UP_ABANDONED_AFTER_HOURS, walletFolio, walletMovement, type WalletEntry, type WalletList, type WalletProvider } from '@envios/contracts/wallet';
import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import type { EventPublisher, NewEvent } from '../events/events.usecases.js';
import { commonErrors } from '../../shared/errors.js';
import { walletErrors } from './wallet.errors.js';
import * as repo from './wallet.repository.js';
import { bindUseCases } from '../../shared/use-cases.js';

export type { WalletEntryRow } from './wallet.repository.js';

export interface WalletDeps {
  db: Database;
  clock: Clock;
  /** Where money entering a wallet is told (`wallet.credited`), in the transaction that moves it (the app always passes it). */
  events?: EventPublisher | undefined;
}

/** `shipmentFolio` comes with the list (the folio of the shipment a charge paid). */
export function toWalletEntryDto(row: repo.WalletEntryRow & { shipmentFolio?: number | null }): WalletEntry {
  const shipment = row.shipmentId ?? null;
  const cancelled = !row.paid && row.cancelledAt !== null;
  return {
    _id: row.id,
    numberOfOrder: row.numberOfOrder,
    folio: walletFolio(row.numberOfOrder),
    type: row.type,
    movement: walletMovement({ type: row.type, shipment }),
    amount: fromCentavos(row.amountCentavos),
    status: row.paid,
    status_label: row.paid ? 'Pagado' : cancelled ? 'Cancelado' : 'Pendiente',
    cancelled,
    shipment,
    shipment_folio: row.shipmentFolio ?? null,
    user: row.userId,
    provider: row.provider ?? null,
    note: row.note ?? null,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

const isAdmin = (caller: Caller) => caller.rol === 'admin';

/** Whose wallet the caller asks about: their own by default; someone else's only for an admin (403). */
export function ownerFor(caller: Caller, userId: string | undefined): string {
  const owner = userId ?? caller.id;
  if (owner !== caller.id && !isAdmin(caller)) throw commonErrors.forbidden();
  return owner;
}

/** The wallet table ('Monedero'), newest first, paged. */
async function listWallet(deps: WalletDeps, caller: Caller, query: { user?: string | undefined; page: number; limit: number }): Promise<WalletList> {
  const userId = ownerFor(caller, query.user);
  const { rows, total } = await repo.listEntries(deps.db, userId, query.limit, (query.page - 1) * query.limit);
  return toPage(rows.map(toWalletEntryDto), total, query.page, query.limit);
}

/** The balance in centavos: the sum of the paid entries (kept in `wallets`). */
export async function walletBalance(db: Executor, userId: string): Promise<number> {
  return repo.balance(db, userId);
}

/** `total_amount` of `/prepaid/getTotalAmount/{userId}`, MXN. */
async function walletTotal(deps: WalletDeps, caller: Caller, userId: string): Promise<{ total_amount: number }> {
  ownerFor(caller, userId);
  return { total_amount: fromCentavos(await repo.balance(deps.db, userId)) };
}

/** 'Nuevo abono' step 1: a pending top-up for the caller (an admin may name another user). */
async function topUp(deps: WalletDeps, caller: Caller, input: { user?: string | undefined; amount: number }): Promise<{ id: string }> {
  const userId = ownerFor(caller, input.user);
  const row = await repo.insertTopUp(
    deps.db,
    { userId, type: 'abono', amountCentavos: toCentavos(input.amount), paid: false, createdAt: deps.clock.now() },
    () => walletErrors.unknownUser('user'),
  );
  return { id: row.id };
}

/**
 * A payment provider confirmed a top-up: marks it paid and adds it to the balance, in one
 * transaction. Idempotent: a second confirmation changes nothing and answers `changed: false`.
 */
async function markTopUpPaid(
  deps: WalletDeps,
  entryId: string,
  provider: WalletProvider,
  reference: string | null,
): Promise<{ entry: WalletEntry; changed: boolean }> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const paid = await repo.markTopUpPaid(tx, entryId, { provider, reference, now });
    if (paid) {
      await repo.creditBalance(tx, paid.userId, paid.amountCentavos, now);
      await deps.events?.publish(tx, walletCreditedEvent(paid));
      return { entry: toWalletEntryDto(paid), changed: true };
    }
    const existing = await repo.findEntry(tx, entryId);
    if (!existing || existing.type !== 'abono') throw walletErrors.notFound();
    return { entry: toWalletEntryDto(existing), changed: false };
  });
}

/** An admin's 'Abonar' (`/prepaid/createPrepaid`): a top-up paid at once. */
async function adminCredit(deps: WalletDeps, admin: Caller, input: { userId: string; cantidadAbonar: number }): Promise<WalletEntry> {
  if (!isAdmin(admin)) throw commonErrors.forbidden();
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const amountCentavos = toCentavos(input.cantidadAbonar);
    const row = await repo.insertTopUp(
      tx,
      { userId: input.userId, type: 'abono', amountCentavos, paid: true, paidAt: now, createdBy: admin.id, provider: 'admin', createdAt: now },
      () => walletErrors.unknownUser('userId'),
    );
    await repo.creditBalance(tx, input.userId, amountCentavos, now);
    await deps.events?.publish(tx, walletCreditedEvent(row));
    return toWalletEntryDto(row);
  });
}

/** 'Anterior' in the top-up checkout or the delete button of the table: only an unpaid top-up of the caller's. */
async function deletePendingTopUp(deps: WalletDeps, caller: Caller, id: string): Promise<WalletEntry> {
  const row = await repo.findEntry(deps.db, id);
  if (!row) throw walletErrors.notFound();
  if (row.userId !== caller.id && !isAdmin(caller)) throw commonErrors.forbidden();
  if (row.paid || row.type !== 'abono') throw walletErrors.alreadyPaid();
  const deleted = await repo.deletePendingTopUp(deps.db, id);
  // Paid (or deleted) between the read and the delete.
  if (!deleted) throw walletErrors.alreadyPaid();
  return toWalletEntryDto(deleted);
}

/** The wallet use cases of its own routes (and of a confirmed top-up), bound once. */
export function createWallet(deps: WalletDeps) {
  return bindUseCases(deps, { listWallet, walletTotal, topUp, markTopUpPaid, adminCredit, deletePendingTopUp });
}

export type Wallet = ReturnType<typeof createWallet>;

export interface ChargeOptions {
  /** One entry per shipment; none: one entry without a shipment. */
  shipmentIds: string[];
  type?: 'cargo' | 'pago_sobrepeso';
  /** Each shipment's own movement type, when they differ (a purchase that also pays earlier overweight). */
  types?: ('cargo' | 'pago_sobrepeso')[];
  /** Each shipment's share, centavos, summing to the amount; by default an even split (remainder on the first). */
  perShipmentCentavos?: number[];
  now: Date;
}

function shares(amountCentavos: number, n: number, given: number[] | undefined): number[] {
  if (given) {
    if (given.length !== n || given.some((c) => !Number.isInteger(c) || c <= 0) || given.reduce((a, b) => a + b, 0) !== amountCentavos) {
      throw new RangeError('Los montos por envío no suman el total del cargo.');
    }
    return given;
  }
  const base = Math.floor(amountCentavos / n);
  return Array.from({ length: n }, (_, i) => (i === 0 ? amountCentavos - base * (n - 1) : base));
}

/**
 * Pays from the wallet inside the caller's transaction (the payment's): locks the wallet row,
 * refuses with 409 'Saldo insuficiente en tu monedero: …' when the balance is short, else writes one
 * paid negative entry per shipment and lowers the balance. Concurrent charges wait on the lock,
 * so the balance never goes below zero.
 */
export async function charge(tx: Executor, userId: string, amountCentavos: number, opts: ChargeOptions): Promise<WalletEntry[]> {
  if (!Number.isInteger(amountCentavos) || amountCentavos <= 0) throw new RangeError(`Cargo inválido: ${amountCentavos}`);
  const shipmentIds = opts.shipmentIds.length > 0 ? opts.shipmentIds : [null];
  const amounts = shares(amountCentavos, shipmentIds.length, opts.perShipmentCentavos);
  if (amounts.some((c) => c <= 0)) throw new RangeError('Cada envío debe llevar un monto mayor que cero.');
  if (opts.types && opts.types.length !== shipmentIds.length) throw new RangeError('Cada envío debe llevar su tipo de movimiento.');
  const balanceCentavos = await repo.lockBalance(tx, userId);
  if (balanceCentavos < amountCentavos) throw walletErrors.insufficientBalance(balanceCentavos, amountCentavos);
  const rows = await repo.insertEntries(
    tx,
    shipmentIds.map((shipmentId, i) => ({
      userId,
      type: opts.types?.[i] ?? opts.type ?? 'cargo',
      amountCentavos: -amounts[i]!,
      paid: true,
      paidAt: opts.now,
      shipmentId,
      provider: 'wallet' as const,
      createdAt: opts.now,
    })),
  );
  await repo.debitBalance(tx, userId, amountCentavos, opts.now);
  return rows.map(toWalletEntryDto);
}

/**
 * Inside a payment's confirmation: marks a pending top-up paid and adds it to the balance.
 * Answers the entry when it changed, undefined when it was paid already (or is not a top-up).
 */
export async function markTopUpPaidIn(
  tx: Executor,
  entryId: string,
  settlement: { provider: WalletProvider; reference: string | null; now: Date },
): Promise<repo.WalletEntryRow | undefined> {
  const paid = await repo.markTopUpPaid(tx, entryId, settlement);
  if (paid) await repo.creditBalance(tx, paid.userId, paid.amountCentavos, settlement.now);
  return paid;
}

/**
 * Inside a payment's confirmation: money received for something already paid (or gone) goes to
 * the payer's wallet as a paid 'abono' naming the provider, so nothing is charged twice.
 */
export async function creditIn(
  tx: Executor,
  input: { userId: string; amountCentavos: number; provider: WalletProvider; reference: string | null; now: Date; note?: string },
): Promise<repo.WalletEntryRow> {
  if (!Number.isInteger(input.amountCentavos) || input.amountCentavos <= 0) throw new RangeError(`Abono inválido: ${input.amountCentavos}`);
  const [row] = await repo.insertEntries(tx, [
    {
      userId: input.userId,
      type: 'abono',
      amountCentavos: input.amountCentavos,
      paid: true,
      paidAt: input.now,
      provider: input.provider,
      providerReference: input.reference,
      note: input.note?.slice(0, 500) ?? null,
      createdAt: input.now,
    },
  ]);
  await repo.creditBalance(tx, input.userId, input.amountCentavos, input.now);
  return row!;
}

/** `wallet.credited` for a paid credit entry (a top-up paid, an admin's credit, money given back). */
export function walletCreditedEvent(entry: Pick<repo.WalletEntryRow, 'id' | 'userId' | 'amountCentavos' | 'provider' | 'note'>): NewEvent {
  return {
    type: 'wallet.credited',
    userId: entry.userId,
    subjectId: entry.id,
    data: { entry_id: entry.id, amount: fromCentavos(entry.amountCentavos), provider: entry.provider ?? 'admin', note: entry.note ?? null },
  };
}

/** A top-up locked for a payment opening for it; undefined when it does not exist. */
export async function lockWalletEntry(tx: Executor, entryId: string): Promise<repo.WalletEntryRow | undefined> {
  return repo.lockEntry(tx, entryId);
}

/** Balances (centavos) of several users at once, for the users admin list; 0 for a user without a wallet. */
export async function balancesFor(db: Executor, userIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await repo.balancesOf(db, userIds);
  const found = new Map(rows.map((r) => [r.userId, r.balance]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? 0]));
}

/** Per user: the running balance beside the sum of its paid ledger entries (centavos), for the reconciliation. */
export async function ledgerSummary(db: Executor): Promise<{ userId: string; balanceCentavos: number; ledgerCentavos: number; entries: number }[]> {
  const rows = await repo.ledgerTotals(db);
  return rows.map((r) => ({ userId: r.userId, balanceCentavos: r.balance, ledgerCentavos: r.ledger, entries: r.entries }));
}

/** Totals for the operators' metrics: balances held and the ledger by type (centavos). */
export function walletTotals(db: Executor): ReturnType<typeof repo.walletTotals> {
  return repo.walletTotals(db);
}

/**
 * Top-ups nobody paid (the checkout abandoned, or the payment declined and not retried) leave the
 * pending list: after TOP_UP_ABANDONED_AFTER_HOURS without an open payment they become
 * 'Cancelado'. Answers how many were cancelled.
 */
export async function cancelAbandonedTopUps(db: Executor, now: Date, limit = 500): Promise<number> {
  const before = new Date(now.getTime() - TOP_UP_ABANDONED_AFTER_HOURS * 3_600_000);
  return (await repo.cancelAbandonedTopUps(db, before, now, limit)).length;
}
