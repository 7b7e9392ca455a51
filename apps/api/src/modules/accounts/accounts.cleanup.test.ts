import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.js';
import { manualClock } from '../../shared/clock.js';
import { createTestDatabase } from '../../testing/test-db.js';
import { createJobQueue } from '../jobs/jobs.usecases.js';
import { ACCOUNTS_CLEANUP_JOB, registerAccountsCleanup, scheduleAccountsCleanup } from './accounts.cleanup.js';
import { authThrottle, passwordResetTokens, sessions, users } from './accounts.table.js';

let database: DatabaseHandle;
const now = new Date('2026-03-10T15:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('daily accounts cleanup', () => {
  it('drops finished throttles, sessions ended a week ago and spent links; keeps the rest; schedules tomorrow once', async () => {
    const db = database.db;
    const [user] = await db
      .insert(users)
      .values({ email: 'limpieza@envios.test', firstName: 'Ana', lastName: 'López', phone: '3312345678', passwordHash: 'x' })
      .returning({ id: users.id });
    await db.insert(authThrottle).values([
      { key: 'old', attempts: 3, windowStartedAt: ago(2 * DAY), blockedUntil: null },
      { key: 'old-still-blocked', attempts: 9, windowStartedAt: ago(2 * DAY), blockedUntil: new Date(now.getTime() + 60_000) },
      { key: 'recent', attempts: 1, windowStartedAt: ago(60_000), blockedUntil: null },
    ]);
    await db.insert(sessions).values([
      { userId: user!.id, tokenHash: 'expired-long-ago', expiresAt: ago(8 * DAY) },
      { userId: user!.id, tokenHash: 'revoked-long-ago', expiresAt: new Date(now.getTime() + DAY), revokedAt: ago(8 * DAY) },
      { userId: user!.id, tokenHash: 'revoked-yesterday', expiresAt: new Date(now.getTime() + DAY), revokedAt: ago(DAY) },
      { userId: user!.id, tokenHash: 'live', expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await db.insert(passwordResetTokens).values([
      { userId: user!.id, tokenHash: 'spent', expiresAt: ago(8 * DAY) },
      { userId: user!.id, tokenHash: 'valid', expiresAt: new Date(now.getTime() + 3_600_000) },
    ]);

    const clock = manualClock(now);
    const queue = createJobQueue({ db, clock });
    registerAccountsCleanup(queue, clock);
    await scheduleAccountsCleanup(queue, clock);
    await scheduleAccountsCleanup(queue, clock); // a second process starting: still one job today
    expect(await queue.drain()).toBe(1);

    expect((await db.select({ key: authThrottle.key }).from(authThrottle)).map((r) => r.key).sort()).toEqual(['old-still-blocked', 'recent']);
    expect((await db.select({ t: sessions.tokenHash }).from(sessions)).map((r) => r.t).sort()).toEqual(['live', 'revoked-yesterday']);
    expect((await db.select({ t: passwordResetTokens.tokenHash }).from(passwordResetTokens)).map((r) => r.t)).toEqual(['valid']);

    const jobs = await db.execute(sql`select key, run_at from jobs where type = ${ACCOUNTS_CLEANUP_JOB} order by key`);
    const rows = (jobs as { rows: { key: string; run_at: string | Date }[] }).rows;
    expect(rows.map((r) => r.key)).toEqual([`${ACCOUNTS_CLEANUP_JOB}:2026-03-10`, `${ACCOUNTS_CLEANUP_JOB}:2026-03-11`]);
    expect(new Date(rows[1]!.run_at).toISOString()).toBe('2026-03-11T09:00:00.000Z');
  });
});
