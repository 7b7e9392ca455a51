import type { Clock } from '../../shared/clock.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import { deleteStaleAccountRows } from './accounts.repository.js';

/**
 * Daily housekeeping of the accounts tables: attempt counters whose window and block are long
 * over, sessions expired or revoked a week ago, and spent recovery links. A durable job that
 * schedules its successor in the same commit, one per day by key, so any number of processes
 * keep exactly one chain.
 */
export const ACCOUNTS_CLEANUP_JOB = 'accounts.cleanup';
export { ENDED_SESSION_RETENTION_MS } from './accounts.repository.js';

function dayKey(at: Date): string {
  return `${ACCOUNTS_CLEANUP_JOB}:${at.toISOString().slice(0, 10)}`;
}

/** 09:00 UTC (03:00 in Mexico City) of the day after `at`. */
function nextRun(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1, 9));
}

export function registerAccountsCleanup(queue: JobQueue, clock: Clock, log?: { info(obj: object, msg: string): void }): void {
  queue.register<Record<string, never>>(ACCOUNTS_CLEANUP_JOB, {
    async run(_payload, ctx) {
      await ctx.commit(async (tx) => {
        const now = clock.now();
        const removed = await deleteStaleAccountRows(tx, now);
        const runAt = nextRun(now);
        await queue.enqueue({ type: ACCOUNTS_CLEANUP_JOB, key: dayKey(runAt), payload: {}, runAt }, tx);
        log?.info(removed, 'limpieza diaria de cuentas');
      });
    },
  });
}

/** Starts the daily chain if no job of today's key exists yet (called where the worker starts). */
export async function scheduleAccountsCleanup(queue: JobQueue, clock: Clock): Promise<void> {
  const now = clock.now();
  await queue.enqueue({ type: ACCOUNTS_CLEANUP_JOB, key: dayKey(now), payload: {}, runAt: now });
}
