import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../testing/test-db.js';
import { createChangeFeed, type ChangeFeed } from './change-feed.js';
import { createPostgresDatabase, type DatabaseHandle } from './client.js';

/** Two processes on one PostgreSQL: each has its own feed (its own LISTEN connection) and its own pool. */
describe('the change feed across processes (PostgreSQL)', () => {
  let target: { url: string; drop: () => Promise<void> };
  let writer: DatabaseHandle;
  const feeds: ChangeFeed[] = [];

  beforeAll(async () => {
    target = await createEmptyPostgresDatabase();
    writer = createPostgresDatabase(target.url, 1);
  });
  afterAll(async () => {
    for (const f of feeds) await f.close();
    await writer.close();
    await target.drop();
  });

  async function live(): Promise<ChangeFeed> {
    const feed = createChangeFeed({ kind: 'postgres', url: target.url }, ['shipment_list', 'overweight_changed']);
    feeds.push(feed);
    expect(feed.mode).toBe('notices');
    await expect.poll(() => feed.version('shipment_list'), { timeout: 10_000, interval: 20 }).toBeDefined();
    return feed;
  }

  it('a change committed by another process reaches every process, at its commit and not before', async () => {
    const [a, b] = [await live(), await live()];
    const before = [a.version('shipment_list', 'overweight_changed'), b.version('shipment_list', 'overweight_changed')];
    const userBefore = b.versionOf('shipment_list', 'u1');
    const otherUser = b.versionOf('shipment_list', 'u2');
    const client = await (writer.raw.kind === 'postgres' ? writer.raw.pool.connect() : Promise.reject(new Error('postgres')));
    try {
      await client.query('begin');
      await client.query(`select pg_notify('shipment_list', 'u1')`);
      await new Promise((r) => setTimeout(r, 200));
      expect(b.versionOf('shipment_list', 'u1')).toBe(userBefore);
      await client.query('commit');
    } finally {
      client.release();
    }
    await expect.poll(() => a.version('shipment_list', 'overweight_changed'), { timeout: 5_000, interval: 10 }).not.toBe(before[0]);
    await expect.poll(() => b.versionOf('shipment_list', 'u1'), { timeout: 5_000, interval: 10 }).not.toBe(userBefore);
    expect(b.versionOf('shipment_list', 'u2')).toBe(otherUser);
  });

  it('while its connection is lost nothing is kept, and every version moves when it is back', async () => {
    const feed = await live();
    const before = feed.version('shipment_list');
    // Another session ends the feed's LISTEN connection, as a restart of the server would.
    await writer.exec(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen %' and pid <> pg_backend_pid()`,
    );
    await expect.poll(() => feed.version('shipment_list'), { timeout: 5_000, interval: 10 }).toBeUndefined();
    await expect.poll(() => feed.version('shipment_list'), { timeout: 10_000, interval: 50 }).toBeDefined();
    expect(feed.version('shipment_list')).not.toBe(before);
  });
});
