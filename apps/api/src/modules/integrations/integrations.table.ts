import { sql } from 'drizzle-orm';
import type { ConnectionState, OrderProblem } from '@envios/contracts/integrations';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { shipments } from '../shipments/shipments.table.js';

/**
 * A key handshake under way: `/woocommerce/oauth` creates it, the store's key callback uses it
 * exactly once. The `user_id` the store sees is this row's id signed with SECRET_KEY, never an
 * account id.
 */
export const storeHandshakes = pgTable(
  'store_handshakes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull().default('woocommerce'),
    storeUrl: text('store_url').notNull(),
    appName: text('app_name').notNull(),
    sandbox: boolean('sandbox').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the one key callback that was answered 200. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('store_handshakes_user_idx').on(t.userId, t.createdAt)],
);

/** Our webhooks on the store, by topic, as its platform names them (ids on the store). */
export type StoreWebhookIds = Record<string, number | string | null>;

/**
 * One connected store of an account (one row per store URL; connecting again or reconnecting
 * reuses it, so its orders stay with it). Keys and the webhook secret are sealed with SECRET_KEY.
 */
export const storeConnections = pgTable(
  'store_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull().default('woocommerce'),
    storeUrl: text('store_url').notNull(),
    appName: text('app_name').notNull(),
    sandbox: boolean('sandbox').notNull().default(false),
    state: text('state').$type<ConnectionState>().notNull(),
    keyId: integer('key_id'),
    /** WooCommerce's consumer key, or the access token of the other platforms. */
    consumerKeySealed: text('consumer_key_sealed'),
    consumerSecretSealed: text('consumer_secret_sealed'),
    keyHint: text('key_hint'),
    webhookSecretSealed: text('webhook_secret_sealed'),
    /**
     * The secret of webhooks being created right now: chosen and committed before they exist on
     * the store, so their first deliveries already verify, and reused if the set-up is retried.
     */
    pendingWebhookSecretSealed: text('pending_webhook_secret_sealed'),
    webhookIds: jsonb('webhook_ids').$type<StoreWebhookIds>(),
    weightUnit: text('weight_unit').notNull().default('kg'),
    /** The platform's own id of the store (Tiendanube's user_id), when its API paths need it. */
    externalStoreId: text('external_store_id'),
    completeOnDelivery: boolean('complete_on_delivery').notNull().default(true),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    lastWebhookAt: timestamp('last_webhook_at', { withTimezone: true }),
    /** When a new order of this store was last stored (written every few seconds at most). */
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** The newest order creation date seen (GMT): the periodic sync asks from here. */
    syncCursor: timestamp('sync_cursor', { withTimezone: true }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    failureNotifiedAt: timestamp('failure_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('store_connections_user_store_unique').on(t.userId, t.platform, t.storeUrl),
    index('store_connections_live_idx')
      .on(t.state)
      .where(sql`${t.state} <> 'disconnected'`),
    check('store_connections_state', sql`${t.state} in ('connected', 'needs_reconnect', 'disconnected')`),
  ],
);

/** What went wrong (or was recovered) with a store, for its health panel; reasons in Spanish. */
export const storeEvents = pgTable(
  'store_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => storeConnections.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').$type<'failure' | 'recovered'>().notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('store_events_connection_at_idx').on(t.connectionId, t.at.desc())],
);

/** A line of an order as we keep it. */
export interface StoreOrderItem {
  name: string;
  productId: number;
  quantity: number;
  sku: string;
}

/**
 * One store order, once: (connection, the store's order id) is unique and later deliveries or
 * syncs merge into it, never older over newer (`modified_at`). The destination is already mapped
 * to our address rules; what could not be mapped is in `problems`, never dropped.
 */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => storeConnections.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    externalId: bigint('external_id', { mode: 'number' }).notNull(),
    number: text('number').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    createdAtStore: timestamp('created_at_store', { withTimezone: true }).notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull(),
    /** A digest of what we keep of the order: the same delivery again changes nothing. */
    contentHash: text('content_hash').notNull(),
    customerName: text('customer_name').notNull(),
    /** Lower-cased, accents removed: what the name filter searches. */
    searchName: text('search_name').notNull(),
    destination: jsonb('destination').$type<Record<string, string>>().notNull(),
    problems: jsonb('problems').$type<OrderProblem[]>().notNull(),
    /** The store's address as received (shipping or billing), for the seller to compare. */
    rawAddress: jsonb('raw_address').$type<Record<string, string>>().notNull(),
    items: jsonb('items').$type<StoreOrderItem[]>().notNull(),
    /** From the store's products; null until known (or when a product has no weight). */
    weightKg: numeric('weight_kg', { precision: 10, scale: 3, mode: 'number' }),
    /** pending: products not looked up yet; products: weight from them; unknown: the store has none. */
    weightSource: text('weight_source').$type<'pending' | 'products' | 'unknown'>().notNull().default('pending'),
    parcelCm: jsonb('parcel_cm').$type<{ length: number; width: number; height: number } | null>(),
    totalCentavos: bigint('total_centavos', { mode: 'number' }).notNull(),
    shippingMethod: text('shipping_method').notNull(),
    customerNote: text('customer_note').notNull(),
    source: text('source').$type<'webhook' | 'sync'>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('store_orders_connection_external_unique').on(t.connectionId, t.externalId),
    index('store_orders_user_created_idx').on(t.userId, t.createdAtStore.desc()),
    index('store_orders_weight_pending_idx')
      .on(t.connectionId)
      .where(sql`${t.weightSource} = 'pending'`),
    check('store_orders_money', sql`${t.totalCentavos} >= 0`),
  ],
);

