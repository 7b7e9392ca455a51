import { Readable } from 'node:stream';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createExportHeap } from './export-heap.js';

describe('export heap', () => {
  it('lowers the heap growth while any export streams and gives it back when the last one closes, however it ends', async () => {
    const set: string[] = [];
    const heap = createExportHeap((flags) => set.push(flags));
    const finished = heap.during(Readable.from(['a', 'b']));
    const cancelled = heap.during(Readable.from(['c']));
    expect(set).toEqual(['--heap-growing-percent=50']);
    expect(heap.running()).toBe(2);

    finished.resume();
    await once(finished, 'close');
    expect(set).toEqual(['--heap-growing-percent=50']);

    cancelled.destroy();
    await once(cancelled, 'close');
    expect(set).toEqual(['--heap-growing-percent=50', '--heap-growing-percent=0']);
    expect(heap.running()).toBe(0);

    const failed = heap.during(
      new Readable({
        read() {
          this.destroy(new Error('la base falló'));
        },
      }),
    );
    const closed = new Promise((resolve) => failed.once('close', resolve));
    failed.on('error', () => undefined).resume();
    await closed;
    expect(set).toEqual(['--heap-growing-percent=50', '--heap-growing-percent=0', '--heap-growing-percent=50', '--heap-growing-percent=0']);
  });
});
