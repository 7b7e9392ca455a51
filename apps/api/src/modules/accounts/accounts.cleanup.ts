import { and, isNotNull, lt, or, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import { authThrottle, passwordResetTokens, sessions } from './accounts.table.js';

/**
 * Daily housekeeping of the accounts tables: attempt counters whose window and block are long
 * over, sessions expired or revoked a week ago, and spent recovery links. A durable job that
 * schedules its successor in the same commit, one per day by key, so any number of processes
 * keep exactly one chain.
 */
export const ACCOUNTS_CLEANUP_JOB = 'accounts.cleanup';
const DAY = 86_400_000;
/** Sessions and links are kept this long after they end, for support questions. */
export const ENDED_SESSION_RETENTION_MS = 7 * DAY;

function dayKey(at: Date): string {
  return `${ACCOUNTS_CLEANUP_JOB}:${at.toISOString().slice(0, 10)}`;
}

/** 09:00 UTC (03:00 in Mexico City) of the day after `at`. */
function nextRun(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1, 9));
}

export async function deleteStaleAccountRows(db: Executor, now: Date): Promise<{ throttles: number; sessions: number; resetTokens: number }> {
  const dayAgo = new Date(now.getTime() - DAY);
  const retention = new Date(now.getTime() - ENDED_SESSION_RETENTION_MS);
  const throttles = await db
    .delete(authThrottle)
    .where(and(lt(authThrottle.windowStartedAt, dayAgo), or(isNull(authThrottle.blockedUntil), lt(authThrottle.blockedUntil, now))))
    .returning({ key: authThrottle.key });
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, retention), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, retention))))
    .returning({ id: sessions.id });
  const links = await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, retention)).returning({ id: passwordResetTokens.id });
  return { throttles: throttles.length, sessions: ended.length, resetTokens: links.length };
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
