import type { DatabaseHandle } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { JobQueue } from './jobs.usecases.js';

/**
 * The embedded database has no autovacuum worker: without a periodic VACUUM ANALYZE its planner
 * statistics go stale and dead rows pile up after bulk changes. A daily durable job (one chain by
 * day key, like the accounts cleanup) runs it on PGlite; PostgreSQL servers vacuum themselves.
 */
export const DB_MAINTENANCE_JOB = 'db.maintenance';

function dayKey(at: Date): string {
  return `${DB_MAINTENANCE_JOB}:${at.toISOString().slice(0, 10)}`;
}

/** 09:30 UTC (03:30 in Mexico City) of the day after `at`, after the accounts cleanup. */
function nextRun(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1, 9, 30));
}

export function registerDbMaintenance(
  queue: JobQueue,
  database: Pick<DatabaseHandle, 'kind' | 'exec'>,
  clock: Clock,
  log?: { info(obj: object, msg: string): void },
): void {
  queue.register<Record<string, never>>(DB_MAINTENANCE_JOB, {
    async run() {
      // VACUUM cannot run inside a transaction: it runs first, then the next day is scheduled.
      // A crash in between runs it again on the retry, which is harmless.
      const started = clock.now();
      if (database.kind === 'pglite') await database.exec('VACUUM ANALYZE');
      const runAt = nextRun(started);
      await queue.enqueue({ type: DB_MAINTENANCE_JOB, key: dayKey(runAt), payload: {}, runAt });
      log?.info({ ms: clock.now().getTime() - started.getTime(), kind: database.kind }, 'mantenimiento diario de la base');
    },
  });
}

/** Starts the daily chain at the next 03:30 Mexico City if no job of that key exists yet. */
export async function scheduleDbMaintenance(queue: JobQueue, clock: Clock): Promise<void> {
  const runAt = nextRun(clock.now());
  await queue.enqueue({ type: DB_MAINTENANCE_JOB, key: dayKey(runAt), payload: {}, runAt });
}
