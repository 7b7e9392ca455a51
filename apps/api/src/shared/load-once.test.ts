import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once.js';

describe('loadOnce', () => {
  it('imports once however many ask at the same moment, and keeps it', async () => {
    let loads = 0;
    const get = loadOnce(async () => ({ n: ++loads }));
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries again after a failed import', async () => {
    let attempts = 0;
    const get = loadOnce(async () => {
      attempts++;
      if (attempts === 1) throw new Error('no está');
      return 'listo';
    });
    await expect(get()).rejects.toThrow('no está');
    await expect(get()).resolves.toBe('listo');
  });
});
