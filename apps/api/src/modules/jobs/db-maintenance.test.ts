import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { manualClock } from '../../shared/clock.js';
import { createTestDatabase } from '../../testing/test-db.js';
import { DB_MAINTENANCE_JOB, registerDbMaintenance, scheduleDbMaintenance } from './db-maintenance.js';
import { createJobQueue, jobsQueries } from './jobs.usecases.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('daily database maintenance', () => {
  it('vacuums the embedded database at 03:30 Mexico City and schedules the next day once', async () => {
    const clock = manualClock(new Date('2026-05-04T12:00:00Z'));
    const statements: string[] = [];
    const handle = {
      kind: database.kind,
      exec: async (sql: string) => {
        statements.push(sql);
        await database.exec(sql);
      },
    };
    const queue = createJobQueue({ db: database.db, clock });
    registerDbMaintenance(queue, handle, clock);

    await scheduleDbMaintenance(queue, clock);
    await scheduleDbMaintenance(queue, clock);
    expect(await queue.drain()).toBe(0);

    clock.set(new Date('2026-05-05T09:30:00Z'));
    expect(await queue.drain()).toBe(1);
    expect(statements).toEqual(database.kind === 'pglite' ? ['VACUUM ANALYZE'] : []);
    const next = await jobsQueries.findByKey(database.db, `${DB_MAINTENANCE_JOB}:2026-05-06`);
    expect(next?.runAt.toISOString()).toBe('2026-05-06T09:30:00.000Z');
  });
});
