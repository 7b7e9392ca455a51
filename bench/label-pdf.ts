/**
 * `node --import tsx bench/label-pdf.ts`: renders 500 guía labels one after another on this one
 * process and prints labels per second (issue 6's bar: at least 100 per second on one core).
 * Not a test: it asserts nothing. Every label has its own guide number, so each draws its barcode.
 */
import { renderLabelPdf, type LabelPdfInput } from '../apps/api/src/modules/guides/label-pdf.js';
import { sampleLabelInput } from '../apps/api/src/modules/guides/label-pdf.fixtures.js';

const count = Number(process.argv[2] ?? 500);
const warmup = 50;

function label(i: number): LabelPdfInput {
  return sampleLabelInput({ guideNumber: `79${String(1_000_000_000 + i)}`, numberOfOrder: 1000 + i, sandbox: i % 2 === 0 });
}

for (let i = 0; i < warmup; i++) await renderLabelPdf(label(i));

let bytes = 0;
const cpuBefore = process.cpuUsage();
const started = process.hrtime.bigint();
for (let i = 0; i < count; i++) bytes += (await renderLabelPdf(label(warmup + i))).length;
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
// bwip-js deflates its PNG on libuv's thread pool: CPU time says whether one core would keep up.
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;

console.log(
  `label-pdf: ${count} labels in ${seconds.toFixed(2)} s → ${(count / seconds).toFixed(0)} labels/s, ` +
    `${((seconds / count) * 1000).toFixed(2)} ms each, ${(count / cpuSeconds).toFixed(0)} labels per CPU second, ` +
    `${(bytes / count / 1024).toFixed(1)} KiB on average`,
);
