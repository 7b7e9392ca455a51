import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import { inBackgroundLane } from '../../db/lanes.js';
import { systemClock, type Clock } from '../../shared/clock.js';
import { safeErrorText } from '../../shared/log-safety.js';
import { logContext } from '../../shared/request-context.js';
import * as repo from './jobs.repository.js';

export type { JobRow } from './jobs.repository.js';

/** What a handler gets besides its payload. */
export interface JobContext {
  id: string;
  key: string;
  /** 1 on the first try. */
  attempt: number;
  /**
   * Runs the job's database effects in the same transaction that marks it done, so the effect
   * and the completion commit together or not at all. Throws when the lease was lost meanwhile
   * (another worker took the job over): the effect is rolled back.
   */
  commit(effect: (tx: Executor) => Promise<void>): Promise<void>;
}

export interface JobHandler<P> {
  run(payload: P, ctx: JobContext): Promise<void>;
  /** What stays of the payload once done (drop secrets such as links with tokens). */
  scrub?(payload: P): unknown;
}

export interface EnqueueInput<P> {
  type: string;
  /** Idempotency key: enqueueing the same key twice keeps one job. */
  key: string;
  payload: P;
  runAt?: Date;
  maxAttempts?: number;
}

export interface JobQueue {
  register<P>(type: string, handler: JobHandler<P>): void;
  /** Inside a transaction, pass it: the job then exists only if the transaction commits. */
  enqueue<P>(input: EnqueueInput<P>, executor?: Executor): Promise<{ id: string; created: boolean }>;
  /**
   * Many jobs in one statement (a purchase of 100 shipments enqueues 100 guides at once); a key
   * already queued keeps its job, as with `enqueue`. Answers how many were new.
   */
  enqueueMany(inputs: readonly EnqueueInput<unknown>[], executor?: Executor): Promise<number>;
  /** Claims one batch and runs it; answers how many jobs ran (tests and scripts; the loop is `start`). */
  runOnce(): Promise<number>;
  /** Runs batches until none is due (tests and one-off scripts). */
  drain(maxBatches?: number): Promise<number>;
  /**
   * Starts the worker: up to `concurrency` jobs run at once, and freed places are filled as jobs
   * end (no batch waits for its slowest job); `wake` skips the wait after new work was enqueued.
   */
  start(): void;
  wake(): void;
  stop(): Promise<void>;
  readonly workerId: string;
}

export interface JobQueueOptions {
  db: Database;
  clock?: Clock;
  log?: FastifyBaseLogger;
  workerId?: string;
  pollIntervalMs?: number;
  /** How long a claim holds before another worker may take the job over. */
  leaseMs?: number;
  batchSize?: number;
  /** Jobs the started worker runs at once (default 16). */
  concurrency?: number;
  defaultMaxAttempts?: number;
  /** Wait before attempt n+1 after n failures. */
  backoffMs?: (failedAttempts: number) => number;
  /** Told how each run ended and how long it took (the metrics count runs by type and outcome). */
  onRun?: (run: { type: string; outcome: JobRunOutcome; seconds: number }) => void;
}

/** done; retry (failed, will run again); failed (no attempt left); lost (another worker took it over). */
export type JobRunOutcome = 'done' | 'retry' | 'failed' | 'lost';

/** 10 s, 20 s, 40 s … capped at one hour. */
export function defaultBackoffMs(failedAttempts: number): number {
  return Math.min(3_600_000, 10_000 * 2 ** Math.max(0, failedAttempts - 1));
}

class LeaseLostError extends Error {
  constructor() {
    super('el trabajo fue tomado por otro trabajador');
  }
}

