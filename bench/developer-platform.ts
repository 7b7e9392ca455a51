/**
 * `npm run bench:developers`: issue 31's bars, against the real server (a child process on a
 * throwaway embedded database, NODE_ENV=test so it may reach the local https receiver).
 *
 * 1. A quote with an API key against the same quote with a sign-in token (autocannon, same body,
 *    same connections, after a warm-up), beside a bare Fastify handler. Bar: within 10 %.
 * 2. 10,000 events (`wallet.credited`, one per admin credit) fanned out to 20 endpoints of one
 *    account at a local https receiver: every (endpoint, event id) counted, and the time from the
 *    event's commit (`created` in its body) to its arrival. Bar: all exactly once, p99 ≤ 2 s.
 * 3. The same with a kill -9 of the server halfway through publishing, a restart on the same
 *    data, and the rest published: nothing lost (and how many arrived twice: a delivery sent
 *    before the kill whose answer was not yet recorded is sent again).
 *
 * Writes bench/results/DEVELOPERS.md. Not a test: it reports, it asserts nothing.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../apps/api/src/testing/pg-cluster.js';
import { TEST_TLS } from '../apps/api/src/testing/test-tls.js';
import { ensureWebBuild, root } from '../scripts/lib/build-web.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const KILL_EVENTS = Number(process.env.BENCH_KILL_EVENTS ?? 2_000);
/** BENCH_QUOTE=0 skips the quote comparison (shorter runs while working on the webhooks). */
const QUOTE = process.env.BENCH_QUOTE !== '0';
/** Extra node flags for the server, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof". */
const SERVER_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const ENDPOINTS = 20;
const PUBLISHERS = 8;
const ADMIN = { email: 'bench-admin@envios.test', password: 'BenchAdmin1' };

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} no respondió en ${timeoutMs} ms`);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// ------------------------------------------------------------------ the receiver (20 endpoints)

const seen = new Map<string, number>();
const latencies: number[] = [];
let arrivals = 0;
const receiver = https.createServer({ key: TEST_TLS.key, cert: TEST_TLS.cert, keepAlive: true }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    res.writeHead(200).end();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; created: string };
    const key = `${req.url}|${body.id}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    arrivals++;
    if (n === 1) latencies.push(at - Date.parse(body.created));
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverPort = (receiver.address() as AddressInfo).port;

// ------------------------------------------------------------------ the server

ensureWebBuild();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-bench-developers-'));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  APP_URL: base,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  TEST_OUTBOUND_ALLOW: `127.0.0.1:${receiverPort}`,
  // The quote comparison measures the key's cost, not its limit.
  API_KEY_RATE_PER_SECOND: '1000000',
  API_KEY_BURST: '1000000',
};
let server: ChildProcess = spawn(process.execPath, [...SERVER_ARGS, path.join(root, 'scripts/start.mjs')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const bare = fork(path.join(here, 'bare-server.ts'), ['0'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
const barePort = await new Promise<number>((resolve) => bare.once('message', (m: { port: number }) => resolve(m.port)));

async function call<T>(method: string, url: string, token: string | null, body?: object): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function cannon(url: string, headers: Record<string, string>, body: string | undefined, seconds: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 10,
        duration: seconds,
        method: body ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json', ...headers },
        ...(body ? { body } : {}),
      },
      (err: unknown, result) => (err ? reject(err instanceof Error ? err : new Error('autocannon falló')) : resolve(result)),
    );
  });
}

