import { and, asc, desc, eq, getTableColumns, inArray, lte, not, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { trackingEvents, trackingStates } from './tracking.table.js';

export type TrackingStateRow = typeof trackingStates.$inferSelect;
export type TrackingStateInsert = typeof trackingStates.$inferInsert;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;
export type TrackingEventInsert = typeof trackingEvents.$inferInsert;

/** A state row with the shipment's service name (read by name from `shipments`, one query). */
export type TrackingLookupRow = TrackingStateRow & { serviceName: string | null };

const serviceName = sql<string | null>`(select s.service_name from shipments s where s.id = ${trackingStates.shipmentId})`;

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
