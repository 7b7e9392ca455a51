import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-db.js';
import { changeSourceOf, createChangeFeed, type ChangeFeed } from './change-feed.js';
import type { DatabaseHandle } from './client.js';

function fakeSource() {
  const deliver = new Map<string, (payload: string) => void>();
  let ready: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (ready = resolve));
  return {
    source: {
      kind: 'local' as const,
      listen: async (channel: string, onPayload: (payload: string) => void) => {
        deliver.set(channel, onPayload);
        await started;
      },
    },
    start: async () => {
      ready();
      await new Promise((r) => setTimeout(r, 0));
    },
    notify: (channel: string, payload: string) => deliver.get(channel)!(payload),
  };
}

describe('the change feed', () => {
  it('gives no version until it listens, so nobody keeps an answer too early', async () => {
    const s = fakeSource();
    const feed = createChangeFeed(s.source, ['shipment_list']);
    expect(feed.mode).toBe('exact');
    expect(feed.version('shipment_list')).toBeUndefined();
    expect(feed.versionOf('shipment_list', 'a')).toBeUndefined();
    await s.start();
    expect(feed.version('shipment_list')).toBeDefined();
    expect(feed.versionOf('shipment_list', 'a')).toBeDefined();
  });

  it('a notice moves the keys it names and its topic; "*" or nothing moves every key; other topics stand', async () => {
    const s = fakeSource();
    const feed = createChangeFeed(s.source, ['shipment_list', 'overweight_changed']);
    await s.start();
    const [a0, b0, all0, ow0] = [
      feed.versionOf('shipment_list', 'a'),
      feed.versionOf('shipment_list', 'b'),
      feed.version('shipment_list'),
      feed.version('overweight_changed'),
    ];
    s.notify('shipment_list', 'a');
    expect(feed.versionOf('shipment_list', 'a')).not.toBe(a0);
    expect(feed.versionOf('shipment_list', 'b')).toBe(b0);
    expect(feed.version('shipment_list')).not.toBe(all0);
    expect(feed.version('overweight_changed')).toBe(ow0);
    const [a1, b1] = [feed.versionOf('shipment_list', 'a'), feed.versionOf('shipment_list', 'b')];
    s.notify('shipment_list', 'b,c');
    expect(feed.versionOf('shipment_list', 'a')).toBe(a1);
    expect(feed.versionOf('shipment_list', 'b')).not.toBe(b1);
    const [a2, c2] = [feed.versionOf('shipment_list', 'a'), feed.versionOf('shipment_list', 'c')];
    s.notify('shipment_list', '*');
    expect(feed.versionOf('shipment_list', 'a')).not.toBe(a2);
    expect(feed.versionOf('shipment_list', 'c')).not.toBe(c2);
    const both = feed.version('shipment_list', 'overweight_changed');
    s.notify('overweight_changed', '');
    expect(feed.version('overweight_changed')).not.toBe(ow0);
    expect(feed.version('shipment_list', 'overweight_changed')).not.toBe(both);
  });

  it('touch moves a topic at once, without waiting for the notice', async () => {
    const s = fakeSource();
    const feed = createChangeFeed(s.source, ['overweight_changed', 'shipment_list']);
    await s.start();
    const before = feed.version('overweight_changed');
    feed.touch('overweight_changed');
    expect(feed.version('overweight_changed')).not.toBe(before);
    const a = feed.versionOf('shipment_list', 'a');
    const b = feed.versionOf('shipment_list', 'b');
    feed.touch('shipment_list', ['a']);
    expect(feed.versionOf('shipment_list', 'a')).not.toBe(a);
    expect(feed.versionOf('shipment_list', 'b')).toBe(b);
  });

  it('refuses a topic it does not follow, instead of answering a version that never moves', async () => {
    const s = fakeSource();
    const feed = createChangeFeed(s.source, ['shipment_list']);
    await s.start();
    expect(() => feed.version('api_keys')).toThrow(/not followed/);
  });

  it('without a database that notifies, there is never a version', () => {
    const feed = createChangeFeed({ kind: 'none' }, ['shipment_list']);
    expect(feed.mode).toBe('none');
    expect(feed.version('shipment_list')).toBeUndefined();
  });
});

describe('the change feed on the database of this run', () => {
  let database: DatabaseHandle;
  const feeds: ChangeFeed[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const f of feeds) await f.close();
    await database.close();
  });

  async function live(feed: ChangeFeed): Promise<ChangeFeed> {
    feeds.push(feed);
    await expect.poll(() => feed.version('shipment_list'), { timeout: 10_000, interval: 20 }).toBeDefined();
    return feed;
  }

  it('a committed notice moves the version of the keys it names (at once on the embedded database)', async () => {
    const feed = await live(createChangeFeed(changeSourceOf(database), ['shipment_list', 'overweight_changed']));
    const before = feed.versionOf('shipment_list', 'u1');
    const unrelated = feed.versionOf('shipment_list', 'u2');
    await database.exec(`select pg_notify('shipment_list', 'u1')`);
    if (feed.mode === 'exact') expect(feed.versionOf('shipment_list', 'u1')).not.toBe(before);
    else await expect.poll(() => feed.versionOf('shipment_list', 'u1'), { timeout: 5_000, interval: 10 }).not.toBe(before);
    expect(feed.versionOf('shipment_list', 'u2')).toBe(unrelated);
  });
});
