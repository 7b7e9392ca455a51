import { and, count, desc, eq, gte, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  demoStores,
  storeConnections,
  storeEvents,
  storeHandshakes,
  storeOrders,
  storeProducts,
  storeWritebacks,
} from './integrations.table.js';

export type HandshakeRow = typeof storeHandshakes.$inferSelect;
export type ConnectionRow = typeof storeConnections.$inferSelect;
export type StoreOrderRow = typeof storeOrders.$inferSelect;
export type NewStoreOrder = typeof storeOrders.$inferInsert;
export type WritebackRow = typeof storeWritebacks.$inferSelect;

// ---------------------------------------------------------------- handshakes

export async function insertHandshake(ex: Executor, row: typeof storeHandshakes.$inferInsert): Promise<string> {
  const [created] = await ex.insert(storeHandshakes).values(row).returning({ id: storeHandshakes.id });
  return created!.id;
}

export async function lockHandshake(ex: Executor, id: string): Promise<HandshakeRow | undefined> {
  const [row] = await ex.select().from(storeHandshakes).where(eq(storeHandshakes.id, id)).for('update');
  return row;
}

export async function markHandshakeUsed(ex: Executor, id: string, now: Date): Promise<void> {
  await ex.update(storeHandshakes).set({ usedAt: now }).where(eq(storeHandshakes.id, id));
}

export async function deleteHandshakesBefore(ex: Executor, before: Date): Promise<void> {
  await ex.delete(storeHandshakes).where(lt(storeHandshakes.expiresAt, before));
}

// ---------------------------------------------------------------- connections

/** Creates the store's row or takes the existing one (same account, platform and URL) with the new keys. */
export async function upsertConnectionKeys(
  ex: Executor,
  row: Pick<ConnectionRow, 'userId' | 'platform' | 'storeUrl' | 'appName' | 'sandbox' | 'keyId' | 'consumerKeySealed' | 'consumerSecretSealed' | 'keyHint'>,
  now: Date,
): Promise<{ id: string; created: boolean }> {
  const [saved] = await ex
    .insert(storeConnections)
    .values({ ...row, state: 'connected', connectedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [storeConnections.userId, storeConnections.platform, storeConnections.storeUrl],
      set: {
        appName: row.appName,
        sandbox: row.sandbox,
        state: 'connected',
        keyId: row.keyId,
        consumerKeySealed: row.consumerKeySealed,
        consumerSecretSealed: row.consumerSecretSealed,
        keyHint: row.keyHint,
        connectedAt: now,
        disconnectedAt: null,
        failingSince: null,
        failureNotifiedAt: null,
        updatedAt: now,
      },
    })
    .returning({ id: storeConnections.id, created: sql<boolean>`xmax = 0` });
  return { id: saved!.id, created: Boolean(saved!.created) };
}

export async function findConnection(ex: Executor, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await ex.select().from(storeConnections).where(eq(storeConnections.id, id));
  return row;
}

export async function lockConnection(ex: Executor, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await ex.select().from(storeConnections).where(eq(storeConnections.id, id)).for('update');
  return row;
}

/** The account's stores that are not disconnected, newest first. */
export function findLiveConnections(ex: Executor, userId: string, platform = 'woocommerce'): Promise<ConnectionRow[]> {
  return ex
    .select()
    .from(storeConnections)
    .where(and(eq(storeConnections.userId, userId), eq(storeConnections.platform, platform), ne(storeConnections.state, 'disconnected')))
    .orderBy(desc(storeConnections.connectedAt));
}

export async function updateConnection(ex: Executor, id: string, patch: Partial<typeof storeConnections.$inferInsert>): Promise<void> {
  await ex.update(storeConnections).set(patch).where(eq(storeConnections.id, id));
}

/** What a webhook delivery needs, by the hottest path: one indexed row. */
export async function findWebhookAuth(ex: Executor, id: string) {
  const [row] = await ex
    .select({
      id: storeConnections.id,
      userId: storeConnections.userId,
      state: storeConnections.state,
      secret: storeConnections.webhookSecretSealed,
      pendingSecret: storeConnections.pendingWebhookSecretSealed,
    })
    .from(storeConnections)
    .where(eq(storeConnections.id, id));
  return row;
}

export async function touchLastWebhook(ex: Executor, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await ex
    .update(storeConnections)
    .set({ lastWebhookAt: now })
    .where(and(inArray(storeConnections.id, ids), or(sql`${storeConnections.lastWebhookAt} is null`, lt(storeConnections.lastWebhookAt, now))));
}

export function connectedIds(ex: Executor): Promise<{ id: string }[]> {
  return ex.select({ id: storeConnections.id }).from(storeConnections).where(eq(storeConnections.state, 'connected'));
}

