import { sql } from 'drizzle-orm';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { TrackingRoute, TrackingState } from '@envios/contracts/tracking';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { shipments } from '../shipments/shipments.table.js';

/**
 * Where each issued guide stands (issue 7): one row per shipment with a guide, refreshed by the
 * tracking job on its own schedule (`next_check_at`), never more often than the carrier allows.
 */
export const trackingStates = pgTable(
  'tracking_states',
  {
    shipmentId: uuid('shipment_id')
      .primaryKey()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    guideNumber: text('guide_number').notNull(),
    carrierCode: text('carrier_code').$type<CarrierCode>().notNull(),
    route: text('route').$type<TrackingRoute>().notNull(),
    state: text('state').$type<TrackingState>().notNull().default('pending'),
    /** The spec's headline text, also written to shipments.tracking_status for the lists. */
    headline: text('headline').notNull(),
    sandbox: boolean('sandbox').notNull().default(false),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** Consecutive failed checks (carrier down): the back-off grows with it. */
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    shipperCity: text('shipper_city'),
    consigneeCity: text('consignee_city'),
    pieces: integer('pieces'),
    publicUrl: text('public_url'),
    /** Delivered, cancelled or returned: no more checks. */
    finished: boolean('finished').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('tracking_states_carrier_guide_unique').on(t.carrierCode, t.guideNumber),
    index('tracking_states_guide_idx').on(t.guideNumber),
    index('tracking_states_due_idx')
      .on(t.nextCheckAt)
      .where(sql`not ${t.finished}`),
  ],
);

/** Every event seen, once: `fingerprint` (moment, code, location, piece) makes a re-read change nothing. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    state: text('state').$type<TrackingState>().notNull(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    piece: text('piece'),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('tracking_events_shipment_fingerprint_unique').on(t.shipmentId, t.fingerprint),
    index('tracking_events_shipment_occurred_idx').on(t.shipmentId, t.occurredAt.desc()),
    check(
      'tracking_events_state',
      sql`${t.state} in ('pending', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'delivery_failed', 'on_hold', 'return_to_sender', 'cancelled', 'unknown')`,
    ),
  ],
);
