import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.js';
import { answerCaching, keptAnswers } from './kept-answers.js';

describe('kept answers', () => {
  it('keep an answer from the second time its key is asked, and serve it while its version stands', async () => {
    const cache = keptAnswers<{ n: number }>('prueba', { budget: 10 });
    let computed = 0;
    const read = (version: string) => cache.through('k', version, async () => ({ n: ++computed }));
    const first = await read('v1');
    const second = await read('v1');
    expect(second).not.toBe(first);
    expect(await read('v1')).toBe(second);
    expect(computed).toBe(2);
    // Another version (something it was read from changed): never the old answer.
    const fresh = await read('v2');
    expect(fresh.n).toBe(3);
    expect(await read('v2')).not.toBe(second);
    expect(cache.stats()).toMatchObject({ name: 'prueba', hits: 1 });
  });

  it('keep from the first ask when told, and freeze what they keep', () => {
    const cache = keptAnswers<{ list: number[] }>('prueba', { budget: 10, keepFrom: 'first', freeze: deepFreeze });
    const kept = cache.offer('k', 'v', { list: [1, 2] });
    expect(Object.isFrozen(kept.list)).toBe(true);
    expect(cache.get('k', 'v')).toBe(kept);
    expect(cache.get('k', 'w')).toBeUndefined();
    // A stale entry is dropped when met.
    expect(cache.get('k', 'v')).toBeUndefined();
  });

  it('keep nothing without a version (changes cannot be followed right now)', async () => {
    const cache = keptAnswers<number>('prueba', { budget: 10, keepFrom: 'first' });
    expect(cache.offer('k', undefined, 1)).toBe(1);
    expect(cache.get('k', undefined)).toBeUndefined();
    let computed = 0;
    await cache.through('k', undefined, async () => ++computed);
    await cache.through('k', undefined, async () => ++computed);
    expect(computed).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it('stay within their budget in entries, dropping the least recently used', () => {
    const cache = keptAnswers<string>('prueba', { budget: 3, keepFrom: 'first' });
    for (const k of ['a', 'b', 'c']) cache.offer(k, 'v', k);
    expect(cache.get('a', 'v')).toBe('a'); // a is now the most recently used
    cache.offer('d', 'v', 'd');
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k, 'v'))).toEqual(['a', 'c', 'd']);
    expect(cache.stats()).toMatchObject({ entries: 3, weight: 3, budget: 3 });
  });

  it('stay within a weighed budget (rows, bytes), and never keep an answer heavier than all of it', () => {
    const cache = keptAnswers<number[]>('prueba', { budget: 10, weigh: (rows) => rows.length, keepFrom: 'first' });
    cache.offer('a', 'v', [1, 2, 3, 4]);
    cache.offer('b', 'v', [1, 2, 3, 4]);
    expect(cache.stats().weight).toBe(8);
    cache.offer('c', 'v', [1, 2, 3]);
    expect(cache.get('a', 'v')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 2, weight: 7 });
    // Replacing a key's answer frees its old weight first.
    cache.offer('b', 'v', [1]);
    expect(cache.stats()).toMatchObject({ entries: 2, weight: 4 });
    const huge = Array.from({ length: 11 }, (_, i) => i);
    expect(cache.offer('h', 'v', huge)).toBe(huge);
    expect(cache.get('h', 'v')).toBeUndefined();
    expect(cache.stats().weight).toBe(4);
  });

  it('serve an answer for its time to live at most, and not at a moment before it was kept', () => {
    let now = 1_000;
    const cache = keptAnswers<string>('prueba', { budget: 3, keepFrom: 'first', ttlMs: 100 }, () => now);
    cache.offer('k', 'v', 'x');
    now = 1_099;
    expect(cache.get('k', 'v')).toBe('x');
    now = 1_100;
    expect(cache.get('k', 'v')).toBeUndefined();
    cache.offer('k', 'v', 'y', 2_000);
    expect(cache.get('k', 'v', 1_500)).toBeUndefined();
  });

  it('with shared reads, requests of one key and version arriving together wait for one computation', async () => {
    const cache = keptAnswers<number>('prueba', { budget: 3, keepFrom: 'first', sharedReads: true });
    let computed = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const compute = async () => {
      computed++;
      await gate;
      return computed;
    };
    const reads = [cache.through('k', 'v', compute), cache.through('k', 'v', compute), cache.through('k', 'w', compute)];
    release();
    expect(await Promise.all(reads)).toEqual([2, 2, 2]);
    expect(computed).toBe(2);
  });

  it('keep only what `keep` accepts', async () => {
    const cache = keptAnswers<number>('prueba', { budget: 3, keepFrom: 'first' });
    await cache.through('k', 'v', async () => -1, { keep: (n) => n >= 0 });
    expect(cache.get('k', 'v')).toBeUndefined();
    await cache.through('k', 'v', async () => 1, { keep: (n) => n >= 0 });
    expect(cache.get('k', 'v')).toBe(1);
  });
});

describe('the caching switch', () => {
  it('on: every cache of the app keeps, and their figures are listed together', () => {
    const caching = answerCaching({ enabled: true });
    const a = caching.create<string>('a', { budget: 2, keepFrom: 'first' });
    caching.create<string>('b', { budget: 5 });
    a.offer('k', 'v', 'x');
    expect(a.get('k', 'v')).toBe('x');
    expect(a.keeps).toBe(true);
    expect(caching.stats().map((s) => [s.name, s.entries, s.budget])).toEqual([
      ['a', 1, 2],
      ['b', 0, 5],
    ]);
  });

  it('off: nothing is kept anywhere and every read computes', async () => {
    const caching = answerCaching({ enabled: false });
    const cache = caching.create<object>('a', { budget: 10, keepFrom: 'first', freeze: deepFreeze, sharedReads: true });
    expect(cache.keeps).toBe(false);
    const answer = {};
    expect(cache.offer('k', 'v', answer)).toBe(answer);
    expect(Object.isFrozen(answer)).toBe(false);
    expect(cache.get('k', 'v')).toBeUndefined();
    let computed = 0;
    for (let i = 0; i < 3; i++) await cache.through('k', 'v', async () => ({ n: ++computed }));
    expect(computed).toBe(3);
    expect(caching.stats()[0]).toMatchObject({ entries: 0, hits: 0 });
  });
});
