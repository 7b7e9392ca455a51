import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { jobs } from './jobs.table.js';

export interface JobRow {
  id: string;
  type: string;
  key: string;
  payload: unknown;
  status: 'pending' | 'running' | 'done' | 'failed';
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lockedBy: string | null;
  lockedUntil: Date | null;
  lastError: string | null;
  doneAt: Date | null;
}

const jobColumns = {
  id: jobs.id,
  type: jobs.type,
  key: jobs.key,
  payload: jobs.payload,
  status: jobs.status,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  runAt: jobs.runAt,
  lockedBy: jobs.lockedBy,
  lockedUntil: jobs.lockedUntil,
  lastError: jobs.lastError,
  doneAt: jobs.doneAt,
};

/** Inserts the job unless one with the same key exists; answers the id either way. */
export async function insertJob(
  db: Executor,
  input: { type: string; key: string; payload: unknown; runAt: Date; maxAttempts: number; now: Date },
): Promise<{ id: string; created: boolean }> {
  const { now, ...values } = input;
  const inserted = await db
    .insert(jobs)
    .values({ ...values, status: 'pending', createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const existing = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.key, input.key));
  return { id: existing[0]!.id, created: false };
}

/** Many jobs in one statement; keys already queued keep their job. Answers how many were inserted. */
export async function insertJobs(
  db: Executor,
  rows: readonly { type: string; key: string; payload: unknown; runAt: Date; maxAttempts: number }[],
  now: Date,
): Promise<number> {
  let count = 0;
  // Slices keep each statement well under PostgreSQL's 65,535 parameters.
  for (let i = 0; i < rows.length; i += 1_000) {
    const inserted = await db
      .insert(jobs)
      .values(rows.slice(i, i + 1_000).map((r) => ({ ...r, status: 'pending' as const, createdAt: now, updatedAt: now })))
      .onConflictDoNothing({ target: jobs.key })
      .returning({ id: jobs.id });
    count += inserted.length;
  }
  return count;
}

/** Jobs whose worker died on their last allowed attempt are given up for good. */
export async function failAbandonedJobs(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'failed',
      lockedBy: null,
      lockedUntil: null,
      updatedAt: now,
      lastError: sql`coalesce(${jobs.lastError} || ' · ', '') || 'el trabajador no terminó antes de que venciera su plazo'`,
    })
    .where(and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now), sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Claims up to `limit` due jobs for this worker: pending ones whose time came, and running ones
 * whose lease ran out. SKIP LOCKED lets concurrent workers take different rows without waiting.
 */
export async function claimJobs(db: Database, opts: { now: Date; workerId: string; lockedUntil: Date; limit: number }): Promise<JobRow[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(
        and(eq(jobs.status, 'pending'), lte(jobs.runAt, opts.now)),
        and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, opts.now), lt(jobs.attempts, jobs.maxAttempts)),
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: opts.workerId,
      lockedUntil: opts.lockedUntil,
      updatedAt: opts.now,
    })
    .where(inArray(jobs.id, due))
    .returning(jobColumns);
}

/** The fence: only the worker that holds this attempt's lease may settle the job. */
function heldBy(id: string, workerId: string, attempt: number) {
  return and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId), eq(jobs.attempts, attempt));
}

/** Marks the job done; false when this worker no longer holds it (its lease was taken over). */
export async function markJobDone(db: Executor, opts: { id: string; workerId: string; attempt: number; now: Date; payload?: unknown }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'done',
      doneAt: opts.now,
      updatedAt: opts.now,
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
    })
    .where(heldBy(opts.id, opts.workerId, opts.attempt))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Records the failure: back to pending at `retryAt`, or failed for good when there is none. */
export async function markJobFailed(
  db: Executor,
  opts: { id: string; workerId: string; attempt: number; now: Date; error: string; retryAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: opts.retryAt ? 'pending' : 'failed',
      runAt: opts.retryAt ?? sql`${jobs.runAt}`,
      lastError: opts.error.slice(0, 2000),
      lockedBy: null,
      lockedUntil: null,
      updatedAt: opts.now,
    })
    .where(heldBy(opts.id, opts.workerId, opts.attempt))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function findJobByKey(db: Executor, key: string): Promise<JobRow | undefined> {
  const rows = await db.select(jobColumns).from(jobs).where(eq(jobs.key, key));
  return rows[0];
}

export async function findJobs(db: Executor, opts: { type?: string } = {}): Promise<JobRow[]> {
  const rows = await db
    .select(jobColumns)
    .from(jobs)
    .where(opts.type ? eq(jobs.type, opts.type) : undefined)
    .orderBy(asc(jobs.createdAt));
  return rows;
}

/** Jobs per type and status, and for each type the run time of its oldest due, unclaimed job. */
export async function jobStats(db: Executor, now: Date): Promise<{ type: string; status: string; count: number; oldestDueAt: Date | null }[]> {
  const rows = await db
    .select({
      type: jobs.type,
      status: jobs.status,
      count: sql<number>`count(*)::int`,
      oldestDueAt: sql<Date | string | null>`min(${jobs.runAt}) filter (where ${jobs.status} = 'pending' and ${jobs.runAt} <= ${now})`,
    })
    .from(jobs)
    .groupBy(jobs.type, jobs.status);
  return rows.map((r) => ({ ...r, count: Number(r.count), oldestDueAt: r.oldestDueAt === null ? null : new Date(r.oldestDueAt) }));
}

/**
 * Every running job back to pending, due now (their worker is known to be gone); one that used its
 * last attempt has its lease ended instead, so the next claim gives it up (failAbandonedJobs).
 */
export async function releaseRunningJobs(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ status: 'pending', lockedBy: null, lockedUntil: null, runAt: now, updatedAt: now })
    .where(and(eq(jobs.status, 'running'), lt(jobs.attempts, jobs.maxAttempts)))
    .returning({ id: jobs.id });
  await db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() - 1) })
    .where(eq(jobs.status, 'running'));
  return rows.length;
}