/** Stores failing since before `since` whose owner was not told about this failing period yet. */
export function failingToNotify(ex: Executor, since: Date): Promise<ConnectionRow[]> {
  return ex
    .select()
    .from(storeConnections)
    .where(
      and(
        ne(storeConnections.state, 'disconnected'),
        isNotNull(storeConnections.failingSince),
        lte(storeConnections.failingSince, since),
        or(sql`${storeConnections.failureNotifiedAt} is null`, lt(storeConnections.failureNotifiedAt, storeConnections.failingSince)),
      ),
    )
    .limit(100);
}

export async function markFailing(ex: Executor, id: string, now: Date, needsReconnect: boolean): Promise<void> {
  await ex
    .update(storeConnections)
    .set({
      failingSince: sql`coalesce(${storeConnections.failingSince}, ${now.toISOString()}::timestamptz)`,
      ...(needsReconnect ? { state: sql`case when ${storeConnections.state} = 'connected' then 'needs_reconnect' else ${storeConnections.state} end` } : {}),
      updatedAt: now,
    })
    .where(eq(storeConnections.id, id));
}

export async function clearFailing(ex: Executor, id: string): Promise<void> {
  await ex.update(storeConnections).set({ failingSince: null }).where(and(eq(storeConnections.id, id), isNotNull(storeConnections.failingSince)));
}

// ---------------------------------------------------------------- events

export async function insertEvent(ex: Executor, row: typeof storeEvents.$inferInsert): Promise<void> {
  await ex.insert(storeEvents).values(row);
}

export function failuresSince(ex: Executor, connectionIds: string[], since: Date) {
  if (connectionIds.length === 0) return Promise.resolve([]);
  return ex
    .select({ connectionId: storeEvents.connectionId, at: storeEvents.at, reason: storeEvents.reason })
    .from(storeEvents)
    .where(and(inArray(storeEvents.connectionId, connectionIds), eq(storeEvents.kind, 'failure'), gte(storeEvents.at, since)))
    .orderBy(desc(storeEvents.at))
    .limit(500);
}

export async function pruneEvents(ex: Executor, before: Date): Promise<void> {
  await ex.delete(storeEvents).where(lt(storeEvents.at, before));
}

// ---------------------------------------------------------------- orders

export interface UpsertedOrder {
  id: string;
  connectionId: string;
  externalId: number;
  inserted: boolean;
  weightSource: string;
}

/**
 * Inserts the orders, or merges each into the one already stored for (store, order id) unless
 * the stored one is newer. The batch must not repeat a key. A merge keeps the weight when the
 * items did not change.
 */
export async function upsertOrders(ex: Executor, rows: NewStoreOrder[]): Promise<UpsertedOrder[]> {
  if (rows.length === 0) return [];
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  return ex
    .insert(storeOrders)
    .values(rows)
    .onConflictDoUpdate({
      target: [storeOrders.connectionId, storeOrders.externalId],
      set: {
        number: excluded('number'),
        status: excluded('status'),
        currency: excluded('currency'),
        createdAtStore: excluded('created_at_store'),
        modifiedAt: excluded('modified_at'),
        customerName: excluded('customer_name'),
        searchName: excluded('search_name'),
        destination: excluded('destination'),
        problems: excluded('problems'),
        rawAddress: excluded('raw_address'),
        items: excluded('items'),
        weightKg: sql`case when ${storeOrders.items} = excluded.items then ${storeOrders.weightKg} else excluded.weight_kg end`,
        weightSource: sql`case when ${storeOrders.items} = excluded.items then ${storeOrders.weightSource} else excluded.weight_source end`,
        parcelCm: sql`case when ${storeOrders.items} = excluded.items then ${storeOrders.parcelCm} else excluded.parcel_cm end`,
        totalCentavos: excluded('total_centavos'),
        shippingMethod: excluded('shipping_method'),
        customerNote: excluded('customer_note'),
        updatedAt: excluded('updated_at'),
      },
      setWhere: sql`${storeOrders.modifiedAt} <= excluded.modified_at`,
    })
    .returning({
      id: storeOrders.id,
      connectionId: storeOrders.connectionId,
      externalId: storeOrders.externalId,
      inserted: sql<boolean>`xmax = 0`,
      weightSource: storeOrders.weightSource,
    });
}

/** The orders the E-Commerce tab shows: paid for and waiting, on hold, or completed. */
const LISTED_STATUSES = ['processing', 'on-hold', 'completed'];

