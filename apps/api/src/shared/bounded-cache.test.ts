import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.js';

function cacheAt(start = 1_000, options: { maxEntries?: number; ttlMs?: number } = {}) {
  let now = start;
  const cache = new BoundedCache<string, number>({ maxEntries: options.maxEntries ?? 3, ttlMs: options.ttlMs ?? 100, now: () => now });
  return { cache, advance: (ms: number) => void (now += ms), setNow: (ms: number) => void (now = ms) };
}

describe('a bounded cache', () => {
  it('gives back what was stored under a key, and nothing for an unknown key', () => {
    const { cache } = cacheAt();
    cache.set('a', 1);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('b')).toBeUndefined();
  });

  it('forgets an entry once its time to live has passed', () => {
    const { cache, advance } = cacheAt();
    cache.set('a', 1);
    advance(99);
    expect(cache.get('a')).toBe(1);
    advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('lets one entry live longer or shorter than the default', () => {
    const { cache, advance } = cacheAt();
    cache.set('long', 1, { ttlMs: 1_000 });
    cache.set('short', 2, { ttlMs: 10 });
    advance(50);
    expect(cache.get('long')).toBe(1);
    expect(cache.get('short')).toBeUndefined();
  });

  it('stores nothing when the time to live is zero', () => {
    const { cache } = cacheAt();
    cache.set('a', 1, { ttlMs: 0 });
    expect(cache.size).toBe(0);
  });

  it('treats an entry read before the moment it was stored (a clock set back) as absent', () => {
    const { cache, setNow } = cacheAt(5_000);
    cache.set('a', 1);
    setNow(4_000);
    expect(cache.get('a')).toBeUndefined();
  });

  it('accepts the caller’s own moment instead of its clock', () => {
    const { cache } = cacheAt();
    cache.set('a', 1, { nowMs: 50_000 });
    expect(cache.get('a', 50_050)).toBe(1);
    expect(cache.get('a', 50_100)).toBeUndefined();
  });

  it('never holds more than its size: the least recently used entry makes room', () => {
    const { cache } = cacheAt();
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    // Reading a makes b the least recently used.
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
  });

  it('replaces a stored key without evicting anything', () => {
    const { cache } = cacheAt();
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    cache.set('a', 10);
    expect(cache.size).toBe(3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([10, 2, 3]);
  });

  it('keeps entries without a time limit until they are evicted', () => {
    const { cache, advance } = cacheAt(0, { maxEntries: 2, ttlMs: Infinity });
    cache.set('a', 1);
    advance(1e12);
    expect(cache.get('a')).toBe(1);
  });

  it('says whether a live entry exists without changing which one goes first', () => {
    const { cache, advance } = cacheAt();
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.has('a')).toBe(true);
    cache.set('d', 4);
    expect(cache.has('a')).toBe(false);
    advance(100);
    expect(cache.has('d')).toBe(false);
  });

  it('forgets single keys, entries matching a rule, or everything', () => {
    const { cache } = cacheAt(0, { maxEntries: 10 });
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const)
      cache.set(k, v);
    expect(cache.delete('a')).toBe(true);
    cache.deleteWhere((value) => value % 2 === 0);
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([undefined, 3, undefined]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('refuses a size below one', () => {
    expect(() => new BoundedCache({ maxEntries: 0, ttlMs: 1 })).toThrow(RangeError);
  });
});

describe('peeking into a bounded cache', () => {
  it('reads a live value without making it the most recently used', () => {
    const { cache, advance } = cacheAt();
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.peek('a')).toBe(1);
    cache.set('d', 4);
    // 'a' stayed the oldest: it made room for 'd'.
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBe(2);
    advance(100);
    expect(cache.peek('b')).toBeUndefined();
  });
});
