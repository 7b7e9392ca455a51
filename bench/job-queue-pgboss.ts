/**
 * `node --import tsx bench/job-queue-pgboss.ts`: the measurements behind keeping our own durable
 * job queue instead of pg-boss 10, on the embedded database (PGlite) where most installations
 * start. Both queues run on the same fresh PGlite: pg-boss through its `db.executeSql` adapter
 * (multi-statement SQL without parameters through `exec`, the rest through `query`).
 * Measures: installation, enqueueing inside the caller's transaction, running 200 due jobs,
 * the idle load of the polling workers, and what pg-boss does with a repeated key.
 * Writes bench/results/JOBS-PGBOSS.md. Not a test: it reports, it does not assert.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../apps/api/src/db/client.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';
import { createJobQueue } from '../apps/api/src/modules/jobs/jobs.usecases.js';

interface Job {
  id: string;
}
interface Boss {
  start(): Promise<unknown>;
  stop(o: object): Promise<void>;
  on(e: string, f: (e: unknown) => void): void;
  createQueue(n: string): Promise<void>;
  send(n: string, d: object, o?: object): Promise<string | null>;
  work(n: string, o: object, f: (jobs: Job[]) => Promise<void>): Promise<string>;
  fetch(n: string, o: object): Promise<Job[]>;
  complete(n: string, id: string | string[]): Promise<unknown>;
  notifyWorker(id: string): void;
}
const PgBoss = createRequire(import.meta.url)('pg-boss') as new (o: object) => Boss;

const JOBS = 200;
const QUEUES = [
  'email.send',
  'whatsapp.send',
  'guides.issue',
  'tracking.refresh',
  'payments.paypal.settle',
  'payments.oxxo.expire',
  'accounts.cleanup',
  'db.maintenance',
  'wallet.topup.expire',
  'woo.sync',
  'woo.writeback',
  'woo.webhook',
];
const dir = mkdtempSync(path.join(os.tmpdir(), 'envios-bench-jobs-'));
const lines: string[] = [];
const report = (label: string, value: string) => {
  lines.push(`| ${label} | ${value} |`);
  console.log(`${label}: ${value}`);
};
const ms = (t: number) => `${Math.round(performance.now() - t)} ms`;

const client = await PGlite.create(path.join(dir, 'pglite'));
const handle = openPglite(client);
await runMigrations(handle);
let statements = 0;
const originalQuery = client.query.bind(client);
const originalExec = client.exec.bind(client);
client.query = ((...args: Parameters<PGlite['query']>) => {
  statements++;
  return originalQuery(...args);
}) as PGlite['query'];
client.exec = (...args: Parameters<PGlite['exec']>) => {
  statements++;
  return originalExec(...args);
};
const executeSql = async (text: string, values?: unknown[]) => {
  if (!values || values.length === 0) {
    const results = await client.exec(text);
    return results[results.length - 1] ?? { rows: [] };
  }
  return client.query(text, values);
};

try {
  const boss = new PgBoss({ db: { executeSql }, migrate: true, supervise: true, schedule: true });
  boss.on('error', (error) => console.error('pg-boss:', error));
  let t = performance.now();
  await boss.start();
  report('pg-boss: instalar su esquema y arrancar', ms(t));
  t = performance.now();
  for (const name of QUEUES) await boss.createQueue(name);
  report(`pg-boss: crear ${QUEUES.length} colas (una tabla partición cada una)`, ms(t));

  const ours = createJobQueue({ db: handle.db });
  t = performance.now();
  for (let i = 0; i < JOBS; i++)
    await handle.db.transaction((tx) => ours.enqueue({ type: 'guides.issue', key: `g:${i}`, payload: { i } }, tx).then(() => undefined));
  report(`nuestra cola: ${JOBS} altas, cada una dentro de una transacción`, ms(t));
  t = performance.now();
  for (let i = 0; i < JOBS; i++) {
    await client.transaction(async (tx) => {
      await boss.send('guides.issue', { i }, { db: { executeSql: (text: string, values: unknown[]) => tx.query(text, values) } });
    });
  }
  report(`pg-boss: ${JOBS} altas, cada una dentro de una transacción`, ms(t));

  const first = await boss.send('email.send', { n: 1 }, { singletonKey: 'correo:1' });
  const second = await boss.send('email.send', { n: 2 }, { singletonKey: 'correo:1' });
  report('pg-boss: la misma singletonKey dos veces en una cola estándar', first && second ? 'dos trabajos (no deduplica)' : 'un trabajo');

  ours.register('guides.issue', { run: async () => undefined });
  t = performance.now();
  const ran = await ours.drain(1_000);
  report(`nuestra cola: correr ${ran} trabajos vencidos (lotes de 5)`, ms(t));

  for (const batchSize of [5, 20]) {
    for (let i = 0; i < JOBS; i++) await boss.send('payments.oxxo.expire', { i });
    let done = 0;
    t = performance.now();
    let workerId = '';
    await new Promise<void>((resolve) => {
      void boss
        .work('payments.oxxo.expire', { batchSize, pollingIntervalSeconds: 0.5 }, async (jobs) => {
          done += jobs.length;
          if (done >= JOBS) resolve();
        })
        .then((id) => (workerId = id));
    });
    report(`pg-boss work(): ${JOBS} trabajos, lotes de ${batchSize}, sondeo mínimo de 0.5 s`, ms(t));
    void workerId;
    await (boss as unknown as { offWork(n: string): Promise<void> }).offWork('payments.oxxo.expire');
    await new Promise((r) => setTimeout(r, 1_200));
  }

  for (let i = 0; i < JOBS; i++) await boss.send('woo.sync', { i });
  t = performance.now();
  let fetched = 0;
  for (;;) {
    const jobs = await boss.fetch('woo.sync', { batchSize: 5 });
    if (jobs.length === 0) break;
    for (const job of jobs) await boss.complete('woo.sync', job.id);
    fetched += jobs.length;
  }
  report(`pg-boss fetch()+complete() en un bucle propio: ${fetched} trabajos, lotes de 5`, ms(t));

  for (const name of QUEUES) if (!['payments.oxxo.expire'].includes(name)) await boss.work(name, {}, async () => undefined);
  await new Promise((r) => setTimeout(r, 1_000));
  statements = 0;
  t = performance.now();
  await new Promise((r) => setTimeout(r, 10_000));
  report(
    `pg-boss en reposo: sentencias por segundo (${QUEUES.length} colas, sondeo por omisión de 2 s, más su supervisión)`,
    ((statements * 1000) / (performance.now() - t)).toFixed(1),
  );
  await boss.stop({ graceful: false, close: false });
  await new Promise((r) => setTimeout(r, 500));

  const idle = createJobQueue({ db: handle.db, pollIntervalMs: 1_000 });
  statements = 0;
  t = performance.now();
  idle.start();
  await new Promise((r) => setTimeout(r, 10_000));
  await idle.stop();
  report('nuestra cola en reposo: sentencias por segundo (todas las colas, sondeo de 1 s)', ((statements * 1000) / (performance.now() - t)).toFixed(1));
} finally {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
}

const out = path.resolve(import.meta.dirname, 'results', 'JOBS-PGBOSS.md');
writeFileSync(
  out,
  [
    '# Cola de trabajos: la nuestra frente a pg-boss 10 en PGlite',
    '',
    `Comando: \`node --import tsx bench/job-queue-pgboss.ts\` · ${new Date().toISOString().slice(0, 10)} · Node ${process.version} · 2 núcleos compartidos`,
    '',
    '| medida | resultado |',
    '|---|---|',
    ...lines,
    '',
  ].join('\n'),
);
console.log(`escrito ${out}`);
