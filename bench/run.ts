/**
 * `npm run bench`: measures the hot paths of the running product against a bare Fastify handler
 * in the same run, and writes the figures to bench/results/RESULTS.md and latest.json (with
 * DATABASE_URL set, the server runs on that PostgreSQL and the files are RESULTS.postgres.md and
 * latest.postgres.json).
 * Not a test: it reports numbers, it asserts nothing. Traffic goes to 127.0.0.1 only.
 *
 *   npm run bench                 every suite
 *   npm run bench -- geography    only the named suites
 *   BENCH_DURATION=5 npm run bench
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../apps/api/src/testing/pg-cluster.js';
import { ensureWebBuild, root } from '../scripts/lib/build-web.mjs';
import { suites, type BenchContext, type BenchRequest } from './suites/index.js';
import { ensureTemplate } from '../apps/api/src/db/template.build.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const duration = Number(process.env.BENCH_DURATION ?? 10);
/** Unrecorded load before each figure, so JIT warm-up and a fresh restart do not count. */
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const connections = 50;
const wanted = process.argv.slice(2);

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
  /** The bare handler answering as many bytes as this route (large answers only). */
  sizedBaselineRps?: number;
  bytes?: number;
  /** CPU time (user + system) the server process spent per answered request, µs; the bare handler's beside it. */
  cpuUsPerRequest?: number;
  baselineCpuUsPerRequest?: number;
}

/** CPU seconds (user + system) a process has used so far (Linux /proc; NaN elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Runs a load and also says how much CPU the serving process spent per answer. On a machine
 * shared with other work the requests per second move with the neighbours' load; the CPU time
 * per request moves much less, so before/after comparisons use both.
 */
async function loadWithCpu(pid: number | undefined, url: string, req: Omit<BenchRequest, 'name'> = {}) {
  const before = cpuSeconds(pid);
  const r = await load(url, req);
  const cpuUs = ((cpuSeconds(pid) - before) * 1e6) / Math.max(1, r.rps * duration);
  return { ...r, cpuUs: Number.isFinite(cpuUs) ? Math.round(cpuUs) : undefined };
}

