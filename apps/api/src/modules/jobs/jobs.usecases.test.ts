import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../../db/client.js';
import { manualClock } from '../../shared/clock.js';
import { createTestDatabase } from '../../testing/test-db.js';
import { logSerializers } from '../../shared/log-safety.js';
import { pino } from 'pino';
import { createJobQueue, jobsQueries, type JobQueueOptions } from './jobs.usecases.js';

let database: DatabaseHandle;
const clock = manualClock();

function queue(overrides: Partial<JobQueueOptions> = {}) {
  return createJobQueue({ db: database.db, clock, backoffMs: (n) => 1_000 * 2 ** (n - 1), leaseMs: 60_000, ...overrides });
}

async function effects(): Promise<{ key: string; worker: string }[]> {
  const result = await database.db.execute(sql`select key, worker from job_effects order by key`);
  return (result as { rows: { key: string; worker: string }[] }).rows;
}

async function readRows<T>(query: ReturnType<typeof sql>): Promise<{ rows: T[] }> {
  const result = await database.db.execute(query);
  return { rows: (result as { rows: T[] }).rows };
}

async function recordEffect(tx: Executor, key: string, worker: string): Promise<void> {
  await tx.execute(sql`insert into job_effects (key, worker) values (${key}, ${worker})`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  // A stand-in for a job's database effect (an outbox row, a label record …).
  await database.exec('create table job_effects (key text not null, worker text not null)');
});

beforeEach(async () => {
  await database.exec('delete from job_effects; delete from jobs;');
});

afterAll(async () => {
  await database.close();
});

