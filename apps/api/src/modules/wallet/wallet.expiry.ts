import type { Clock } from '../../shared/clock.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import { cancelAbandonedTopUps } from './wallet.usecases.js';

/**
 * The hourly job that cancels abandoned top-ups (see `cancelAbandonedTopUps`). A durable chain:
 * each run schedules the next hour in its own commit, one job per hour by key, so any number of
 * processes keep exactly one chain and a crash loses no run.
 */
export const WALLET_TOP_UP_EXPIRY_JOB = 'wallet.expire-top-ups';
const HOUR = 3_600_000;

function hourKey(at: Date): string {
  return `${WALLET_TOP_UP_EXPIRY_JOB}:${at.toISOString().slice(0, 13)}`;
}

function nextHour(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR) * HOUR + HOUR);
}

export function registerTopUpExpiry(queue: JobQueue, clock: Clock, log?: { info(obj: object, msg: string): void }): void {
  queue.register<Record<string, never>>(WALLET_TOP_UP_EXPIRY_JOB, {
    async run(_payload, ctx) {
      await ctx.commit(async (tx) => {
        const now = clock.now();
        const cancelled = await cancelAbandonedTopUps(tx, now);
        const runAt = nextHour(now);
        await queue.enqueue({ type: WALLET_TOP_UP_EXPIRY_JOB, key: hourKey(runAt), payload: {}, runAt }, tx);
        if (cancelled > 0) log?.info({ cancelled }, 'abonos abandonados cancelados');
      });
    },
  });
}

/** Starts the hourly chain if this hour has no job yet (called where the worker starts). */
export async function scheduleTopUpExpiry(queue: JobQueue, clock: Clock): Promise<void> {
  const now = clock.now();
  await queue.enqueue({ type: WALLET_TOP_UP_EXPIRY_JOB, key: hourKey(now), payload: {}, runAt: now });
}
