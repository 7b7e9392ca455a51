/**
 * `npm run bench:cluster`: quote and shipment-list throughput on PostgreSQL with one worker and
 * with two (`WEB_CONCURRENCY`, Node's cluster on one port), each run beside the bare Fastify
 * handler measured in the same run, on a throwaway local cluster (or TEST_DATABASE_URL's server),
 * a fresh database for each worker count. Writes bench/results/CLUSTER.md (and the two runs'
 * own RESULTS.cluster-N.md). Not a test: it reports, it does not assert.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase } from '../apps/api/src/db/client.js';
import { startThrowawayCluster } from '../apps/api/src/testing/pg-cluster.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const given = process.env.TEST_DATABASE_URL;
const cluster = given ? { url: given, stop: () => undefined } : await startThrowawayCluster();
const counts = [1, 2];
const loadBefore = os.loadavg()[0]!.toFixed(1);
interface Figure {
  suite: string;
  name: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  baselineRps: number;
  baselineP99: number;
}
const runs = new Map<number, { when: string; machine: string; figures: Figure[] }>();
try {
  for (const workers of counts) {
    const name = `envios_bench_cluster_${workers}_${Date.now()}`;
    const admin = createPostgresDatabase(cluster.url, 1);
    await admin.exec(`create database ${name}`);
    await admin.close();
    const url = new URL(cluster.url);
    url.pathname = `/${name}`;
    console.log(`\n== WEB_CONCURRENCY=${workers} ==`);
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'quoting', 'shipments'], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url.toString(), WEB_CONCURRENCY: String(workers), BENCH_RESULTS_SUFFIX: `.cluster-${workers}` },
    });
    runs.set(
      workers,
      JSON.parse(readFileSync(path.join(here, `results/latest.cluster-${workers}.json`), 'utf8')) as { when: string; machine: string; figures: Figure[] },
    );
  }
} finally {
  cluster.stop();
}

const one = runs.get(1)!;
const two = runs.get(2)!;
const rows = one.figures.map((f) => {
  const g = two.figures.find((x) => x.suite === f.suite && x.name === f.name);
  const pct = (x: Figure) => `${Math.round((100 * x.requestsPerSec) / x.baselineRps)} %`;
  return `| ${f.name} | ${Math.round(f.requestsPerSec)} (${pct(f)}) | ${f.p99} | ${g ? `${Math.round(g.requestsPerSec)} (${pct(g)})` : '—'} | ${g?.p99 ?? '—'} | ${g ? `${((g.requestsPerSec / f.requestsPerSec) * 100 - 100).toFixed(0)} %` : '—'} | ${f.errors + f.non2xx} / ${g ? g.errors + g.non2xx : '—'} |`;
});
writeFileSync(
  path.join(here, 'results/CLUSTER.md'),
  [
    '# Varios procesos en PostgreSQL (`npm run bench:cluster`)',
    '',
    `Comando: \`npm run bench:cluster\` · ${one.when} · ${one.machine} · PostgreSQL 15 local en la misma máquina (el generador de carga, los procesos y PostgreSQL comparten los 2 núcleos).`,
    'Cada figura: autocannon, 50 conexiones, tras 2 s de calentamiento; entre paréntesis, el porcentaje del handler Fastify desnudo medido en la misma corrida.',
    `Carga media de la máquina (1 min) al empezar: ${loadBefore}; al terminar: ${os.loadavg()[0]!.toFixed(1)} (otros procesos comparten la máquina: las cifras valen como comparación dentro de esta corrida, no como absolutas).`,
    'Detalle de cada corrida: [RESULTS.cluster-1.md](RESULTS.cluster-1.md), [RESULTS.cluster-2.md](RESULTS.cluster-2.md).',
    '',
    '| ruta | 1 proceso req/s | p99 ms | 2 procesos req/s | p99 ms | cambio | errores (1 / 2) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n'),
);
console.log('\nResultados en bench/results/CLUSTER.md');
