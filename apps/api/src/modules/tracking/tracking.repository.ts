import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, lte, not, notExists, sql } from 'drizzle-orm';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { Database, Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { guideLabels } from '../guides/guides.table.js';
import { shipments } from '../shipments/shipments.table.js';
import { trackingEvents, trackingStates } from './tracking.table.js';

/*
 * Tracking reads the shipments, their guide records and the accounts through their owners' table
 * objects, read-only, so a renamed column breaks the build and not a running query. Writes to a
 * shipment go through the shipments use cases.
 */

export type TrackingStateRow = typeof trackingStates.$inferSelect;
export type TrackingStateInsert = typeof trackingStates.$inferInsert;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;
export type TrackingEventInsert = typeof trackingEvents.$inferInsert;

/** A state row with the shipment's service name (one query). */
export type TrackingLookupRow = TrackingStateRow & { serviceName: string | null };

const serviceName = sql<string | null>`(select ${shipments.serviceName} from ${shipments} where ${shipments.id} = ${trackingStates.shipmentId})`;

/** Inserts the row unless the shipment (or the carrier's guide number) is already tracked. */
export async function insertState(ex: Executor, row: TrackingStateInsert): Promise<boolean> {
  const rows = await ex.insert(trackingStates).values(row).onConflictDoNothing().returning({ id: trackingStates.shipmentId });
  return rows.length === 1;
}

/** The rows of a guide number (one per carrier at most), newest issue first. */
export function findStatesByGuide(ex: Executor, guideNumber: string): Promise<TrackingLookupRow[]> {
  return ex
    .select({
      ...getTableColumns(trackingStates),
      serviceName,
    })
    .from(trackingStates)
    .where(eq(trackingStates.guideNumber, guideNumber))
    .orderBy(desc(trackingStates.issuedAt))
    .limit(5);
}

export async function lockState(ex: Executor, shipmentId: string): Promise<TrackingStateRow | undefined> {
  const [row] = await ex.select().from(trackingStates).where(eq(trackingStates.shipmentId, shipmentId)).limit(1).for('update');
  return row;
}

export async function findState(ex: Executor, shipmentId: string): Promise<TrackingStateRow | undefined> {
  const [row] = await ex.select().from(trackingStates).where(eq(trackingStates.shipmentId, shipmentId)).limit(1);
  return row;
}

/** Newest first; at most `limit` events (a guide rarely has more than a few dozen). */
export function findEvents(ex: Executor, shipmentId: string, limit = 200): Promise<TrackingEventRow[]> {
  return ex
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.shipmentId, shipmentId))
    .orderBy(desc(trackingEvents.occurredAt), desc(trackingEvents.createdAt))
    .limit(limit);
}

/** Oldest first (the headline rules read them so). */
export function findEventsOldestFirst(ex: Executor, shipmentId: string): Promise<TrackingEventRow[]> {
  return ex
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.shipmentId, shipmentId))
    .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.createdAt));
}

/** Inserts the events not seen before (by fingerprint); answers how many were new. */
export async function insertEvents(ex: Executor, rows: TrackingEventInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await ex.insert(trackingEvents).values(rows).onConflictDoNothing().returning({ id: trackingEvents.id });
  return inserted.length;
}

export async function updateState(ex: Executor, shipmentId: string, patch: Partial<TrackingStateInsert>): Promise<void> {
  await ex.update(trackingStates).set(patch).where(eq(trackingStates.shipmentId, shipmentId));
}

/**
 * Claims up to `limit` due guides (next check passed, not finished) for one worker: their next
 * check moves to `leaseUntil`, so no other process takes them meanwhile, and a worker killed
 * mid-way leaves them due again once the lease runs out. SKIP LOCKED: concurrent claims never wait.
 */
export async function claimDue(db: Database, opts: { now: Date; leaseUntil: Date; limit: number }): Promise<TrackingLookupRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: trackingStates.shipmentId })
      .from(trackingStates)
      .where(and(not(trackingStates.finished), lte(trackingStates.nextCheckAt, opts.now)))
      .orderBy(asc(trackingStates.nextCheckAt))
      .limit(opts.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(trackingStates)
      .set({ nextCheckAt: opts.leaseUntil })
      .where(
        inArray(
          trackingStates.shipmentId,
          due.map((d) => d.id),
        ),
      )
      .returning({ ...getTableColumns(trackingStates), serviceName });
  });
}

