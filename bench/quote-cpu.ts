/**
 * `node --import tsx bench/quote-cpu.ts [checkout]`: the server's own CPU time per quote, for the
 * repeated home quote and for 6,000 distinct quotes (the `quoting` suite's bodies), read from
 * /proc (Linux) while autocannon loads it, split into user and system time; beside them, the bare
 * Fastify handler (bench/bare-server.ts) answering a constant text of the quote's size, in the
 * same rounds. CPU per request barely moves with the machine's load, so two checkouts run side by
 * side at the same time compare fairly where requests per second do not. `checkout` defaults to
 * this one; the server starts on a free port with an empty DATA_DIR.
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

const routes = [
  ['44100', '06600'],
  ['06600', '64000'],
  ['64000', '44100'],
] as const;
const distinct: string[] = [];
for (let tenths = 1; tenths <= 2000; tenths++) {
  for (const [from, to] of routes) {
    distinct.push(
      JSON.stringify({
        origin_direction: { country_code: 'MX', postal_code: from },
        destination_direction: { country_code: 'MX', postal_code: to },
        parcels: [{ depth: 20, width: 30, height: 15, weight: tenths / 10 }],
        package_type: 'box',
        cantidadGuias: 1,
      }),
    );
  }
}
const same = JSON.stringify({
  origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Guadalajara' },
  destination_direction: { country_code: 'MX', postal_code: '06600', city: 'Ciudad de México' },
  parcels: [{ depth: 20, width: 30, height: 15, weight: 3 }],
  package_type: 'box',
  cantidadGuias: 1,
});

/** User and system CPU of a process so far, in microseconds. */
function cpuMicros(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: (Number(fields[11]) * 1e6) / 100, system: (Number(fields[12]) * 1e6) / 100 };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-quote-cpu-'));
const port = await freePort();
const server = spawn(process.execPath, [path.join(checkout, 'scripts/start.mjs')], {
  cwd: checkout,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ADMIN_EMAIL: 'bench-admin@envios.test',
    ADMIN_PASSWORD: 'BenchAdmin1',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const barePort = await freePort();
const bare = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/bare-server.ts'), String(barePort)], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}/api/v1/quoting`;
try {
  for (const health of [`http://127.0.0.1:${port}/api/health`, `http://127.0.0.1:${barePort}/bare`]) {
    for (let up = false; !up;) {
      up = await fetch(health).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 200));
    }
  }
  const sample = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' }, body: distinct[0] });
  const bytes = (await sample.arrayBuffer()).byteLength;
  let next = 0;
  const headers = { 'content-type': 'application/json' };
  type Kind = 'same' | 'distinct' | 'bare';
  async function slice(kind: Kind) {
    const pid = kind === 'bare' ? bare.pid! : server.pid!;
    const before = cpuMicros(pid);
    const r = await autocannon({
      url: kind === 'bare' ? `http://127.0.0.1:${barePort}/bare-sized?bytes=${bytes}` : url,
      connections: 50,
      duration: seconds,
      ...(kind === 'same' ? { method: 'POST' as const, headers, body: same } : {}),
      ...(kind === 'distinct'
        ? {
            method: 'POST' as const,
            headers,
            requests: [{ method: 'POST' as const, headers, setupRequest: (q: object) => ({ ...q, body: distinct[next++ % distinct.length] }) }],
          }
        : {}),
    });
    const done = r.requests.total;
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} respuestas no 2xx, ${r.errors} errores`);
    const after = cpuMicros(pid);
    const user = (after.user - before.user) / done;
    const system = (after.system - before.system) / done;
    return { cpu: user + system, user, system, rps: r.requests.average, p99: r.latency.p99 };
  }
  const kinds: Kind[] = ['bare', 'same', 'distinct'];
  for (const kind of kinds) await slice(kind);
  const best = Object.fromEntries(kinds.map((k) => [k, { cpu: Infinity, user: 0, system: 0, rps: 0, p99: 0 }])) as Record<
    Kind,
    Awaited<ReturnType<typeof slice>>
  >;
  for (let i = 0; i < rounds; i++) {
    for (const kind of kinds) {
      const s = await slice(kind);
      if (s.cpu < best[kind].cpu) best[kind] = s;
    }
  }
  const line = (label: string, s: Awaited<ReturnType<typeof slice>>) =>
    `  ${label} ${s.cpu.toFixed(0)} µs de CPU por solicitud (usuario ${s.user.toFixed(0)}, sistema ${s.system.toFixed(0)}); ${Math.round(s.rps)} req/s = ${Math.round((100 * s.rps) / best.bare.rps)} % de la base, p99 ${s.p99} ms`;
  console.log(
    `${checkout} · carga ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} · respuesta de ${bytes} bytes`,
  );
  console.log(line(`base (Fastify desnudo, ${bytes} B):`, best.bare));
  console.log(line('misma cotización:            ', best.same));
  console.log(line('6 000 distintas:             ', best.distinct));
} finally {
  bare.kill('SIGTERM');
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