export async function listOrders(ex: Executor, q: { userId: string; search?: string; limit: number; offset: number }) {
  const where = and(
    eq(storeOrders.userId, q.userId),
    inArray(storeOrders.status, LISTED_STATUSES),
    q.search ? sql`${storeOrders.searchName} like ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ex
      .select({ order: storeOrders, storeName: storeConnections.appName, sandbox: storeConnections.sandbox })
      .from(storeOrders)
      .innerJoin(storeConnections, eq(storeConnections.id, storeOrders.connectionId))
      .where(where)
      .orderBy(desc(storeOrders.createdAtStore), desc(storeOrders.id))
      .limit(q.limit)
      .offset(q.offset),
    ex.select({ n: count() }).from(storeOrders).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findOrderWithStore(ex: Executor, id: string) {
  const [row] = await ex
    .select({ order: storeOrders, storeName: storeConnections.appName, sandbox: storeConnections.sandbox, weightUnit: storeConnections.weightUnit })
    .from(storeOrders)
    .innerJoin(storeConnections, eq(storeConnections.id, storeOrders.connectionId))
    .where(eq(storeOrders.id, id));
  return row;
}

/** The order if it belongs to this account. */
export async function findOwnedOrder(ex: Executor, id: string, userId: string): Promise<{ id: string; connectionId: string } | undefined> {
  const [row] = await ex
    .select({ id: storeOrders.id, connectionId: storeOrders.connectionId })
    .from(storeOrders)
    .where(and(eq(storeOrders.id, id), eq(storeOrders.userId, userId)));
  return row;
}

/** The newest order received per store. */
export function lastOrderAt(ex: Executor, connectionIds: string[]) {
  if (connectionIds.length === 0) return Promise.resolve([]);
  return ex
    .select({ connectionId: storeOrders.connectionId, at: sql<Date | string>`max(${storeOrders.receivedAt})` })
    .from(storeOrders)
    .where(inArray(storeOrders.connectionId, connectionIds))
    .groupBy(storeOrders.connectionId);
}

export function ordersWaitingForWeight(ex: Executor, connectionId: string, limit: number) {
  return ex
    .select({ id: storeOrders.id, items: storeOrders.items })
    .from(storeOrders)
    .where(and(eq(storeOrders.connectionId, connectionId), eq(storeOrders.weightSource, 'pending')))
    .limit(limit);
}

export async function setOrderWeight(
  ex: Executor,
  id: string,
  patch: { weightKg: number | null; weightSource: 'products' | 'unknown'; parcelCm: { length: number; width: number; height: number } | null },
): Promise<void> {
  await ex
    .update(storeOrders)
    .set(patch)
    .where(and(eq(storeOrders.id, id), eq(storeOrders.weightSource, 'pending')));
}

// ---------------------------------------------------------------- products

export function findProducts(ex: Executor, connectionId: string, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return ex
    .select()
    .from(storeProducts)
    .where(and(eq(storeProducts.connectionId, connectionId), inArray(storeProducts.productId, ids)));
}

export async function upsertProducts(ex: Executor, rows: (typeof storeProducts.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await ex
    .insert(storeProducts)
    .values(rows)
    .onConflictDoUpdate({
      target: [storeProducts.connectionId, storeProducts.productId],
      set: { weightKg: sql`excluded.weight_kg`, dimensionsCm: sql`excluded.dimensions_cm`, fetchedAt: sql`excluded.fetched_at` },
    });
}

// ---------------------------------------------------------------- writebacks

export async function insertWriteback(ex: Executor, row: typeof storeWritebacks.$inferInsert): Promise<string | undefined> {
  const [created] = await ex.insert(storeWritebacks).values(row).onConflictDoNothing().returning({ id: storeWritebacks.id });
  return created?.id;
}

export async function findWriteback(ex: Executor, id: string) {
  const [row] = await ex
    .select({ writeback: storeWritebacks, externalId: storeOrders.externalId, orderNumber: storeOrders.number })
    .from(storeWritebacks)
    .innerJoin(storeOrders, eq(storeOrders.id, storeWritebacks.storeOrderId))
    .where(eq(storeWritebacks.id, id));
  return row;
}

export async function updateWriteback(ex: Executor, id: string, patch: Partial<typeof storeWritebacks.$inferInsert>): Promise<void> {
  await ex.update(storeWritebacks).set(patch).where(eq(storeWritebacks.id, id));
}

/** Writebacks waiting for the store to be connected again: they go back to pending. */
export function unblockWritebacks(ex: Executor, connectionId: string) {
  return ex
    .update(storeWritebacks)
    .set({ status: 'pending' })
    .where(and(eq(storeWritebacks.connectionId, connectionId), eq(storeWritebacks.status, 'blocked')))
    .returning({ id: storeWritebacks.id });
}

// ---------------------------------------------------------------- the demo store

export async function lockDemoStore(ex: Executor, userId: string): Promise<unknown> {
  const [row] = await ex.select({ state: demoStores.state }).from(demoStores).where(eq(demoStores.userId, userId)).for('update');
  return row?.state;
}

export async function findDemoStore(ex: Executor, userId: string): Promise<unknown> {
  const [row] = await ex.select({ state: demoStores.state }).from(demoStores).where(eq(demoStores.userId, userId));
  return row?.state;
}

export async function saveDemoStore(ex: Executor, userId: string, state: unknown, now: Date): Promise<void> {
  await ex
    .insert(demoStores)
    .values({ userId, state, updatedAt: now })
    .onConflictDoUpdate({ target: demoStores.userId, set: { state, updatedAt: now } });
}
