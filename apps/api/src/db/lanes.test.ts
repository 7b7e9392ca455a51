import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.js';
import { createLaneGate, inBackgroundLane } from './lanes.js';

/** An operation that finishes when told to, recording when it started. */
function held(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    op: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the lane gate', () => {
  it('lets one operation in at a time and, when both lanes wait, takes turns starting with the foreground', async () => {
    const gate = createLaneGate();
    const log: string[] = [];
    const first = held(log, 'bg1');
    const running = inBackgroundLane(() => gate.run(first.op));
    const rest = [
      inBackgroundLane(() => gate.run(async () => void log.push('bg2'))),
      inBackgroundLane(() => gate.run(async () => void log.push('bg3'))),
      gate.run(async () => void log.push('fg1')),
      gate.run(async () => void log.push('fg2')),
    ];
    await tick();
    expect(log).toEqual(['bg1']);
    expect(gate.waiting()).toEqual({ foreground: 2, background: 2 });
    first.finish();
    await Promise.all([running, ...rest]);
    expect(log).toEqual(['bg1', 'fg1', 'bg2', 'fg2', 'bg3']);
  });

  it('runs a lane alone back to back, and an operation that fails frees the turn', async () => {
    const gate = createLaneGate();
    const log: string[] = [];
    await expect(inBackgroundLane(() => gate.run(() => Promise.reject(new Error('falla'))))).rejects.toThrow('falla');
    await Promise.all([1, 2, 3].map((n) => inBackgroundLane(() => gate.run(async () => void log.push(`bg${n}`)))));
    await Promise.all([1, 2].map((n) => gate.run(async () => void log.push(`fg${n}`))));
    expect(log).toEqual(['bg1', 'bg2', 'bg3', 'fg1', 'fg2']);
  });
});

describe('the embedded database through the gate', () => {
  let handle: ReturnType<typeof openPglite>;
  beforeAll(async () => {
    // Ready before its calls go through the gate (PGlite's own start-up queries would wait behind them).
    handle = openPglite(await PGlite.create());
  });
  afterAll(() => handle.close());

  it('a request’s read waits for at most one of the queued job transactions', async () => {
    await handle.exec('create table lane_log (n serial primary key, who text not null)');
    const jobs = Array.from({ length: 12 }, (_, i) =>
      inBackgroundLane(() =>
        handle.db.transaction(async (tx) => {
          await tx.execute(`insert into lane_log (who) values ('job ${i}')` as never);
          // A job that holds its transaction a moment (its other statements, a carrier's answer…).
          await new Promise((resolve) => setTimeout(resolve, 10));
        }),
      ),
    );
    await tick();
    const read = handle.query<{ jobs_before: number }>(
      `insert into lane_log (who) values ('request') returning (select count(*)::int from lane_log) as jobs_before`,
      [],
    );
    const [row] = await read;
    await Promise.all(jobs);
    // Without the gate it came after all 12 (first come, first served).
    expect(row!.jobs_before).toBeLessThanOrEqual(1);
    const [count] = await handle.query<{ n: number }>(`select count(*)::int as n from lane_log`, []);
    expect(count?.n).toBe(13);
  });
});
