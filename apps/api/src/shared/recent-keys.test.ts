import { describe, expect, it } from 'vitest';
import { RecentKeys } from './recent-keys.js';

describe('recently seen keys', () => {
  it('says no the first time a key is seen and yes the second time', () => {
    const seen = new RecentKeys({ slots: 64, ttlMs: 1_000 });
    expect(seen.sawBefore('44100→06600 3 kg', 0)).toBe(false);
    expect(seen.sawBefore('44100→06600 3 kg', 10)).toBe(true);
    expect(seen.sawBefore('44100→06600 4 kg', 20)).toBe(false);
  });

  it('forgets a key after its time to live, and when the clock moved back', () => {
    const seen = new RecentKeys({ slots: 64, ttlMs: 1_000 });
    seen.sawBefore('a', 5_000);
    expect(seen.sawBefore('a', 6_000)).toBe(false);
    expect(seen.sawBefore('a', 6_999)).toBe(true);
    expect(seen.sawBefore('a', 100)).toBe(false);
  });

  it('remembers about as many keys as it has slots, never more', () => {
    const seen = new RecentKeys({ slots: 1_000, ttlMs: Number.POSITIVE_INFINITY });
    const keys = Array.from({ length: 5_000 }, (_, i) => `clave ${i}`);
    for (const key of keys) seen.sawBefore(key, 0);
    // 1,000 slots round up to 1,024: of 5,000 keys, at most 1,024 can still be remembered.
    const remembered = keys.filter((key) => seen.sawBefore(key, 1)).length;
    expect(remembered).toBeLessThanOrEqual(1_024);
    expect(remembered).toBeGreaterThan(0);
  });

  it('keeps the most recent keys when they fit', () => {
    const seen = new RecentKeys({ slots: 4_096, ttlMs: Number.POSITIVE_INFINITY });
    const keys = Array.from({ length: 100 }, (_, i) => `reciente ${i}`);
    for (const key of keys) seen.sawBefore(key, 0);
    // 100 keys in 4,096 slots: a collision among them is possible but rare; most must be there.
    expect(keys.filter((key) => seen.sawBefore(key, 1)).length).toBeGreaterThanOrEqual(95);
  });
});
