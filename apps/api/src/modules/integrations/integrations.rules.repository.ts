import { and, asc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { storeAutoOrders, storeOrders, storeRules } from './integrations.table.js';

/* The SQL of the store rules and their automatic purchases (one row per store order, ever). */

export type StoreRuleRow = typeof storeRules.$inferSelect;
export type AutoOrderRow = typeof storeAutoOrders.$inferSelect;

export async function findRule(ex: Executor, connectionId: string): Promise<StoreRuleRow | undefined> {
  const [row] = await ex.select().from(storeRules).where(eq(storeRules.connectionId, connectionId)).limit(1);
  return row;
}

/** The rule row locked: the daily limit is counted under it, so two processes cannot both take the last slot. */
export async function lockRule(ex: Executor, connectionId: string): Promise<StoreRuleRow | undefined> {
  const [row] = await ex.select().from(storeRules).where(eq(storeRules.connectionId, connectionId)).for('update');
  return row;
}

export async function saveRule(ex: Executor, row: typeof storeRules.$inferInsert): Promise<StoreRuleRow> {
  const { connectionId: _c, userId: _u, ...set } = row;
  const [saved] = await ex.insert(storeRules).values(row).onConflictDoUpdate({ target: storeRules.connectionId, set }).returning();
  return saved!;
}

/**
 * Takes the paid orders of these ids whose store has automatic purchase on: one row each, once
 * (a second notice or process finds it there). Answers the order ids taken now.
 */
export async function queueAutoOrders(ex: Executor, orderIds: string[], now: Date): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await ex
    .insert(storeAutoOrders)
    .select(
      ex
        .select({
          orderId: storeOrders.id,
          connectionId: storeOrders.connectionId,
          userId: storeOrders.userId,
          status: sql<'queued'>`'queued'`.as('status'),
          reason: sql<null>`null`.as('reason'),
          waitKind: sql<null>`null`.as('wait_kind'),
          shipmentId: sql<null>`null::uuid`.as('shipment_id'),
          day: sql<null>`null`.as('day'),
          createdAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
          updatedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('updated_at'),
        })
        .from(storeOrders)
        .innerJoin(storeRules, and(eq(storeRules.connectionId, storeOrders.connectionId), eq(storeRules.autoPurchase, true)))
        .where(and(inArray(storeOrders.id, orderIds), eq(storeOrders.status, 'processing'))),
    )
    .onConflictDoNothing({ target: storeAutoOrders.orderId })
    .returning({ orderId: storeAutoOrders.orderId });
  return rows.map((r) => r.orderId);
}

export async function findAutoOrder(ex: Executor, orderId: string): Promise<AutoOrderRow | undefined> {
  const [row] = await ex.select().from(storeAutoOrders).where(eq(storeAutoOrders.orderId, orderId)).limit(1);
  return row;
}

export async function findAutoOrders(ex: Executor, orderIds: string[]): Promise<AutoOrderRow[]> {
  if (orderIds.length === 0) return [];
  return ex.select().from(storeAutoOrders).where(inArray(storeAutoOrders.orderId, orderIds));
}

/**
 * Purchases of the store's rule that count on a day: bought, being bought, or waiting with their
 * shipment already created (a wallet short: it keeps its place and is paid when money comes).
 */
export async function countPurchasesOn(ex: Executor, connectionId: string, day: string): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(storeAutoOrders)
    .where(
      and(
        eq(storeAutoOrders.connectionId, connectionId),
        eq(storeAutoOrders.day, day),
        or(inArray(storeAutoOrders.status, ['buying', 'bought']), and(eq(storeAutoOrders.status, 'waiting'), isNotNull(storeAutoOrders.shipmentId))),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Whether the account has orders waiting for money in its wallet. */
export async function hasWalletShort(ex: Executor, userId: string): Promise<boolean> {
  const [row] = await ex
    .select({ orderId: storeAutoOrders.orderId })
    .from(storeAutoOrders)
    .where(and(eq(storeAutoOrders.status, 'waiting'), eq(storeAutoOrders.waitKind, 'wallet_short'), eq(storeAutoOrders.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** The account's orders waiting for money (their shipment created, unpaid), in order of arrival. */
export async function walletShortOrders(ex: Executor, userId: string): Promise<string[]> {
  const rows = await ex
    .select({ orderId: storeAutoOrders.orderId })
    .from(storeAutoOrders)
    .where(
      and(
        eq(storeAutoOrders.status, 'waiting'),
        eq(storeAutoOrders.waitKind, 'wallet_short'),
        eq(storeAutoOrders.userId, userId),
        isNotNull(storeAutoOrders.shipmentId),
      ),
    )
    .orderBy(asc(storeAutoOrders.createdAt), asc(storeAutoOrders.orderId));
  return rows.map((r) => r.orderId);
}

/** Orders held by their store's daily limit on a day before `day`, in order of arrival (at most `limit`). */
export async function heldBefore(ex: Executor, day: string, limit: number): Promise<string[]> {
  const rows = await ex
    .select({ orderId: storeAutoOrders.orderId })
    .from(storeAutoOrders)
    .where(and(eq(storeAutoOrders.status, 'waiting'), eq(storeAutoOrders.waitKind, 'daily_limit'), lt(storeAutoOrders.day, day)))
    .orderBy(asc(storeAutoOrders.createdAt), asc(storeAutoOrders.orderId))
    .limit(limit);
  return rows.map((r) => r.orderId);
}

/** Moves a waiting order of this kind back into work (the claim: one caller wins it). */
export async function resumeWaiting(
  ex: Executor,
  orderId: string,
  kind: NonNullable<AutoOrderRow['waitKind']>,
  to: 'queued' | 'buying',
  now: Date,
): Promise<boolean> {
  const rows = await ex
    .update(storeAutoOrders)
    .set({ status: to, reason: null, waitKind: null, ...(to === 'queued' ? { day: null } : {}), updatedAt: now })
    .where(and(eq(storeAutoOrders.orderId, orderId), eq(storeAutoOrders.status, 'waiting'), eq(storeAutoOrders.waitKind, kind)))
    .returning({ orderId: storeAutoOrders.orderId });
  return rows.length > 0;
}

/** Moves one order from `from` only (the claim: whoever moves it does the work). */
export async function moveAutoOrder(
  ex: Executor,
  orderId: string,
  from: AutoOrderRow['status'][],
  patch: Partial<Pick<AutoOrderRow, 'status' | 'reason' | 'waitKind' | 'day' | 'shipmentId'>>,
  now: Date,
): Promise<boolean> {
  const rows = await ex
    .update(storeAutoOrders)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(storeAutoOrders.orderId, orderId), inArray(storeAutoOrders.status, from)))
    .returning({ orderId: storeAutoOrders.orderId });
  return rows.length > 0;
}

/** Records the shipment created for the order, once: false when one already is (the creation is then undone). */
export async function attachShipment(ex: Executor, orderId: string, shipmentId: string, now: Date): Promise<boolean> {
  const rows = await ex
    .update(storeAutoOrders)
    .set({ shipmentId, updatedAt: now })
    .where(and(eq(storeAutoOrders.orderId, orderId), sql`${storeAutoOrders.shipmentId} is null`))
    .returning({ orderId: storeAutoOrders.orderId });
  return rows.length > 0;
}