describe('job queue', () => {
  it('keeps one job per idempotency key', async () => {
    const q = queue();
    const first = await q.enqueue({ type: 't', key: 'envio:1', payload: { n: 1 } });
    const again = await q.enqueue({ type: 't', key: 'envio:1', payload: { n: 2 } });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    const runs: unknown[] = [];
    q.register('t', { run: async (payload) => void runs.push(payload) });
    await q.drain();
    expect(runs).toEqual([{ n: 1 }]);
    // Enqueueing the same key after it ran does not run it again.
    await q.enqueue({ type: 't', key: 'envio:1', payload: { n: 3 } });
    expect(await q.drain()).toBe(0);
  });

  it('enqueues many jobs in one statement, keeping one job per key, inside the caller transaction', async () => {
    const q = queue();
    await q.enqueue({ type: 't', key: 'lote:1', payload: { n: 0 } });
    const jobs = [1, 2, 3].map((n) => ({ type: 't', key: `lote:${n}`, payload: { n }, maxAttempts: 3 }));
    await expect(
      database.db.transaction(async (tx) => {
        await q.enqueueMany(jobs, tx);
        throw new Error('deshecho');
      }),
    ).rejects.toThrow('deshecho');
    expect(await jobsQueries.findByKey(database.db, 'lote:2')).toBeUndefined();
    expect(await database.db.transaction((tx) => q.enqueueMany([...jobs, jobs[1]!], tx))).toBe(2);
    expect(await q.enqueueMany([], database.db)).toBe(0);
    const runs: unknown[] = [];
    q.register('t', { run: async (payload) => void runs.push(payload) });
    await q.drain();
    expect(runs).toEqual(expect.arrayContaining([{ n: 0 }, { n: 2 }, { n: 3 }]));
    expect(runs).toHaveLength(3);
    expect(await jobsQueries.findByKey(database.db, 'lote:3')).toMatchObject({ maxAttempts: 3 });
  });

  it('retries a failing job with exponential back-off, records the last error, then succeeds', async () => {
    const q = queue();
    let calls = 0;
    q.register('flaky', {
      run: async () => {
        calls++;
        if (calls <= 2) throw new Error(`fallo ${calls}`);
      },
    });
    await q.enqueue({ type: 'flaky', key: 'k-flaky', payload: {} });

    expect(await q.runOnce()).toBe(1);
    let job = await jobsQueries.findByKey(database.db, 'k-flaky');
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: 'fallo 1' });
    expect(job!.runAt.getTime() - clock.now().getTime()).toBe(1_000);

    expect(await q.runOnce()).toBe(0); // not due yet
    clock.advance(1_000);
    expect(await q.runOnce()).toBe(1);
    job = await jobsQueries.findByKey(database.db, 'k-flaky');
    expect(job).toMatchObject({ status: 'pending', attempts: 2, lastError: 'fallo 2' });
    expect(job!.runAt.getTime() - clock.now().getTime()).toBe(2_000);

    clock.advance(1_999);
    expect(await q.runOnce()).toBe(0);
    clock.advance(1);
    expect(await q.runOnce()).toBe(1);
    job = await jobsQueries.findByKey(database.db, 'k-flaky');
    expect(job).toMatchObject({ status: 'done', attempts: 3, lastError: null });
  });

  it('a job failing on a database error stores and logs its SQLSTATE, never the SQL or its parameter values', async () => {
    const lines: string[] = [];
    const log = pino({ serializers: logSerializers }, { write: (line: string) => void lines.push(line) });
    const q = queue({ log });
    q.register('t', {
      run: (_payload, { commit }) =>
        commit(async (tx) => {
          await tx.execute(sql`insert into job_effects (key, worker) values (${'Ana López ana@correo.test'}, ${null})`);
        }),
    });
    q.register('u', {
      run: async () => {
        await database.db.execute(sql`select ${'Calle Falsa 123'}::uuid`);
      },
    });
    await q.enqueue({ type: 't', key: 'db:1', payload: {}, maxAttempts: 1 });
    await q.enqueue({ type: 'u', key: 'db:2', payload: {}, maxAttempts: 1 });
    await q.drain();
    const rows = await readRows<{ type: string; last_error: string }>(sql`select type, last_error from jobs order by type`);
    expect(rows.rows).toEqual([
      { type: 't', last_error: expect.stringMatching(/^Error de base de datos \(SQLSTATE 23502, tabla job_effects/) as string },
      { type: 'u', last_error: 'Error de base de datos (SQLSTATE 22P02)' },
    ]);
    const written = [...lines, ...rows.rows.map((r) => r.last_error)].join('\n');
    expect(written).toMatch(/22P02/);
    for (const secret of ['Ana López', 'ana@correo.test', 'Calle Falsa', 'insert into', 'select $1']) expect(written).not.toContain(secret);
  });

  it('gives up after the last allowed attempt and keeps the error', async () => {
    const q = queue();
    q.register('broken', { run: async () => Promise.reject(new Error('sin remedio')) });
    await q.enqueue({ type: 'broken', key: 'k-broken', payload: {}, maxAttempts: 3 });
    for (let i = 0; i < 3; i++) {
      await q.runOnce();
      clock.advance(60_000);
    }
    expect(await jobsQueries.findByKey(database.db, 'k-broken')).toMatchObject({ status: 'failed', attempts: 3, lastError: 'sin remedio' });
    expect(await q.runOnce()).toBe(0);
  });

  it('marks a job done only when its effect committed: a failing effect leaves nothing and retries', async () => {
    const q = queue();
    let tries = 0;
    q.register('atomic', {
      run: async (_p, ctx) => {
        tries++;
        await ctx.commit(async (tx) => {
          await recordEffect(tx, ctx.key, 'a');
          if (tries === 1) throw new Error('la base se cayó a la mitad');
        });
      },
    });
    await q.enqueue({ type: 'atomic', key: 'k-atomic', payload: {} });
    await q.runOnce();
    expect(await effects()).toEqual([]);
    expect(await jobsQueries.findByKey(database.db, 'k-atomic')).toMatchObject({ status: 'pending', lastError: 'la base se cayó a la mitad' });
    clock.advance(1_000);
    await q.runOnce();
    expect(await effects()).toEqual([{ key: 'k-atomic', worker: 'a' }]);
    expect(await jobsQueries.findByKey(database.db, 'k-atomic')).toMatchObject({ status: 'done' });
  });

  it('survives a dead worker: after the lease runs out another worker takes the job, and the late one cannot commit', async () => {
    let releaseStuck!: () => void;
    const stuck = new Promise<void>((resolve) => (releaseStuck = resolve));
    const dead = queue({ workerId: 'muerto' });
    dead.register('label', {
      run: async (_p, ctx) => {
        await stuck;
        await ctx.commit((tx) => recordEffect(tx, ctx.key, 'muerto'));
      },
    });
    const alive = queue({ workerId: 'vivo' });
    alive.register('label', { run: async (_p, ctx) => ctx.commit((tx) => recordEffect(tx, ctx.key, 'vivo')) });

    await dead.enqueue({ type: 'label', key: 'k-lease', payload: {} });
    const deadRun = dead.runOnce();
    await new Promise((r) => setTimeout(r, 50));
    expect(await jobsQueries.findByKey(database.db, 'k-lease')).toMatchObject({ status: 'running', lockedBy: 'muerto' });

    expect(await alive.runOnce()).toBe(0); // the lease still holds
    clock.advance(60_001);
    expect(await alive.runOnce()).toBe(1);
    expect(await jobsQueries.findByKey(database.db, 'k-lease')).toMatchObject({ status: 'done', attempts: 2 });

    releaseStuck();
    await deadRun;
    expect(await effects()).toEqual([{ key: 'k-lease', worker: 'vivo' }]);
    expect(await jobsQueries.findByKey(database.db, 'k-lease')).toMatchObject({ status: 'done' });
  });

  it('a job whose worker died on its last attempt is failed, not retried forever', async () => {
    const dead = queue({ workerId: 'muerto' });
    dead.register('x', { run: () => new Promise<void>(() => undefined) });
    await dead.enqueue({ type: 'x', key: 'k-last', payload: {}, maxAttempts: 1 });
    void dead.runOnce();
    await new Promise((r) => setTimeout(r, 50));
    clock.advance(60_001);
    const other = queue();
    other.register('x', { run: async () => undefined });
    expect(await other.runOnce()).toBe(0);
    expect(await jobsQueries.findByKey(database.db, 'k-last')).toMatchObject({ status: 'failed', lastError: expect.stringContaining('plazo') });
  });

  it('concurrent workers never run the same job twice', async () => {
    const runs = new Map<string, number>();
    const workers = ['w1', 'w2', 'w3'].map((id) => {
      const q = queue({ workerId: id, batchSize: 3 });
      q.register('many', {
        run: async (_p, ctx) => {
          runs.set(ctx.key, (runs.get(ctx.key) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 2));
          await ctx.commit((tx) => recordEffect(tx, ctx.key, id));
        },
      });
      return q;
    });
    for (let i = 0; i < 40; i++) await workers[0]!.enqueue({ type: 'many', key: `k-${String(i).padStart(2, '0')}`, payload: {} });
    await Promise.all(workers.map((w) => w.drain()));
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const rows = await effects();
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.key)).size).toBe(40);
    const done = await jobsQueries.list(database.db, { type: 'many' });
    expect(done.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });

  it('an enqueue inside a transaction that rolls back leaves no job', async () => {
    const q = queue();
    await database.db
      .transaction(async (tx) => {
        await q.enqueue({ type: 't', key: 'k-rollback', payload: {} }, tx);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await jobsQueries.findByKey(database.db, 'k-rollback')).toBeUndefined();
  });

  it('the polling worker picks up work, wakes on demand and stops cleanly', async () => {
    const q = createJobQueue({ db: database.db, pollIntervalMs: 10_000 });
    const seen: string[] = [];
    q.register('poll', { run: async (_p, ctx) => void seen.push(ctx.key) });
    q.start();
    await q.enqueue({ type: 'poll', key: 'k-poll', payload: {} });
    q.wake();
    await expect.poll(() => seen, { timeout: 5_000 }).toEqual(['k-poll']);
    await q.stop();
    await q.enqueue({ type: 'poll', key: 'k-after-stop', payload: {} });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual(['k-poll']);
  });
});
