import { and, count, desc, eq, gte, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { demoStores, storeConnections, storeEvents, storeHandshakes, storeOrders, storeProducts, storeWritebacks } from './integrations.table.js';

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
  row: Pick<ConnectionRow, 'userId' | 'platform' | 'storeUrl' | 'appName' | 'sandbox' | 'keyId' | 'consumerKeySealed' | 'consumerSecretSealed' | 'keyHint'> &
    Partial<Pick<ConnectionRow, 'externalStoreId' | 'pendingWebhookSecretSealed'>>,
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
        ...(row.externalStoreId !== undefined ? { externalStoreId: row.externalStoreId } : {}),
        ...(row.pendingWebhookSecretSealed !== undefined ? { pendingWebhookSecretSealed: row.pendingWebhookSecretSealed } : {}),
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

/** The account's stores that are not disconnected (of one platform, or all), newest first. */
export function findLiveConnections(ex: Executor, userId: string, platform?: string): Promise<ConnectionRow[]> {
  return ex
    .select()
    .from(storeConnections)
    .where(and(eq(storeConnections.userId, userId), platform ? eq(storeConnections.platform, platform) : undefined, ne(storeConnections.state, 'disconnected')))
    .orderBy(desc(storeConnections.connectedAt));
}

export async function updateConnection(ex: Executor, id: string, patch: Partial<typeof storeConnections.$inferInsert>): Promise<void> {
  await ex.update(storeConnections).set(patch).where(eq(storeConnections.id, id));
}

/** The live connections of a platform at one store address (app-level notices name only the store). */
export function findConnectionsAt(ex: Executor, platform: string, storeUrl: string): Promise<ConnectionRow[]> {
  return ex
    .select()
    .from(storeConnections)
    .where(and(eq(storeConnections.platform, platform), eq(storeConnections.storeUrl, storeUrl), ne(storeConnections.state, 'disconnected')));
}

/** What a webhook delivery needs, by the hottest path: one indexed row. */
export async function findWebhookAuth(ex: Executor, id: string) {
  const [row] = await ex
    .select({
      id: storeConnections.id,
      userId: storeConnections.userId,
      platform: storeConnections.platform,
      state: storeConnections.state,
      secret: storeConnections.webhookSecretSealed,
      pendingSecret: storeConnections.pendingWebhookSecretSealed,
    })
    .from(storeConnections)
    .where(eq(storeConnections.id, id));
  return row;
}

/** A delivery (and, for `withNewOrders`, a new order) arrived now for these stores. */
export async function touchConnections(ex: Executor, ids: string[], withNewOrders: string[], now: Date): Promise<void> {
  if (ids.length > 0) {
    await ex
      .update(storeConnections)
      .set({ lastWebhookAt: now })
      .where(and(inArray(storeConnections.id, ids), or(sql`${storeConnections.lastWebhookAt} is null`, lt(storeConnections.lastWebhookAt, now))));
  }
  if (withNewOrders.length > 0) {
    await ex
      .update(storeConnections)
      .set({ lastOrderAt: now })
      .where(and(inArray(storeConnections.id, withNewOrders), or(sql`${storeConnections.lastOrderAt} is null`, lt(storeConnections.lastOrderAt, now))));
  }
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
  await ex
    .update(storeConnections)
    .set({ failingSince: null })
    .where(and(eq(storeConnections.id, id), isNotNull(storeConnections.failingSince)));
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

/** Both drivers answer raw SQL as `{ rows }`; the shared Database type leaves that shape unknown. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows?: Row[] }).rows ?? [];
}

/**
 * Inserts the orders, or merges each into the one already stored for (store, order id) unless
 * the stored one is newer (or the very same: a repeated delivery writes nothing). The batch must
 * not repeat a key. A merge keeps the weight when the
 * items did not change. The whole batch travels as one JSON parameter: the statement's cost
 * does not grow with a thousand bound parameters.
 */
export async function upsertOrders(ex: Executor, rows: NewStoreOrder[]): Promise<UpsertedOrder[]> {
  if (rows.length === 0) return [];
  const batch = JSON.stringify(
    rows.map((r) => ({
      connection_id: r.connectionId,
      user_id: r.userId,
      external_id: r.externalId,
      number: r.number,
      status: r.status,
      currency: r.currency,
      created_at_store: r.createdAtStore,
      modified_at: r.modifiedAt,
      content_hash: r.contentHash,
      customer_name: r.customerName,
      search_name: r.searchName,
      destination: r.destination,
      problems: r.problems,
      raw_address: r.rawAddress,
      items: r.items,
      weight_kg: r.weightKg ?? null,
      weight_source: r.weightSource ?? 'pending',
      parcel_cm: r.parcelCm ?? null,
      total_centavos: r.totalCentavos,
      shipping_method: r.shippingMethod,
      customer_note: r.customerNote,
      source: r.source,
      received_at: r.receivedAt,
      updated_at: r.updatedAt,
    })),
  );
  const result = await ex.execute(sql`
    insert into store_orders as o (connection_id, user_id, external_id, number, status, currency, created_at_store, modified_at, content_hash, customer_name, search_name,
      destination, problems, raw_address, items, weight_kg, weight_source, parcel_cm, total_centavos, shipping_method, customer_note, source, received_at, updated_at)
    select connection_id, user_id, external_id, number, status, currency, created_at_store, modified_at, content_hash, customer_name, search_name,
      destination, problems, raw_address, items, weight_kg, weight_source, parcel_cm, total_centavos, shipping_method, customer_note, source, received_at, updated_at
    from jsonb_to_recordset(${batch}::jsonb) as r(connection_id uuid, user_id uuid, external_id bigint, number text, status text, currency text,
      created_at_store timestamptz, modified_at timestamptz, content_hash text, customer_name text, search_name text, destination jsonb, problems jsonb, raw_address jsonb,
      items jsonb, weight_kg numeric, weight_source text, parcel_cm jsonb, total_centavos bigint, shipping_method text, customer_note text, source text,
      received_at timestamptz, updated_at timestamptz)
    on conflict (connection_id, external_id) do update set
      number = excluded.number, status = excluded.status, currency = excluded.currency, created_at_store = excluded.created_at_store,
      modified_at = excluded.modified_at, content_hash = excluded.content_hash, customer_name = excluded.customer_name, search_name = excluded.search_name,
      destination = excluded.destination, problems = excluded.problems, raw_address = excluded.raw_address, items = excluded.items,
      weight_kg = case when o.items = excluded.items then o.weight_kg else excluded.weight_kg end,
      weight_source = case when o.items = excluded.items then o.weight_source else excluded.weight_source end,
      parcel_cm = case when o.items = excluded.items then o.parcel_cm else excluded.parcel_cm end,
      total_centavos = excluded.total_centavos, shipping_method = excluded.shipping_method, customer_note = excluded.customer_note,
      updated_at = excluded.updated_at
    where o.modified_at < excluded.modified_at or (o.modified_at = excluded.modified_at and o.content_hash <> excluded.content_hash)
    returning o.id, o.connection_id as "connectionId", o.external_id as "externalId", (o.xmax = 0) as inserted, o.weight_source as "weightSource"`);
  return rowsOf<UpsertedOrder & { externalId: number | string }>(result).map((r) => ({
    ...r,
    externalId: Number(r.externalId),
    inserted: Boolean(r.inserted),
  }));
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
      .select({ order: storeOrders, storeName: storeConnections.appName, sandbox: storeConnections.sandbox, platform: storeConnections.platform })
      .from(storeOrders)
      .innerJoin(storeConnections, eq(storeConnections.id, storeOrders.connectionId))
      .where(where)
      .orderBy(desc(storeOrders.createdAtStore), desc(storeOrders.externalId), desc(storeOrders.id))
      .limit(q.limit)
      .offset(q.offset),
    ex.select({ n: count() }).from(storeOrders).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findOrderWithStore(ex: Executor, id: string) {
  const [row] = await ex
    .select({
      order: storeOrders,
      storeName: storeConnections.appName,
      sandbox: storeConnections.sandbox,
      platform: storeConnections.platform,
      weightUnit: storeConnections.weightUnit,
    })
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

export function ordersWaitingForWeight(ex: Executor, connectionId: string, limit: number) {
  return ex
    .select({ id: storeOrders.id, items: storeOrders.items })
    .from(storeOrders)
    .where(and(eq(storeOrders.connectionId, connectionId), eq(storeOrders.weightSource, 'pending')))
    .limit(limit);
}

/** Each order's weight and box, in one statement; an order already weighed is left alone. */
export async function setOrderWeights(
  ex: Executor,
  rows: { id: string; weightKg: number | null; weightSource: 'products' | 'unknown'; parcelCm: { length: number; width: number; height: number } | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = JSON.stringify(rows.map((r) => ({ id: r.id, w: r.weightKg, s: r.weightSource, p: r.parcelCm })));
  await ex.execute(sql`
    update store_orders o set weight_kg = v.w, weight_source = v.s, parcel_cm = v.p
    from jsonb_to_recordset(${values}::jsonb) as v(id uuid, w numeric, s text, p jsonb)
    where o.id = v.id and o.weight_source = 'pending'`);
}

/**
 * A privacy request: the customer's name, address, e-mail and phone leave these orders (or every
 * order of the store); what was bought and the shipments made stay.
 */
export async function redactOrders(ex: Executor, connectionId: string, externalIds: number[] | 'all'): Promise<void> {
  if (externalIds !== 'all' && externalIds.length === 0) return;
  await ex
    .update(storeOrders)
    .set({ customerName: 'Datos borrados', searchName: '', destination: {}, rawAddress: {}, customerNote: '' })
    .where(and(eq(storeOrders.connectionId, connectionId), externalIds === 'all' ? undefined : inArray(storeOrders.externalId, externalIds)));
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

/** The store's reference left by the latest other event of this shipment already written (Shopify's fulfillment id). */
export async function previousWritebackRef(ex: Executor, shipmentId: string, exceptId: string): Promise<string | null> {
  const [row] = await ex
    .select({ ref: storeWritebacks.ref })
    .from(storeWritebacks)
    .where(
      and(eq(storeWritebacks.shipmentId, shipmentId), ne(storeWritebacks.id, exceptId), eq(storeWritebacks.status, 'done'), isNotNull(storeWritebacks.ref)),
    )
    .orderBy(desc(storeWritebacks.doneAt))
    .limit(1);
  return row?.ref ?? null;
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

export async function lockDemoStore(ex: Executor, userId: string, platform = 'woocommerce'): Promise<unknown> {
  const [row] = await ex
    .select({ state: demoStores.state })
    .from(demoStores)
    .where(and(eq(demoStores.userId, userId), eq(demoStores.platform, platform)))
    .for('update');
  return row?.state;
}

export async function findDemoStore(ex: Executor, userId: string, platform = 'woocommerce'): Promise<unknown> {
  const [row] = await ex
    .select({ state: demoStores.state })
    .from(demoStores)
    .where(and(eq(demoStores.userId, userId), eq(demoStores.platform, platform)));
  return row?.state;
}

export async function saveDemoStore(ex: Executor, userId: string, state: unknown, now: Date, platform = 'woocommerce'): Promise<void> {
  await ex
    .insert(demoStores)
    .values({ userId, platform, state, updatedAt: now })
    .onConflictDoUpdate({ target: [demoStores.userId, demoStores.platform], set: { state, updatedAt: now } });
}
