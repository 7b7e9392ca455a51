/**
 * `npm run bench:invoices`: issue 28's bar. On the embedded database, with Facturapi's real client
 * pointed at the local fake (which refuses more than FACTURAPI_REQUESTS_PER_SECOND calls a second
 * with 429, as the service does): 1,000 top-ups paid at OXXO are confirmed in one burst (the
 * sandbox's webhook path, 50 at a time) for sellers with automatic invoicing; the background
 * worker invoices them. Measures from the burst's start until every payment has a stamped
 * invoice, then counts: one invoice per payment at the service (by `external_id`), none twice,
 * no 429, and the most stamping calls seen in any one second. Writes bench/results/INVOICES.md.
 * Bar: all invoiced exactly once within 60 s. Not a test: it reports.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance as perf } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig, withSecretKey } from '../apps/api/src/config/env.js';
import { createDatabase } from '../apps/api/src/db/client.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';
import { resolveSecretKey } from '../apps/api/src/modules/settings/secret-key.js';
import { FACTURAPI_FAKE_KEY, startFacturapiFake } from '../apps/api/src/modules/invoices/adapters/fakes/facturapi.fake.js';

const COUNT = Number(process.argv[2] ?? 1000);
const SELLERS = 100;
const RATE = Number(process.env.FACTURAPI_REQUESTS_PER_SECOND ?? 30);
const CONCURRENCY = 50;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-bench-invoices-'));
const admin = { email: 'admin@bench.test', password: 'Admin1234' };

const fake = await startFacturapiFake({ ratePerSecond: RATE });
const start = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  FACTURAPI_KEY: FACTURAPI_FAKE_KEY,
  FACTURAPI_API_URL: fake.baseUrl,
  FACTURAPI_REQUESTS_PER_SECOND: String(RATE),
  JOBS_POLL_INTERVAL_MS: '200',
});
const database = await createDatabase({ dataDir: path.join(dataDir, 'db') });
await runMigrations(database);
const config = withSecretKey(start, await resolveSecretKey(database.db, { given: undefined, now: new Date() }));
// The timeline: what happened in each second of the burst (confirmations, jobs run by type,
// stamping calls, and how long the embedded database was busy executing statements).
const jobRuns: { at: number; type: string; outcome: string }[] = [];
const dbWork: { at: number; ms: number }[] = [];
if (database.raw.kind === 'pglite') {
  const client = database.raw.client as unknown as { execProtocolRawSync(message: Uint8Array): Uint8Array };
  const exec = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message) => {
    const t0 = performance.now();
    try {
      return exec(message);
    } finally {
      dbWork.push({ at: t0, ms: performance.now() - t0 });
    }
  };
}
const app = await buildApp({
  config,
  database,
  rateLimits: { paymentAttemptsPerHour: 100_000 },
  jobs: { onRun: (run) => jobRuns.push({ at: performance.now(), type: run.type, outcome: run.outcome }) },
});
await app.ready();

async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object): Promise<T> {
  const res = await app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

async function inChunks<T>(items: T[], size: number, run: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

async function count(sql: string): Promise<number> {
  const [row] = await database.query<{ n: number }>(sql, []);
  return Number(row?.n ?? 0);
}

try {
  const adminToken = (await call<{ token: string }>('POST', '/api/v1/login', null, admin)).token;
  // Sellers with complete tax data and automatic invoicing; each opens its OXXO references.
  const payments: string[] = [];
  for (let s = 0; s < SELLERS; s++) {
    const seller = { firstName: 'Vendedor', lastName: `Banco ${s}`, email: `vendedor${s}@bench.test`, phone: '5512345678', password: 'clave123' };
    await call('POST', '/api/v1/users/createFromDashboard', adminToken, seller);
    const { id, token } = await call<{ id: string; token: string }>('POST', '/api/v1/login', null, { email: seller.email, password: seller.password });
    await call('PUT', `/api/v1/users/${id}`, token, {
      taxInformation: {
        name: 'ESCUELA KEMPER URGATE',
        rfc: 'EKU9003173C9',
        tax_system: '601',
        cfdi_use: 'G03',
        email: seller.email,
        phone: '5512345678',
        address: 'Calle Roma 45',
        colony: 'Juárez',
        postal_code: '06600',
        state_city: 'Ciudad de México, Cuauhtémoc',
      },
    });
    await call('PUT', `/api/v1/users/${id}`, token, { invoice: true });
    for (let i = 0; i < COUNT / SELLERS; i++) {
      const topUp = await call<{ id: string }>('POST', '/api/v1/prepaid', token, { amount: 100 + ((s * 7 + i) % 900) + 0.5 });
      payments.push((await call<{ payment_id: string }>('POST', `/api/v1/payments/conekta/oxxo/${topUp.id}`, token, { email: seller.email })).payment_id);
    }
  }
  // What the set-up queued (welcome e-mails, the e-mails with each OXXO reference) went out when
  // the references were taken, hours before anyone pays at the store: it is sent before the burst.
  const setUpJobs = await app.jobs.drain(10_000);
  app.jobs.start();

  // The burst: every reference paid at once (50 confirmations in flight), through the webhook's code.
  const started = performance.now();
  const confirmations: number[] = [];
  // How busy the process's one thread was (JavaScript and the embedded engine both run on it).
  const loadSamples: { at: number; busy: number; span: number }[] = [];
  let lastElu = perf.eventLoopUtilization();
  let lastAt = performance.now();
  const sampler = setInterval(() => {
    const elu = perf.eventLoopUtilization();
    const at = performance.now();
    loadSamples.push({ at: lastAt, busy: perf.eventLoopUtilization(elu, lastElu).utilization * (at - lastAt), span: at - lastAt });
    lastElu = elu;
    lastAt = at;
  }, 250);
  await inChunks(payments, CONCURRENCY, async (id) => {
    await call('POST', `/api/v1/admin/payments/${id}/sandbox/paid`, adminToken);
    confirmations.push(performance.now());
  });
  const confirmedAt = performance.now();
  let valid = 0;
  while (valid < payments.length && performance.now() - started < 180_000) {
    await new Promise((r) => setTimeout(r, 250));
    valid = await count(`select count(*)::int as n from invoices where status = 'valid'`);
  }
  const doneAt = performance.now();
  clearInterval(sampler);

  const rows = await count(`select count(*)::int as n from invoices`);
  const distinctPayments = await count(`select count(distinct payment_id)::int as n from invoices where status = 'valid'`);
  const failed = await count(`select count(*)::int as n from invoices where status <> 'valid'`);
  const atService = [...fake.invoices.values()];
  const byPayment = new Map<string, number>();
  for (const inv of atService) byPayment.set(inv.external_id, (byPayment.get(inv.external_id) ?? 0) + 1);
  const stampedTwice = [...byPayment.values()].filter((n) => n > 1).length;
  const missing = payments.filter((id) => !byPayment.has(id)).length;
  // The most stamping calls that reached the service within any one second.
  const calls = fake.createCalls.filter((t) => t >= started).sort((a, b) => a - b);
  let peak = 0;
  for (let i = 0, j = 0; i < calls.length; i++) {
    while (calls[i]! - calls[j]! >= 1000) j++;
    peak = Math.max(peak, i - j + 1);
  }
  const seconds = (doneAt - started) / 1000;
  const line =
    `${setUpJobs} trabajos de la preparación (correos de bienvenida y de cada referencia OXXO) hechos antes de la ráfaga; ` +
    `${payments.length} abonos pagados en OXXO confirmados en ráfaga en ${((confirmedAt - started) / 1000).toFixed(1)} s; ` +
    `${valid} facturados en ${seconds.toFixed(1)} s desde el inicio de la ráfaga (meta ≤ 60 s, base embebida); ` +
    `${atService.length} facturas en el servicio para ${byPayment.size} pagos (repetidas: ${stampedTwice}, faltantes: ${missing}); ` +
    `filas de factura: ${rows} (${distinctPayments} pagos distintos, ${failed} sin timbrar); ` +
    `límite del servicio ${RATE} timbrados/s: máximo visto ${peak} en un segundo, ${fake.throttled} respuestas 429`;
  // Per second since the burst began: confirmations, invoice jobs done, stamping calls, other jobs, database busy time.
  const span = Math.ceil(seconds);
  const bucket = (t: number) => Math.floor((t - started) / 1000);
  const perSecond = (times: number[]) => {
    const out = new Array<number>(span).fill(0);
    for (const t of times) if (t >= started && bucket(t) < span) out[bucket(t)]! += 1;
    return out;
  };
  const confirmedPer = perSecond(confirmations);
  const invoiceJobsPer = perSecond(jobRuns.filter((r) => r.type === 'invoices.payment' && r.outcome === 'done').map((r) => r.at));
  const retriesPer = perSecond(jobRuns.filter((r) => r.type.startsWith('invoices.') && r.outcome !== 'done').map((r) => r.at));
  const otherJobsPer = perSecond(jobRuns.filter((r) => !r.type.startsWith('invoices.')).map((r) => r.at));
  const stampsPer = perSecond(calls);
  const busyPer = new Array<number>(span).fill(0);
  const statementsPer = new Array<number>(span).fill(0);
  for (const w of dbWork) {
    if (w.at < started || bucket(w.at) >= span) continue;
    busyPer[bucket(w.at)]! += w.ms;
    statementsPer[bucket(w.at)]! += 1;
  }
  const busyThread = new Array<number>(span).fill(0);
  const sampled = new Array<number>(span).fill(0);
  for (const l of loadSamples) {
    if (l.at < started || bucket(l.at) >= span) continue;
    busyThread[bucket(l.at)]! += l.busy;
    sampled[bucket(l.at)]! += l.span;
  }
  const otherTypes = new Map<string, number>();
  for (const r of jobRuns) if (r.at >= started && !r.type.startsWith('invoices.')) otherTypes.set(r.type, (otherTypes.get(r.type) ?? 0) + 1);
  const timeline = [
    '| s | confirmados | trabajos de factura | reintentos | timbrados | otros trabajos | mensajes a la base | base ocupada (ms) | hilo ocupado |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...confirmedPer.map(
      (c, i) =>
        `| ${i} | ${c} | ${invoiceJobsPer[i]} | ${retriesPer[i]} | ${stampsPer[i]} | ${otherJobsPer[i]} | ${statementsPer[i]} | ${Math.round(busyPer[i]!)} | ${sampled[i] ? `${Math.round((busyThread[i]! / sampled[i]) * 100)} %` : ''} |`,
    ),
  ].join('\n');
  const others = [...otherTypes].map(([type, n]) => `${type} ${n}`).join(', ') || 'ninguno';
  console.log(timeline);
  console.log(`otros trabajos: ${others}`);
  // Smaller runs (`npm run bench:invoices -- 300`) only print: the result file is the bar's 1,000.
  if (COUNT === 1000)
    writeFileSync(
      path.join(import.meta.dirname, 'results/INVOICES.md'),
      `# Facturación de 1,000 pagos en ráfaga\n\nMedido el ${new Date().toISOString()} en ${os.cpus().length} núcleos, Node ${process.version}, base embebida (PGlite), ` +
        `cliente oficial de Facturapi contra el servicio falso local (\`adapters/fakes/facturapi.fake.ts\`, que responde 429 sobre ${RATE} solicitudes por segundo), por \`npm run bench:invoices\`.\n\n- ${line}\n\n` +
        `## Cronología por segundo desde el inicio de la ráfaga\n\nOtros trabajos ejecutados: ${others}. «Mensajes a la base»: idas y vueltas al motor embebido (cada sentencia, BEGIN y COMMIT); «base ocupada»: el tiempo que el motor pasó ejecutándolos en ese segundo; «hilo ocupado»: la parte del segundo en que el único hilo del proceso (JavaScript y el motor embebido) estuvo trabajando.\n\n${timeline}\n`,
    );
  console.log(`invoices: ${line}`);
} finally {
  await app.close();
  await database.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}