export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const db = opts.db;
  const clock = opts.clock ?? systemClock;
  const workerId = opts.workerId ?? `w-${randomUUID()}`;
  const pollIntervalMs = opts.pollIntervalMs ?? 1_000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const batchSize = opts.batchSize ?? 5;
  const concurrency = Math.max(1, opts.concurrency ?? 16);
  const defaultMaxAttempts = opts.defaultMaxAttempts ?? 8;
  const backoffMs = opts.backoffMs ?? defaultBackoffMs;
  const handlers = new Map<string, JobHandler<unknown>>();

  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  // A wake that arrives while a batch runs must not be lost to the next sleep.
  let woken = false;

  /** The row a job is written as: due now and with the default attempts unless it says otherwise. */
  function jobRow(input: Parameters<JobQueue['enqueue']>[0], now: Date) {
    return { type: input.type, key: input.key, payload: input.payload, runAt: input.runAt ?? now, maxAttempts: input.maxAttempts ?? defaultMaxAttempts };
  }

  async function runJob(job: repo.JobRow): Promise<void> {
    const started = performance.now();
    // The background lane: on the embedded database a person's request goes before queued jobs.
    const outcome = await inBackgroundLane(() => logContext.run({ jobId: job.id, jobType: job.type }, () => attemptJob(job)));
    opts.onRun?.({ type: job.type, outcome, seconds: (performance.now() - started) / 1000 });
  }

  async function attemptJob(job: repo.JobRow): Promise<JobRunOutcome> {
    const handler = handlers.get(job.type);
    const attempt = job.attempts;
    let settled = false;
    const ctx: JobContext = {
      id: job.id,
      key: job.key,
      attempt,
      commit: async (effect) => {
        await db.transaction(async (tx) => {
          await effect(tx);
          const ok = await repo.markJobDone(tx, {
            id: job.id,
            workerId,
            attempt,
            now: clock.now(),
            payload: handler?.scrub ? handler.scrub(job.payload) : undefined,
          });
          if (!ok) throw new LeaseLostError();
        });
        settled = true;
      },
    };
    try {
      if (!handler) throw new Error(`no hay manejador para el tipo de trabajo «${job.type}»`);
      await handler.run(job.payload, ctx);
      if (!settled) {
        const ok = await repo.markJobDone(db, {
          id: job.id,
          workerId,
          attempt,
          now: clock.now(),
          payload: handler.scrub ? handler.scrub(job.payload) : undefined,
        });
        if (!ok) {
          opts.log?.warn({ jobId: job.id, type: job.type }, 'trabajo terminado después de perder su plazo');
          return 'lost';
        }
      }
      return 'done';
    } catch (error) {
      if (error instanceof LeaseLostError) {
        opts.log?.warn({ jobId: job.id, type: job.type }, 'trabajo tomado por otro trabajador; se descarta este intento');
        return 'lost';
      }
      // What people read later (the outbox, jobs.last_error) never holds SQL or its parameters.
      const message = safeErrorText(error);
      const now = clock.now();
      const retryAt = attempt < job.maxAttempts ? new Date(now.getTime() + backoffMs(attempt)) : null;
      opts.log?.warn({ jobId: job.id, type: job.type, attempt, retryAt, err: error }, 'trabajo fallido');
      await repo.markJobFailed(db, { id: job.id, workerId, attempt, now, error: message, retryAt });
      return retryAt ? 'retry' : 'failed';
    }
  }

  async function runOnce(): Promise<number> {
    const now = clock.now();
    await repo.failAbandonedJobs(db, now);
    const claimed = await repo.claimJobs(db, {
      now,
      workerId,
      lockedUntil: new Date(now.getTime() + leaseMs),
      limit: batchSize,
    });
    await Promise.all(claimed.map((job) => runJob(job)));
    return claimed.length;
  }

  /*
   * The started worker keeps up to `concurrency` jobs in flight. It claims when woken, when the
   * poll interval passes, and when jobs end: at once if the last claim came back full (more may
   * be due) and a quarter of the places are free, or when everything it ran has ended (a job may
   * have enqueued the next one). Leases of dead workers are swept at most once a second.
   */
  const inFlight = new Set<Promise<void>>();
  let lastSweep = -Infinity;
  let lastClaimFull = false;
  let endedSinceClaim = 0;

  async function claimInto(free: number): Promise<number> {
    const now = clock.now();
    if (now.getTime() - lastSweep >= 1_000) {
      lastSweep = now.getTime();
      await repo.failAbandonedJobs(db, now);
    }
    endedSinceClaim = 0;
    const claimed = await repo.claimJobs(db, { now, workerId, lockedUntil: new Date(now.getTime() + leaseMs), limit: free });
    lastClaimFull = claimed.length === free;
    for (const job of claimed) {
      const run: Promise<void> = runJob(job)
        .catch((error: unknown) => opts.log?.error({ err: error, jobId: job.id }, 'la cola de trabajos no pudo registrar el fin de un trabajo'))
        .finally(() => {
          inFlight.delete(run);
          endedSinceClaim++;
          const free = concurrency - inFlight.size;
          if ((lastClaimFull && free >= Math.max(1, Math.floor(concurrency / 4))) || inFlight.size === 0) wakeUp?.();
        });
      inFlight.add(run);
    }
    return claimed.length;
  }

  async function runLoop(): Promise<void> {
    while (running) {
      woken = false;
      const free = concurrency - inFlight.size;
      if (free > 0) {
        try {
          await claimInto(free);
        } catch (error) {
          opts.log?.error({ err: error }, 'la cola de trabajos no pudo reclamar trabajos');
        }
      }
      if (!running) break;
      const more = concurrency - inFlight.size > 0 && ((lastClaimFull && endedSinceClaim > 0) || (inFlight.size === 0 && endedSinceClaim > 0));
      if (!woken && !more) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollIntervalMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = undefined;
      }
    }
    // Stopping: the jobs already running end (their lease is theirs until then).
    await Promise.all([...inFlight]);
  }

  return {
    workerId,
    register(type, handler) {
      if (handlers.has(type)) throw new Error(`El tipo de trabajo ${type} ya tiene manejador`);
      handlers.set(type, handler);
    },
    async enqueue(input, executor) {
      const now = clock.now();
      return repo.insertJob(executor ?? db, { ...jobRow(input, now), now });
    },
    async enqueueMany(inputs, executor) {
      if (inputs.length === 0) return 0;
      const now = clock.now();
      return repo.insertJobs(
        executor ?? db,
        inputs.map((input) => jobRow(input, now)),
        now,
      );
    },
    runOnce,
    async drain(maxBatches = 100) {
      let total = 0;
      for (let i = 0; i < maxBatches; i++) {
        const ran = await runOnce();
        if (ran === 0) break;
        total += ran;
      }
      return total;
    },
    start() {
      if (running) return;
      running = true;
      loop = inBackgroundLane(runLoop);
    },
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      loop = undefined;
    },
  };
}

/** Reads for tests and admin tools. */
export const jobsQueries = {
  findByKey: (db: Executor, key: string) => repo.findJobByKey(db, key),
  list: (db: Executor, opts?: { type?: string }) => repo.findJobs(db, opts),
  /** Counts by type and status, with the oldest due job of each type (metrics). */
  stats: (db: Executor, now: Date) => repo.jobStats(db, now),
};

/**
 * The embedded database belongs to one process: at its start, every job still marked running was
 * held by the process before it, which is gone (killed, or cut at its shutdown limit). They become
 * claimable now instead of when their lease runs out; their attempt still counts. Never call this
 * where several processes share the database.
 */
export async function reclaimJobsOfDeadProcess(db: Database, now: Date): Promise<number> {
  return repo.releaseRunningJobs(db, now);
}
