/**
 * `node --import tsx bench/quote-cpu.ts [checkout]`: the server's own CPU time per quote, for the
 * repeated home quote and for 6,000 distinct quotes (the `quoting` suite's bodies), read from
 * /proc (Linux) while autocannon loads it. CPU per request barely moves with the machine's load,
 * so two checkouts run side by side at the same time compare fairly where requests per second
 * do not. `checkout` defaults to this one; the server starts on a free port with an empty DATA_DIR.
 * Not a test: it reports numbers, it asserts nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../apps/api/src/testing/pg-cluster.js';
import { root } from '../scripts/lib/build-web.mjs';

const checkout = path.resolve(process.argv[2] ?? root);
const rounds = Number(process.env.ROUNDS ?? 5);
const seconds = Number(process.env.SLICE_SECONDS ?? 5);

const routes = [['44100', '06600'], ['06600', '64000'], ['64000', '44100']] as const;
const distinct: string[] = [];
for (let tenths = 1; tenths <= 2000; tenths++) {
  for (const [from, to] of routes) {
    distinct.push(JSON.stringify({ origin_direction: { country_code: 'MX', postal_code: from }, destination_direction: { country_code: 'MX', postal_code: to }, parcels: [{ depth: 20, width: 30, height: 15, weight: tenths / 10 }], package_type: 'box', cantidadGuias: 1 }));
  }
}
const same = JSON.stringify({ origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Guadalajara' }, destination_direction: { country_code: 'MX', postal_code: '06600', city: 'Ciudad de México' }, parcels: [{ depth: 20, width: 30, height: 15, weight: 3 }], package_type: 'box', cantidadGuias: 1 });

/** User + system CPU of a process so far, in microseconds. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-quote-cpu-'));
const port = await freePort();
const server = spawn(process.execPath, [path.join(checkout, 'scripts/start.mjs')], {
  cwd: checkout,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', ADMIN_EMAIL: 'bench-admin@envios.test', ADMIN_PASSWORD: 'BenchAdmin1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}/api/v1/quoting`;
try {
  for (let up = false; !up; ) {
    up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  let next = 0;
  const headers = { 'content-type': 'application/json' };
  async function slice(bodies: 'same' | 'distinct') {
    const before = cpuMicros(server.pid!);
    const r = await autocannon({
      url,
      connections: 50,
      duration: seconds,
      method: 'POST',
      headers,
      ...(bodies === 'same' ? { body: same } : { requests: [{ method: 'POST', headers, setupRequest: (q: object) => ({ ...q, body: distinct[next++ % distinct.length] }) }] }),
    });
    const done = r.requests.total;
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} respuestas no 2xx, ${r.errors} errores`);
    return { cpu: (cpuMicros(server.pid!) - before) / done, rps: r.requests.average, p99: r.latency.p99 };
  }
  await slice('same');
  await slice('distinct');
  const best = { same: { cpu: Infinity, rps: 0, p99: 0 }, distinct: { cpu: Infinity, rps: 0, p99: 0 } };
  for (let i = 0; i < rounds; i++) {
    for (const kind of ['same', 'distinct'] as const) {
      const s = await slice(kind);
      if (s.cpu < best[kind].cpu) best[kind] = s;
    }
  }
  console.log(`${checkout} · carga ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`  misma cotización: ${best.same.cpu.toFixed(0)} µs de CPU del servidor por solicitud (${Math.round(best.same.rps)} req/s, p99 ${best.same.p99} ms)`);
  console.log(`  6 000 distintas:  ${best.distinct.cpu.toFixed(0)} µs de CPU del servidor por solicitud (${Math.round(best.distinct.rps)} req/s, p99 ${best.distinct.p99} ms)`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
