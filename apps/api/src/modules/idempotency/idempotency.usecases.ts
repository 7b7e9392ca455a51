import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import { idempotencyErrors } from './idempotency.errors.js';
import * as repo from './idempotency.repository.js';

/*
 * `Idempotency-Key` for any POST that opts in (`config.idempotent`; plugins/idempotency.ts): the
 * first request with a key runs and its answer is kept 24 hours; the same key with the same
 * request answers that answer again; with another request, 422; while the first runs, the others
 * wait for it (in this process at once, in another by asking every 100 ms) and then answer the same.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** How long a running request holds its key before it counts as interrupted. */
const RUNNING_LEASE_MS = 2 * 60_000;
/** How long a concurrent request waits for the first one. */
const WAIT_MS = 60_000;

export interface StoredAnswer {
  status: number;
  type: string;
  body: string;
}

export type Begin = { run: true } | { run: false; answer: StoredAnswer };

export function fingerprintOf(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n`)
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}

export function createIdempotency(deps: { db: Database; clock: Clock; sleep?: (ms: number) => Promise<void> }) {
  const { db, clock } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  // Requests running in this process, so a concurrent one here waits without polling.
  const running = new Map<string, Promise<void>>();
  const settle = new Map<string, () => void>();
  const id = (userId: string, key: string) => `${userId}\n${key}`;

  async function begin(userId: string, key: string, fingerprint: string): Promise<Begin> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const now = clock.now();
      const claimed = await repo.claimKey(db, {
        userId,
        key,
        fingerprint,
        now,
        lockedUntil: new Date(now.getTime() + RUNNING_LEASE_MS),
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      });
      if (claimed) {
        const name = id(userId, key);
        running.set(name, new Promise<void>((resolve) => settle.set(name, resolve)));
        return { run: true };
      }
      const row = await repo.findKey(db, userId, key);
      if (!row) continue; // released meanwhile: take it
      if (row.expiresAt < now) {
        await repo.dropExpired(db, userId, key, now);
        continue;
      }
      if (row.fingerprint !== fingerprint) throw idempotencyErrors.keyReused();
      if (row.status === 'done')
        return {
          run: false,
          answer: { status: row.responseStatus ?? 200, type: row.responseType ?? 'application/json; charset=utf-8', body: row.responseBody ?? '' },
        };
      if (row.lockedUntil && row.lockedUntil < now) throw idempotencyErrors.unknownOutcome();
      if (Date.now() > deadline) throw idempotencyErrors.inProgress();
      const here = running.get(id(userId, key));
      await (here ? Promise.race([here, sleep(WAIT_MS)]) : sleep(100));
    }
  }

  /** The first request answered: keep its answer, or (a 5xx, an answer that cannot be kept) give the key back. */
  async function finish(userId: string, key: string, answer: StoredAnswer | null): Promise<void> {
    try {
      if (answer) await repo.saveAnswer(db, userId, key, answer);
      else await repo.releaseKey(db, userId, key);
    } finally {
      const name = id(userId, key);
      settle.get(name)?.();
      settle.delete(name);
      running.delete(name);
    }
  }

  return { begin, finish };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

export const IDEMPOTENCY_CLEANUP_JOB = 'idempotency.cleanup';

function hourKey(at: Date): string {
  return `${IDEMPOTENCY_CLEANUP_JOB}:${at.toISOString().slice(0, 13)}`;
}

/** Every hour, keys past their 24 hours go (one chain whatever the number of processes). */
export function registerIdempotencyCleanup(queue: JobQueue, clock: Clock): void {
  queue.register<Record<string, never>>(IDEMPOTENCY_CLEANUP_JOB, {
    async run(_payload, ctx) {
      await ctx.commit(async (tx) => {
        const now = clock.now();
        await repo.deleteExpired(tx, now);
        const runAt = new Date(now.getTime() + 60 * 60_000);
        await queue.enqueue({ type: IDEMPOTENCY_CLEANUP_JOB, key: hourKey(runAt), payload: {}, runAt }, tx);
      });
    },
  });
}

export async function scheduleIdempotencyCleanup(queue: JobQueue, clock: Clock): Promise<void> {
  const now = clock.now();
  await queue.enqueue({ type: IDEMPOTENCY_CLEANUP_JOB, key: hourKey(now), payload: {}, runAt: now });
}