// ---------------------------------------------------------------- shipments to track (read-only)

/** What starting to track a guide needs to know of its shipment. */
export interface ShipmentToTrack {
  shipmentId: string;
  guideNumber: string;
  carrierCode: CarrierCode;
  serviceName: string;
  /** From the guide record when there is one (a sandbox or demo guide). */
  sandbox: boolean | null;
  issuedAt: Date;
  originCity: string;
  destinationCity: string;
  pieces: number;
}

/** The guide's issue time: its guide record's, else when the shipment was paid, else its last change. */
const shipmentToTrackColumns = {
  shipmentId: shipments.id,
  guideNumber: shipments.numberGuide,
  carrierCode: shipments.carrierCode,
  serviceName: shipments.serviceName,
  sandbox: guideLabels.sandbox,
  issuedAt: sql<Date | string>`coalesce(${guideLabels.issuedAt}, ${shipments.paidAt}, ${shipments.updatedAt})`,
  originCity: sql<string>`${shipments.origin}->>'city'`,
  destinationCity: sql<string>`${shipments.destination}->>'city'`,
  pieces: sql<number>`jsonb_array_length(${shipments.parcels})`,
};

type ShipmentToTrackRow = Omit<ShipmentToTrack, 'guideNumber' | 'issuedAt' | 'sandbox'> & {
  guideNumber: string | null;
  issuedAt: Date | string;
  sandbox: boolean | null;
};

function toShipmentToTrack(row: ShipmentToTrackRow): ShipmentToTrack {
  return { ...row, guideNumber: row.guideNumber ?? '', issuedAt: new Date(row.issuedAt), pieces: Number(row.pieces) };
}

/** Shipments with a guide number and no tracking row yet (guides issued before tracking existed), oldest first. */
export async function findShipmentsWithoutTracking(ex: Executor, limit: number): Promise<ShipmentToTrack[]> {
  const rows = await ex
    .select(shipmentToTrackColumns)
    .from(shipments)
    .leftJoin(guideLabels, eq(guideLabels.shipmentId, shipments.id))
    .where(
      and(
        isNotNull(shipments.numberGuide),
        notExists(
          ex
            .select({ one: sql`1` })
            .from(trackingStates)
            .where(eq(trackingStates.shipmentId, shipments.id)),
        ),
      ),
    )
    .orderBy(asc(shipments.createdAt))
    .limit(limit);
  return rows.map(toShipmentToTrack);
}

/** The shipment that carries this guide number, when tracking has no row for it yet. */
export async function findShipmentToTrackByGuide(ex: Executor, guideNumber: string): Promise<ShipmentToTrack | undefined> {
  const [row] = await ex
    .select(shipmentToTrackColumns)
    .from(shipments)
    .leftJoin(guideLabels, eq(guideLabels.shipmentId, shipments.id))
    .where(and(eq(shipments.numberGuide, guideNumber), isNotNull(shipments.numberGuide)))
    .limit(1);
  if (!row?.guideNumber) return undefined;
  return toShipmentToTrack(row);
}

/** Who hears about a new tracking state: the shipment's customer e-mail and the account's phone. */
export interface TrackingRecipient {
  userId: string;
  numberOfOrder: number;
  firstName: string;
  email: string;
  phone: string | null;
  destinationCity: string;
}

export async function findTrackingRecipient(ex: Executor, shipmentId: string): Promise<TrackingRecipient | undefined> {
  const [row] = await ex
    .select({
      userId: shipments.userId,
      numberOfOrder: shipments.numberOfOrder,
      firstName: shipments.customerFirstNames,
      email: shipments.customerEmail,
      phone: users.phone,
      destinationCity: sql<string>`${shipments.destination}->>'city'`,
    })
    .from(shipments)
    .leftJoin(users, eq(users.id, shipments.userId))
    .where(eq(shipments.id, shipmentId))
    .limit(1);
  return row;
}
