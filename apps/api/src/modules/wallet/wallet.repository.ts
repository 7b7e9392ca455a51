import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { WalletProvider } from '@envios/contracts/wallet';
import { payments } from '../payments/payments.table.js';
import { shipments } from '../shipments/shipments.table.js';
import { walletEntries, wallets } from './wallet.table.js';

export type WalletEntryRow = typeof walletEntries.$inferSelect;
/** A row of the wallet table: the entry and the folio of the shipment it paid. */
export type WalletListRow = WalletEntryRow & { shipmentFolio: number | null };
export type NewWalletEntry = Omit<typeof walletEntries.$inferInsert, 'id' | 'numberOfOrder'>;

/** A Postgres foreign-key violation (23503), however deep the driver wrapped it. */
function violatesForeignKey(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++, e = e.cause as typeof e) if (e.code === '23503') return true;
  return false;
}

/** Inserts a top-up; an owner that does not exist answers `onUnknownUser()` instead of a 500. */
export async function insertTopUp(ex: Executor, values: NewWalletEntry, onUnknownUser: () => Error): Promise<WalletEntryRow> {
  try {
    const [row] = await ex.insert(walletEntries).values(values).returning();
    return row!;
  } catch (error) {
    throw violatesForeignKey(error) ? onUnknownUser() : error;
  }
}

export async function insertEntries(ex: Executor, values: NewWalletEntry[]): Promise<WalletEntryRow[]> {
  return ex.insert(walletEntries).values(values).returning();
}

export async function findEntry(ex: Executor, id: string): Promise<WalletEntryRow | undefined> {
  const [row] = await ex.select().from(walletEntries).where(eq(walletEntries.id, id)).limit(1);
  return row;
}

export async function listEntries(ex: Executor, userId: string, limit: number, offset: number): Promise<{ rows: WalletListRow[]; total: number }> {
  const found = await ex
    .select({
      entry: walletEntries,
      // The shipment's folio is all the wallet shows of it (read through the shipments' table object).
      shipmentFolio: sql<string | number | null>`(select ${shipments.numberOfOrder} from ${shipments} where ${shipments.id} = ${walletEntries.shipmentId})`,
    })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.numberOfOrder))
    .limit(limit)
    .offset(offset);
  const rows = found.map((r) => ({ ...r.entry, shipmentFolio: r.shipmentFolio === null ? null : Number(r.shipmentFolio) }));
  const [counted] = await ex.select({ n: count() }).from(walletEntries).where(eq(walletEntries.userId, userId));
  return { rows, total: counted?.n ?? 0 };
}

/** Deletes a top-up only while it is unpaid; answers the deleted row, or nothing. */
export async function deletePendingTopUp(ex: Executor, id: string): Promise<WalletEntryRow | undefined> {
  const [row] = await ex
    .delete(walletEntries)
    .where(and(eq(walletEntries.id, id), eq(walletEntries.paid, false), eq(walletEntries.type, 'abono')))
    .returning();
  return row;
}

/**
 * Marks a pending top-up paid; answers nothing when it is already paid (or not a top-up). A
 * top-up cancelled as abandoned is paid too when its money arrives after all.
 */
export async function markTopUpPaid(
  ex: Executor,
  id: string,
  settlement: { provider: WalletProvider; reference: string | null; now: Date },
): Promise<WalletEntryRow | undefined> {
  const [row] = await ex
    .update(walletEntries)
    .set({ paid: true, paidAt: settlement.now, provider: settlement.provider, providerReference: settlement.reference, cancelledAt: null })
    .where(and(eq(walletEntries.id, id), eq(walletEntries.paid, false), eq(walletEntries.type, 'abono')))
    .returning();
  return row;
}

/** Adds a paid top-up to the user's running balance, creating the row on first use. */
export async function creditBalance(ex: Executor, userId: string, centavos: number, now: Date): Promise<void> {
  await ex
    .insert(wallets)
    .values({ userId, balanceCentavos: centavos, updatedAt: now })
    .onConflictDoUpdate({
      target: wallets.userId,
      set: { balanceCentavos: sql`${wallets.balanceCentavos} + ${centavos}`, updatedAt: now },
    });
}

/** Takes a charge off the (locked) balance; the `>= 0` check is the last guard. */
export async function debitBalance(ex: Executor, userId: string, centavos: number, now: Date): Promise<void> {
  await ex
    .update(wallets)
    .set({ balanceCentavos: sql`${wallets.balanceCentavos} - ${centavos}`, updatedAt: now })
    .where(eq(wallets.userId, userId));
}