const lines: string[] = [];
try {
  await waitFor(`${base}/api/health/ready`, 180_000);
  const adminToken = (await call<{ token: string }>('POST', '/api/v1/login', null, ADMIN)).token;
  const seller = { firstName: 'Integra', lastName: 'Banco', email: 'integra@bench.test', phone: '3312345678', password: 'clave123' };
  await call('POST', '/api/v1/users/createFromDashboard', adminToken, seller);
  const { id: userId, token } = await call<{ id: string; token: string }>('POST', '/api/v1/login', null, { email: seller.email, password: seller.password });
  const { key } = await call<{ key: string }>('POST', '/api/v1/developers/keys', token, { name: 'Banco', scope: 'write', mode: 'live' });

  // ---------------------------------------------------------------- 1. quote: key against token
  if (QUOTE) await compareQuotes(token, key);

  async function compareQuotes(token: string, key: string) {
    const quote = JSON.stringify({
      origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Guadalajara', suburb: 'Guadalajara Centro' },
      destination_direction: { country_code: 'MX', postal_code: '06600', city: 'Cuauhtémoc', suburb: 'Juárez', state_short: 'CDMX' },
      parcels: [{ depth: 15, width: 30, height: 20, weight: 3 }],
      package_type: 'box',
      cantidadGuias: 1,
    });
    await cannon(`${base}/api/v1/quoting`, { authorization: `Bearer ${token}` }, quote, 3);
    await cannon(`${base}/api/v1/quoting`, { authorization: `Bearer ${key}` }, quote, 3);
    const rounds: { who: string; r: autocannon.Result }[] = [];
    // Alternated twice, so a slower moment of the shared machine falls on both.
    for (let i = 0; i < 2; i++) {
      rounds.push({ who: 'token', r: await cannon(`${base}/api/v1/quoting`, { authorization: `Bearer ${token}` }, quote, 8) });
      rounds.push({ who: 'llave', r: await cannon(`${base}/api/v1/quoting`, { authorization: `Bearer ${key}` }, quote, 8) });
    }
    const bareRun = await cannon(`http://127.0.0.1:${barePort}/`, {}, undefined, 5);
    const mean = (who: string, f: (r: autocannon.Result) => number) => rounds.filter((x) => x.who === who).reduce((s, x) => s + f(x.r), 0) / 2;
    const tokenRps = mean('token', (r) => r.requests.average);
    const keyRps = mean('llave', (r) => r.requests.average);
    const tokenP99 = mean('token', (r) => r.latency.p99);
    const keyP99 = mean('llave', (r) => r.latency.p99);
    const errors = rounds.reduce((s, x) => s + x.r.errors + x.r.non2xx, 0);
    lines.push(
      '## Cotización con llave de API contra token de sesión',
      '',
      'POST /api/v1/quoting, el mismo cuerpo, 10 conexiones, 8 s por corrida, alternadas dos veces (promedio):',
      '',
      '| autenticación | solicitudes/s | p50 ms | p99 ms |',
      '|---|---|---|---|',
      `| token de sesión | ${tokenRps.toFixed(0)} | ${mean('token', (r) => r.latency.p50).toFixed(1)} | ${tokenP99.toFixed(1)} |`,
      `| llave de API | ${keyRps.toFixed(0)} | ${mean('llave', (r) => r.latency.p50).toFixed(1)} | ${keyP99.toFixed(1)} |`,
      `| Fastify desnudo (referencia) | ${bareRun.requests.average.toFixed(0)} | ${bareRun.latency.p50.toFixed(1)} | ${bareRun.latency.p99.toFixed(1)} |`,
      '',
      `Llave / token: ${((keyRps / tokenRps) * 100).toFixed(1)} % de las solicitudes por segundo; errores o respuestas no 2xx: ${errors}. Meta: dentro del 10 %.`,
      '',
    );
    console.log(lines.slice(-4).join('\n'));
  }

  // ---------------------------------------------------------------- 2. fan-out
  for (let i = 1; i <= ENDPOINTS; i++) {
    await call('POST', '/api/v1/developers/webhooks', token, { url: `https://127.0.0.1:${receiverPort}/e${i}`, events: ['wallet.credited'] });
  }
  let published = 0;
  async function publish(count: number, stopAt?: { after: number; then: () => Promise<void> }): Promise<number> {
    let next = 0;
    let failed = 0;
    let stopping: Promise<void> | null = null;
    await Promise.all(
      Array.from({ length: PUBLISHERS }, async () => {
        while (next < count) {
          next++;
          if (stopAt && next === stopAt.after) stopping = stopAt.then();
          if (stopping) await stopping;
          try {
            await call('POST', '/api/v1/prepaid/createPrepaid', adminToken, { userId, cantidadAbonar: 1 });
            published++;
          } catch {
            failed++;
          }
        }
      }),
    );
    return failed;
  }
  async function settle(expected: number, timeoutMs: number): Promise<number> {
    const start = performance.now();
    while (seen.size < expected && performance.now() - start < timeoutMs) await new Promise((r) => setTimeout(r, 250));
    return (performance.now() - start) / 1000;
  }

  const started = performance.now();
  const failed = await publish(EVENTS);
  const publishedIn = (performance.now() - started) / 1000;
  const waited = await settle(published * ENDPOINTS, 20 * 60_000);
  const sorted = [...latencies].sort((a, b) => a - b);
  const dupes = [...seen.values()].filter((n) => n > 1).length;
  lines.push(
    `## ${EVENTS.toLocaleString('es-MX')} eventos a ${ENDPOINTS} destinos`,
    '',
    `${published} eventos \`wallet.credited\` publicados (un abono del administrador cada uno, ${PUBLISHERS} a la vez) en ${publishedIn.toFixed(1)} s ` +
      `(${(published / publishedIn).toFixed(0)} por segundo; ${failed} abonos fallidos); la última entrega llegó ${waited.toFixed(1)} s después del último abono.`,
    '',
    `- entregas distintas (destino, id de evento): ${seen.size} de ${published * ENDPOINTS} esperadas; llegadas en total ${arrivals}; repetidas: ${dupes}`,
    `- del commit a la llegada: p50 ${percentile(sorted, 50)} ms, p90 ${percentile(sorted, 90)} ms, p99 ${percentile(sorted, 99)} ms, máximo ${sorted.at(-1)} ms (meta p99 ≤ 2,000 ms)`,
    '',
  );
  console.log(lines.slice(-4).join('\n'));

  // ---------------------------------------------------------------- 3. kill -9 halfway
  const before = published;
  const arrivalsBefore = arrivals;
  const seenBefore = seen.size;
  let restartedIn = 0;
  const killFailed = await publish(KILL_EVENTS, {
    after: Math.floor(KILL_EVENTS / 2),
    then: async () => {
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
      const t0 = performance.now();
      server = spawn(process.execPath, [...SERVER_ARGS, path.join(root, 'scripts/start.mjs')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      await waitFor(`${base}/api/health/ready`, 180_000);
      restartedIn = (performance.now() - t0) / 1000;
    },
  });
  const afterKill = published - before;
  const expectedAfter = seenBefore + afterKill * ENDPOINTS;
  const waitedKill = await settle(expectedAfter, 20 * 60_000);
  const dupesKill = [...seen.values()].filter((n) => n > 1).length - dupes;
  lines.push(
    `## kill -9 a la mitad (${KILL_EVENTS.toLocaleString('es-MX')} eventos más)`,
    '',
    `Tras ${Math.floor(KILL_EVENTS / 2)} abonos, \`kill -9\` del servidor y arranque sobre los mismos datos (listo en ${restartedIn.toFixed(1)} s); los publicadores esperan y siguen. ` +
      `Abonos confirmados: ${afterKill} (${killFailed} sin respuesta por el corte: su cambio no se confirmó o no lo supimos).`,
    '',
    `- entregas distintas: ${seen.size - seenBefore} de ${afterKill * ENDPOINTS} de los abonos confirmados, en ${waitedKill.toFixed(1)} s tras el último; llegadas ${arrivals - arrivalsBefore}; repetidas por el corte: ${dupesKill}`,
    `- perdidas: ${Math.max(0, expectedAfter - seen.size)}`,
    '',
  );
  console.log(lines.slice(-4).join('\n'));
} finally {
  server.kill('SIGTERM');
  bare.kill('SIGTERM');
  receiver.closeAllConnections();
  receiver.close();
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(dataDir, { recursive: true, force: true });
}

const header = [
  '# Plataforma para desarrolladores: llaves de API y webhooks',
  '',
  `Medido el ${new Date().toISOString()} en ${os.cpus().length} núcleos (compartidos), Node ${process.version}, base embebida (PGlite), por \`npm run bench:developers\` ` +
    '(servidor real en otro proceso, NODE_ENV=test para alcanzar el receptor https local).',
  '',
];
writeFileSync(path.join(root, 'bench/results/DEVELOPERS.md'), [...header, ...lines].join('\n'));
console.log('bench/results/DEVELOPERS.md');
process.exit(0);