async function waitFor(url: string, timeoutMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - start;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} no respondió en ${timeoutMs} ms`);
}

async function load(url: string, req: Omit<BenchRequest, 'name'> = {}, seconds = duration) {
  const headers = { 'content-type': 'application/json', ...req.headers };
  const bodies = req.bodies?.map((b) => JSON.stringify(b));
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    method: req.method ?? 'GET',
    headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
    // Varying bodies: each request takes the next one, round robin.
    ...(bodies ? { requests: [{ method: req.method ?? 'POST', headers, setupRequest: (r: object) => ({ ...r, body: bodies[next++ % bodies.length] }) }] } : {}),
    // Varying paths: each request takes the next one, round robin.
    ...(req.paths
      ? { requests: [{ method: req.method ?? 'GET', headers, setupRequest: (r: object) => ({ ...r, path: req.paths![next++ % req.paths!.length] }) }] }
      : {}),
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

/** `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` profiles the server under load. */
function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...nodeArgs, path.join(root, 'scripts/start.mjs')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function main(): Promise<void> {
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  // What `npm start` builds when missing, built before the clock starts (the cold start measures a built checkout).
  ensureWebBuild({ quiet: true });
  await ensureTemplate();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-bench-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ADMIN_EMAIL: 'bench-admin@envios.test',
    ADMIN_PASSWORD: 'BenchAdmin1',
  };
  const base = `http://127.0.0.1:${port}`;

  let server = startServer(env);
  const startupMs = await waitFor(`${base}/api/health`, 120_000);
  const stopServer = () =>
    new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  const bare = fork(path.join(here, 'bare-server.ts'), ['0'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const barePort = await new Promise<number>((resolve) => bare.once('message', (m: { port: number }) => resolve(m.port)));
  const figures: Figure[] = [];
  const notes: string[] = [`Arranque en frío (DATA_DIR vacío → primera respuesta de /api/health): ${Math.round(startupMs)} ms.`];
  try {
    const ctx: BenchContext = {
      base,
      dataDir,
      env,
      notes,
      serverPid: () => server.pid,
      // The embedded database belongs to one process: offline work (imports) stops the server first.
      withServerStopped: async (work) => {
        await stopServer();
        try {
          await work();
        } finally {
          server = startServer(env);
          await waitFor(`${base}/api/health`, 120_000);
        }
      },
    };
    for (const suite of suites.filter((s) => wanted.length === 0 || wanted.includes(s.name))) {
      const requests = await suite.setup(ctx);
      const baseline = await loadWithCpu(bare.pid, `http://127.0.0.1:${barePort}/bare`);
      for (const req of requests) {
        if (warmup > 0) await load(`${base}${req.path}`, req, warmup);
        const r = await loadWithCpu(server.pid, `${base}${req.path}`, req);
        let sized: { rps: number } | undefined;
        let bytes: number | undefined;
        if (req.sizedBaseline) {
          const sample = await fetch(`${base}${req.path}`, {
            method: req.method ?? 'GET',
            // autocannon asks for no encoding unless the figure names one; fetch would ask for gzip.
            headers: { 'content-type': 'application/json', 'accept-encoding': 'identity', ...req.headers },
            body: req.body === undefined ? (req.bodies ? JSON.stringify(req.bodies[0]) : undefined) : JSON.stringify(req.body),
          });
          // The bytes on the wire: fetch hands back a compressed answer already decompressed.
          const body = await sample.arrayBuffer();
          bytes = Number(sample.headers.get('content-length')) || body.byteLength;
          sized = await load(`http://127.0.0.1:${barePort}/bare-sized?bytes=${bytes}`);
        }
        figures.push({
          suite: suite.name,
          name: req.name,
          requestsPerSec: r.rps,
          p50: r.p50,
          p99: r.p99,
          errors: r.errors,
          non2xx: r.non2xx,
          baselineRps: baseline.rps,
          baselineP99: baseline.p99,
          sizedBaselineRps: sized?.rps,
          bytes,
          cpuUsPerRequest: r.cpuUs,
          baselineCpuUsPerRequest: baseline.cpuUs,
        });
        const sizedText = sized ? `; base con ${bytes} bytes ${Math.round(sized.rps)} req/s = ${Math.round((100 * r.rps) / sized.rps)} %` : '';
        console.log(
          `${suite.name} · ${req.name}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, ${r.cpuUs ?? '?'} µs CPU/solicitud (base ${Math.round(baseline.rps)} req/s, ${baseline.cpuUs ?? '?'} µs${sizedText})`,
        );
      }
    }
  } finally {
    server.kill('SIGTERM');
    bare.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }

  const when = new Date().toISOString();
  const machine = `${os.cpus().length} núcleos, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const onPostgres = Boolean(process.env.DATABASE_URL);
  // BENCH_OUT=REPORTS writes REPORTS.md (a feature's own file) instead of RESULTS.md; bench:cluster names
  // its own files (one per worker count) through BENCH_RESULTS_SUFFIX so the usual ones stay as they are.
  const name = process.env.BENCH_OUT ?? 'RESULTS';
  const suffix = process.env.BENCH_RESULTS_SUFFIX ?? (onPostgres ? '.postgres' : '');
  writeFileSync(
    path.join(here, `results/${name === 'RESULTS' ? 'latest' : name.toLowerCase()}${suffix}.json`),
    JSON.stringify({ when, machine, duration, connections, notes, figures }, null, 2) + '\n',
  );
  const rows = figures.map(
    (f) =>
      `| ${f.suite} | ${f.name} | ${Math.round(f.requestsPerSec)} | ${f.p50} | ${f.p99} | ${Math.round(f.baselineRps)} | ${f.baselineP99} | ${Math.round((100 * f.requestsPerSec) / f.baselineRps)} % | ${
        f.sizedBaselineRps ? `${Math.round(f.sizedBaselineRps)} (${f.bytes} B): ${Math.round((100 * f.requestsPerSec) / f.sizedBaselineRps)} %` : '—'
      } | ${f.cpuUsPerRequest ?? '—'} | ${f.baselineCpuUsPerRequest ?? '—'} | ${f.errors + f.non2xx} |`,
  );
  const md = [
    '# Benchmarks',
    '',
    `Medido el ${when} en ${machine}; autocannon, ${connections} conexiones, ${duration} s por figura tras ${warmup} s de calentamiento sin medir, ${onPostgres ? 'PostgreSQL (servidor local en la misma máquina)' : 'base de datos embebida (PGlite)'}${process.env.WEB_CONCURRENCY ? `, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}` : ''}.`,
    'Cada figura va junto a un handler Fastify desnudo medido en la misma corrida (columna «base»). Para respuestas grandes, «base mismo tamaño» es ese handler respondiendo un JSON constante de los mismos bytes: el generador de carga comparte los núcleos y leer respuestas de ~10 KB le cuesta, así que esa columna aísla nuestro trabajo del transporte.',
    '',
    ...notes.map((n) => `- ${n}`),
    '',
    `Carga media de la máquina (1, 5, 15 min) al empezar: ${loadAtStart}; al terminar: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ', ',
      )}. «CPU µs/sol.» es el tiempo de CPU (usuario + sistema) del proceso servidor por respuesta, junto al del handler desnudo: se mueve mucho menos que las req/s cuando otros procesos comparten la máquina.`,
    '',
    '| suite | ruta | req/s | p50 ms | p99 ms | base req/s | base p99 ms | % de base | base mismo tamaño req/s: % | CPU µs/sol. | base CPU µs/sol. | errores |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(path.join(here, `results/${name}${suffix}.md`), md);
  console.log(`\nResultados en bench/results/${name}${suffix}.md`);
}

await main();
process.exit(0);