/** Product weights and measures as the store gave them (kg, cm), per store. */
export const storeProducts = pgTable(
  'store_products',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => storeConnections.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    weightKg: numeric('weight_kg', { precision: 10, scale: 3, mode: 'number' }),
    dimensionsCm: jsonb('dimensions_cm').$type<{ length: number; width: number; height: number } | null>(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.productId] })],
);

/**
 * Tracking written back to a store order: one row per (shipment, event), where the event is
 * `issued` or a tracking state. Its job sends it; `blocked` waits for the store to be
 * reconnected; `done` never sends again.
 */
export const storeWritebacks = pgTable(
  'store_writebacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => storeConnections.id, { onDelete: 'cascade' }),
    storeOrderId: uuid('store_order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    guideNumber: text('guide_number').notNull(),
    carrierName: text('carrier_name').notNull(),
    stateLabel: text('state_label').notNull(),
    status: text('status').$type<'pending' | 'blocked' | 'done'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    noteId: bigint('note_id', { mode: 'number' }),
    /** What the store kept of this event (WooCommerce's note id, Shopify's fulfillment id): later events build on it. */
    ref: text('ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    unique('store_writebacks_shipment_event_unique').on(t.shipmentId, t.event),
    index('store_writebacks_blocked_idx')
      .on(t.connectionId)
      .where(sql`${t.status} = 'blocked'`),
    check('store_writebacks_status', sql`${t.status} in ('pending', 'blocked', 'done')`),
  ],
);

/** The offline demo stores of each account, one per platform: the whole simulated store in one JSON document. */
export const demoStores = pgTable(
  'demo_stores',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull().default('woocommerce'),
    state: jsonb('state').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platform] })],
);

/**
 * The rule that ships a store's orders by itself: the origin (a saved address), the package (a
 * saved package, or the weight from the products), the carrier rule (cheapest, fastest or a named
 * service, with a maximum price) and, opted in, automatic purchase from the wallet with a daily limit.
 */
export const storeRules = pgTable(
  'store_rules',
  {
    connectionId: uuid('connection_id')
      .primaryKey()
      .references(() => storeConnections.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originAddressId: uuid('origin_address_id'),
    packageTemplateId: uuid('package_template_id'),
    carrierRule: text('carrier_rule').$type<'cheapest' | 'fastest' | 'service'>().notNull().default('cheapest'),
    serviceName: text('service_name'),
    maxPriceCentavos: bigint('max_price_centavos', { mode: 'number' }),
    autoPurchase: boolean('auto_purchase').notNull().default(false),
    dailyLimit: integer('daily_limit').notNull().default(20),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('store_rules_limits', sql`${t.dailyLimit} between 1 and 500 and (${t.maxPriceCentavos} is null or ${t.maxPriceCentavos} > 0)`)],
);

/**
 * One automatic purchase per store order, whatever happens: the order id is the key, so a
 * notice delivered twice or two processes at once buy one guide. `waiting` keeps the reason
 * the rule could not decide, in Spanish, for the E-Commerce tab.
 */
export const storeAutoOrders = pgTable(
  'store_auto_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => storeConnections.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'queued' | 'buying' | 'bought' | 'waiting'>().notNull(),
    reason: text('reason'),
    /**
     * Why a waiting order waits, when it can go on by itself: `wallet_short` retries when the
     * wallet is credited, `daily_limit` the next day; null (an address to review, no service…) waits for the seller.
     */
    waitKind: text('wait_kind').$type<'wallet_short' | 'daily_limit'>(),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    /** The day of the purchase in America/Mexico_City (YYYY-MM-DD): what the daily limit counts (a held order: the day it was held). */
    day: text('day'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('store_auto_orders_connection_day_idx').on(t.connectionId, t.day),
    index('store_auto_orders_waiting_idx')
      .on(t.waitKind, t.userId, t.createdAt)
      .where(sql`${t.status} = 'waiting'`),
  ],
);
