import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './stamping-service.js';

describe('the stamping rate limiter', () => {
  it('lets callers go one at a time, each at least 1/rate after the previous one left, even when the process stalls', async () => {
    const limiter = createRateLimiter(50); // ~20 ms apart
    const left: number[] = [];
    const waiting = Array.from({ length: 6 }, () => limiter.acquire().then(() => left.push(performance.now())));
    // The thread is busy for 80 ms: the timers of the first waiters fire late.
    const until = performance.now() + 80;
    while (performance.now() < until);
    await Promise.all(waiting);
    for (let i = 1; i < left.length; i++) expect(left[i]! - left[i - 1]!).toBeGreaterThanOrEqual(19.5);
  });
});
