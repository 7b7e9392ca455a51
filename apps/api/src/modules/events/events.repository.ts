import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { domainEvents } from './events.table.js';

export interface EventRow {
  id: string;
  type: string;
  userId: string | null;
  subjectId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

const columns = {
  id: domainEvents.id,
  type: domainEvents.type,
  userId: domainEvents.userId,
  subjectId: domainEvents.subjectId,
  data: domainEvents.data,
  createdAt: domainEvents.createdAt,
};

/** One statement for the whole batch (a purchase of 100 shipments writes 100 events at once). */
export async function insertEvents(tx: Executor, rows: readonly EventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(domainEvents).values(rows.map((r) => ({ ...r })));
}

export async function findEvents(db: Executor, ids: readonly string[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(columns)
    .from(domainEvents)
    .where(inArray(domainEvents.id, [...ids]));
}

/** An account's events, newest first (tests and the developer page's samples). */
export async function listEventsOf(
  db: Executor,
  userId: string,
  opts: { type?: string; limit: number; before?: number },
): Promise<(EventRow & { seq: number })[]> {
  return db
    .select({ ...columns, seq: domainEvents.seq })
    .from(domainEvents)
    .where(
      and(
        eq(domainEvents.userId, userId),
        opts.type ? eq(domainEvents.type, opts.type) : undefined,
        opts.before ? lt(domainEvents.seq, opts.before) : undefined,
      ),
    )
    .orderBy(desc(domainEvents.seq))
    .limit(opts.limit);
}

/** Events older than `before` (and, through their foreign keys, their deliveries): the daily cleanup, in slices. */
export async function deleteEventsBefore(db: Executor, before: Date, limit = 5_000): Promise<number> {
  const old = db.select({ id: domainEvents.id }).from(domainEvents).where(lt(domainEvents.createdAt, before)).limit(limit);
  const gone = await db.delete(domainEvents).where(inArray(domainEvents.id, old)).returning({ id: domainEvents.id });
  return gone.length;
}