/** The balance, locking the wallet row until the transaction ends (SELECT … FOR UPDATE). */
export async function lockBalance(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex.select({ balance: wallets.balanceCentavos }).from(wallets).where(eq(wallets.userId, userId)).for('update');
  return row?.balance ?? 0;
}

export async function balance(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex.select({ balance: wallets.balanceCentavos }).from(wallets).where(eq(wallets.userId, userId));
  return row?.balance ?? 0;
}

/** One entry, locked until the transaction ends (a payment opening for a top-up). */
export async function lockEntry(ex: Executor, id: string): Promise<WalletEntryRow | undefined> {
  const [row] = await ex.select().from(walletEntries).where(eq(walletEntries.id, id)).for('update');
  return row;
}

/** Running balances (centavos) of these users; a user without a wallet row is absent. */
export async function balancesOf(ex: Executor, userIds: readonly string[]): Promise<{ userId: string; balance: number }[]> {
  if (userIds.length === 0) return [];
  return ex
    .select({ userId: wallets.userId, balance: wallets.balanceCentavos })
    .from(wallets)
    .where(inArray(wallets.userId, [...userIds]));
}

/** Per user: the running balance beside the sum and count of the paid ledger entries (reconciliation). */
export async function ledgerTotals(ex: Executor): Promise<{ userId: string; balance: number; ledger: number; entries: number }[]> {
  const ledger = ex
    .select({
      userId: walletEntries.userId,
      ledger: sql<string>`sum(${walletEntries.amountCentavos})`.as('ledger'),
      entries: sql<number>`count(*)::int`.as('entries'),
    })
    .from(walletEntries)
    .where(eq(walletEntries.paid, true))
    .groupBy(walletEntries.userId)
    .as('ledger');
  const rows = await ex
    .select({ walletUser: wallets.userId, ledgerUser: ledger.userId, balance: wallets.balanceCentavos, ledger: ledger.ledger, entries: ledger.entries })
    .from(wallets)
    .fullJoin(ledger, eq(ledger.userId, wallets.userId));
  return rows.map((r) => ({
    userId: (r.walletUser ?? r.ledgerUser)!,
    balance: Number(r.balance ?? 0),
    ledger: Number(r.ledger ?? 0),
    entries: Number(r.entries ?? 0),
  }));
}

/** The sum of every running balance, and the ledger summed by entry type and paid flag (centavos). */
export async function walletTotals(
  ex: Executor,
): Promise<{ balances: number; wallets: number; ledger: { type: string; paid: boolean; centavos: number; entries: number }[] }> {
  const [sums] = await ex.select({ balances: sql<string | null>`sum(${wallets.balanceCentavos})`, wallets: sql<number>`count(*)::int` }).from(wallets);
  const ledger = await ex
    .select({
      type: walletEntries.type,
      paid: walletEntries.paid,
      centavos: sql<string | null>`sum(${walletEntries.amountCentavos})`,
      entries: sql<number>`count(*)::int`,
    })
    .from(walletEntries)
    .groupBy(walletEntries.type, walletEntries.paid);
  return {
    balances: Number(sums?.balances ?? 0),
    wallets: Number(sums?.wallets ?? 0),
    ledger: ledger.map((r) => ({ type: r.type, paid: r.paid, centavos: Number(r.centavos ?? 0), entries: Number(r.entries) })),
  };
}

/**
 * Cancels the top-ups left unpaid since before `before` with no payment open for them (a
 * created or pending attempt, read through the payments' table object). Rows a payment is opening
 * for right now are locked by it and skipped. Answers the cancelled ids.
 */
export async function cancelAbandonedTopUps(ex: Executor, before: Date, now: Date, limit: number): Promise<string[]> {
  const result = await ex.execute(sql`
    with stale as (
      select w.id from wallet_entries w
      where w.type = 'abono' and w.paid = false and w.cancelled_at is null and w.created_at < ${before.toISOString()}::timestamptz
      order by w.created_at
      limit ${limit}
      for update skip locked
    )
    update wallet_entries w set cancelled_at = ${now.toISOString()}::timestamptz
    where w.id in (select id from stale)
      and not exists (select 1 from ${payments} where ${payments.walletEntryId} = w.id and ${payments.status} in ('created', 'pending'))
    returning w.id`);
  return ((result as { rows?: { id: string }[] }).rows ?? []).map((r) => r.id);
}
