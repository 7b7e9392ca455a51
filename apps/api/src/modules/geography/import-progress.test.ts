import { describe, expect, it } from 'vitest';
import { createProgressReporter } from './import-progress.js';

function output(isTTY: boolean) {
  const writes: string[] = [];
  return { out: { isTTY, columns: 100, write: (t: string) => writes.push(t) }, writes };
}

const progress = (rows: number, bytesRead: number) => ({ rows, badRows: 0, bytesRead, totalBytes: 1000 });

describe('the import progress', () => {
  it('prints a plain line at each tenth of the file when the output is not a terminal', () => {
    const { out, writes } = output(false);
    const reporter = createProgressReporter(out, () => 0);
    for (let b = 0; b <= 1000; b += 50) reporter.update(progress(b * 10, b));
    reporter.done();
    expect(writes).toHaveLength(11);
    expect(writes.every((w) => w.endsWith('\n') && !w.includes('\r'))).toBe(true);
    expect(writes[10]).toBe('  100 %: 10,000 filas importadas, 0 con errores (0.0 s)\n');
  });

  it('redraws one bar in place on a terminal, at most every 80 ms, and always at the end', () => {
    const { out, writes } = output(true);
    let clock = 0;
    const reporter = createProgressReporter(out, () => clock);
    reporter.update(progress(100, 100));
    clock = 10;
    reporter.update(progress(200, 200));
    clock = 100;
    reporter.update(progress(500, 500));
    reporter.update(progress(1000, 1000));
    reporter.done();
    expect(writes).toHaveLength(4);
    expect(writes[0]).toMatch(/^\r {2}\[█+░+\] {2}10 % {2}100 filas/);
    expect(writes[2]).toMatch(/100 %/);
    expect(writes[3]).toBe('\n');
  });
});
