import type { ImportProgress } from './import-postal-codes.usecases.js';

const numberFormat = new Intl.NumberFormat('es-MX');
export const formatCount = (value: number): string => numberFormat.format(value);
const n = formatCount;

export interface ProgressOutput {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/** A bar redrawn in place on a terminal; a plain line at every tenth of the file otherwise (CI logs). */
export function createProgressReporter(out: ProgressOutput, now: () => number = () => performance.now()) {
  const tty = Boolean(out.isTTY);
  let lastTenth = -1;
  let lastDraw = Number.NEGATIVE_INFINITY;
  const startedAt = now();
  const seconds = () => ((now() - startedAt) / 1000).toFixed(1);
  return {
    update(p: ImportProgress): void {
      const ratio = p.totalBytes > 0 ? Math.min(1, p.bytesRead / p.totalBytes) : 0;
      if (tty) {
        const at = now();
        if (at - lastDraw < 80 && ratio < 1) return;
        lastDraw = at;
        const width = Math.max(10, Math.min(40, (out.columns ?? 80) - 50));
        const filled = Math.round(ratio * width);
        out.write(
          `\r  [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)} %  ${n(p.rows)} filas  ${seconds()} s\x1b[K`,
        );
        return;
      }
      const tenth = Math.floor(ratio * 10);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        out.write(`  ${tenth * 10} %: ${n(p.rows)} filas importadas, ${n(p.badRows)} con errores (${seconds()} s)\n`);
      }
    },
    done(): void {
      if (tty) out.write('\n');
    },
  };
}
