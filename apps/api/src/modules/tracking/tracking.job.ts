import type { FastifyBaseLogger } from 'fastify';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import * as repo from './tracking.repository.js';
import type { CheckOutcome, Tracking } from './tracking.deps.js';

/**
 * `tracking.refresh` (issue 7): a durable chain, one link per time slot (every 5 minutes by
 * default), that checks the guides whose next check came. Each link claims a batch (the rows'
 * next check moves to a lease, FOR UPDATE SKIP LOCKED, so processes never share a guide), asks
 * each carrier one guide at a time within its rate limit, records every outcome in its own
 * transaction (events once, a new state notified once by key) and schedules its successor in the
 * commit that marks it done. Killed mid-way: the recorded guides stay recorded, the others are
 * due again when their lease ends, and the link itself runs again.
 */
export const TRACKING_REFRESH_JOB = 'tracking.refresh';

export interface TrackingJobOptions {
  /** Time between links (default 5 min). */
  intervalMs?: number;
  /** Guides claimed per link (default 100); a full batch is followed at once by the next. */
  batchSize?: number;
  /** How long a claimed guide stays away from other workers (default 5 min). */
  leaseMs?: number;
  /** One carrier call of the job (default 10 s). */
  callTimeoutMs?: number;
}

interface RefreshPayload {
  /** Links run back to back within a slot while batches come full. */
  round?: number;
}

export interface RefreshSummary {
  claimed: number;
  outcomes: Record<CheckOutcome, number>;
}

function slotStart(at: Date, intervalMs: number): Date {
  return new Date(Math.floor(at.getTime() / intervalMs) * intervalMs);
}

function slotKey(at: Date, intervalMs: number, round = 0): string {
  const base = `${TRACKING_REFRESH_JOB}:${slotStart(at, intervalMs).toISOString()}`;
  return round > 0 ? `${base}#${round}` : base;
}

/** Checks one claimed batch: carriers in parallel, each carrier's guides one after another. */
export async function refreshDue(
  deps: { db: Database; clock: Clock; tracking: Tracking },
  opts: { batchSize: number; leaseMs: number; callTimeoutMs: number },
): Promise<RefreshSummary> {
  const now = deps.clock.now();
  const rows = await repo.claimDue(deps.db, { now, leaseUntil: new Date(now.getTime() + opts.leaseMs), limit: opts.batchSize });
  const outcomes: Record<CheckOutcome, number> = { updated: 0, not_found: 0, failed: 0, skipped: 0 };
  const byCarrier = new Map<CarrierCode, typeof rows>();
  for (const row of rows) byCarrier.set(row.carrierCode, [...(byCarrier.get(row.carrierCode) ?? []), row]);
  await Promise.all(
    [...byCarrier.values()].map(async (list) => {
      for (const row of list) outcomes[await deps.tracking.check(row, opts.callTimeoutMs)] += 1;
    }),
  );
  return { claimed: rows.length, outcomes };
}

export function registerTrackingRefresh(
  queue: JobQueue,
  deps: { db: Database; clock: Clock; tracking: Tracking; log?: FastifyBaseLogger },
  options: TrackingJobOptions = {},
): void {
  const intervalMs = options.intervalMs ?? 5 * 60_000;
  const batch = { batchSize: options.batchSize ?? 100, leaseMs: options.leaseMs ?? 5 * 60_000, callTimeoutMs: options.callTimeoutMs ?? 10_000 };
  queue.register<RefreshPayload>(TRACKING_REFRESH_JOB, {
    async run(payload, ctx) {
      const summary = await refreshDue(deps, batch);
      await ctx.commit(async (tx) => {
        const now = deps.clock.now();
        const full = summary.claimed === batch.batchSize;
        const round = full ? (payload.round ?? 0) + 1 : 0;
        const runAt = full ? now : slotStart(new Date(now.getTime() + intervalMs), intervalMs);
        await queue.enqueue<RefreshPayload>({ type: TRACKING_REFRESH_JOB, key: slotKey(runAt, intervalMs, round), payload: { round }, runAt }, tx);
      });
      if (summary.claimed > 0) deps.log?.info(summary, 'rastreo de guías actualizado');
    },
  });
}

/** Starts the chain if no link of the current slot exists yet (called where the worker starts). */
export async function scheduleTrackingRefresh(queue: JobQueue, clock: Clock, intervalMs = 5 * 60_000): Promise<void> {
  const now = clock.now();
  await queue.enqueue<RefreshPayload>({ type: TRACKING_REFRESH_JOB, key: slotKey(now, intervalMs), payload: {}, runAt: now });
}
