/**
 * `node --import tsx bench/bulk.ts`: issue 30's bars on the embedded database, through the API:
 * a 1,000-row bulk upload checked and quoted (≤ 10 s), a 5,000-row one (≤ 40 s, with the process's
 * memory growth ≤ 150 MB), and 500 paid guides' labels in one PDF (≤ 5 s) and in ZPL (≤ 1 s).
 * Writes bench/results/BULK.md. Not a test: it asserts nothing beyond the run succeeding. Uses a
 * throwaway DATA_DIR.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BulkCreateResult, BulkReport, BulkUpload } from '@envios/contracts/bulk';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig, withSecretKey } from '../apps/api/src/config/env.js';
import { resolveSecretKey } from '../apps/api/src/modules/settings/secret-key.js';
import { createDatabase } from '../apps/api/src/db/client.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';

const loadAtStart = os.loadavg()[0]!.toFixed(1);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-bench-bulk-'));
const admin = { email: 'admin@bench.test', password: 'Admin1234' };
const start = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
const database = await createDatabase({ dataDir: path.join(dataDir, 'db') });
await runMigrations(database);
const config = withSecretKey(start, await resolveSecretKey(database.db, { given: undefined, now: new Date() }));
const app = await buildApp({ config, database, rateLimits: { shipmentsPerHour: 100_000 } });
await app.ready();

async function call<T>(method: 'GET' | 'POST', url: string, token: string | null, payload?: object): Promise<{ body: T; raw: Buffer }> {
  const res = await app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`);
  const json = (res.headers['content-type'] ?? '').toString().startsWith('application/json');
  return { body: (json ? res.json() : undefined) as T, raw: res.rawPayload };
}

const CP = [
  ['06600', 'Juárez'],
  ['06700', 'Roma Norte'],
  ['64000', 'Monterrey Centro'],
  ['03100', 'Del Valle Centro'],
  ['45100', 'Zapopan Centro'],
  ['20000', 'Aguascalientes Centro'],
] as const;

function row(n: number): Record<string, string> {
  const [cp, colonia] = CP[n % CP.length]!;
  return {
    origen_nombre: 'Ana López',
    origen_correo: 'ana@correo.test',
    origen_telefono: '3312345678',
    origen_calle: 'Av. Juárez',
    origen_numero: '123',
    origen_colonia: 'Guadalajara Centro',
    origen_cp: '44100',
    destino_nombre: `Cliente ${n}`,
    destino_correo: `cliente${n}@correo.test`,
    destino_telefono: '5512345678',
    destino_calle: 'Calle Roma',
    destino_numero: String(10 + (n % 900)),
    destino_colonia: colonia,
    destino_cp: cp,
    largo_cm: String(20 + (n % 15)),
    ancho_cm: '20',
    alto_cm: '15',
    peso_kg: String(1 + (n % 7)),
    contenido: 'Ropa',
    // Services whose guides the (sandbox) carrier issues: the demo inventory holds 100 per service.
    servicio: n % 3 === 0 ? 'FEDEX EXPRESS SAVER' : 'DHL EXPRESS DOMESTIC',
  };
}

/** Uploads the rows and drains the check jobs until the upload is ready; answers seconds and the peak RSS growth (MB). */
async function timedUpload(token: string, count: number, offset: number): Promise<{ seconds: number; growthMb: number; upload: BulkUpload }> {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const report = (
    await call<BulkReport>('POST', '/api/v1/shipments/bulk', token, {
      file_name: `bench-${count}.json`,
      rows: Array.from({ length: count }, (_, i) => row(offset + i)),
    })
  ).body;
  let upload: BulkUpload = report;
  while (upload.status !== 'ready') {
    await app.jobs.drain(1);
    upload = (await call<BulkUpload>('GET', `/api/v1/shipments/bulk/${report._id}`, token)).body;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds, growthMb: (peak - baseline) / 1024 / 1024, upload };
}

try {
  const adminToken = (await call<{ token: string }>('POST', '/api/v1/login', null, admin)).body.token;
  const user = { firstName: 'Banco', lastName: 'Masivo', email: 'masivo@bench.test', phone: '3312345678', password: 'clave123' };
  await call('POST', '/api/v1/users/createFromDashboard', adminToken, user);
  const { id: userId, token } = (await call<{ id: string; token: string }>('POST', '/api/v1/login', null, { email: user.email, password: user.password })).body;

  const small = await timedUpload(token, 1_000, 0);
  console.log(`1,000 filas: ${small.seconds.toFixed(2)} s`, small.upload.counts);
  const big = await timedUpload(token, 5_000, 10_000);
  console.log(`5,000 filas: ${big.seconds.toFixed(2)} s, +${big.growthMb.toFixed(0)} MB`, big.upload.counts);

  // 500 of the first upload's rows become shipments, paid in one wallet payment, their guides issued.
  const rows = Array.from({ length: 500 }, (_, i) => i + 1);
  const created = (await call<BulkCreateResult>('POST', `/api/v1/shipments/bulk/${small.upload._id}/create`, token, { rows })).body;
  const shipments = (await call<{ _id: string; net_total_amount: number }[]>('GET', `/api/v1/shipments/bulk/${small.upload._id}/shipments`, token)).body;
  const centavos = shipments.reduce((sum, s) => sum + Math.round(s.net_total_amount * 100), 0);
  for (let left = centavos; left > 0; left -= 10_000_000) {
    await call('POST', '/api/v1/prepaid/createPrepaid', adminToken, { userId, cantidadAbonar: Math.min(left, 10_000_000) / 100 });
  }
  const payStarted = performance.now();
  await call('POST', '/api/v1/payments/many/monedero', token, { shipments: created.shipment_ids });
  const paySeconds = (performance.now() - payStarted) / 1000;
  await app.jobs.drain(10_000);

  const pdfStarted = performance.now();
  const pdf = await call<undefined>('POST', '/api/v1/labels', token, { ids: created.shipment_ids, format: 'pdf4x6' });
  const pdfSeconds = (performance.now() - pdfStarted) / 1000;
  const letterStarted = performance.now();
  const letter = await call<undefined>('POST', '/api/v1/labels', token, { ids: created.shipment_ids, format: 'pdfletter' });
  const letterSeconds = (performance.now() - letterStarted) / 1000;
  const zplStarted = performance.now();
  const zpl = await call<undefined>('POST', '/api/v1/labels', token, { ids: created.shipment_ids, format: 'zpl' });
  const zplSeconds = (performance.now() - zplStarted) / 1000;
  const pages = (pdf.raw.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
  const zplLabels = (zpl.raw.toString('utf8').match(/\^XA/g) ?? []).length;

  const mark = (ok: boolean) => (ok ? 'cumple' : 'NO cumple');
  const lines = [
    `- 1,000 filas revisadas y cotizadas en ${small.seconds.toFixed(2)} s (meta ≤ 10 s: ${mark(small.seconds <= 10)}); ${small.upload.counts.valid} listas, ${small.upload.counts.invalid} con errores`,
    `- 5,000 filas revisadas y cotizadas en ${big.seconds.toFixed(2)} s (meta ≤ 40 s: ${mark(big.seconds <= 40)}); memoria del proceso +${big.growthMb.toFixed(0)} MB en el pico (meta ≤ 150 MB: ${mark(big.growthMb <= 150)})`,
    `- ${created.created} filas creadas como envíos; pagados con el monedero en un solo pago en ${paySeconds.toFixed(2)} s`,
    `- ${pages} etiquetas en un PDF 4 × 6 en ${pdfSeconds.toFixed(2)} s (meta ≤ 5 s: ${mark(pdfSeconds <= 5)}), ${(pdf.raw.length / 1024 / 1024).toFixed(1)} MB`,
    `- las mismas en PDF carta (dos por hoja) en ${letterSeconds.toFixed(2)} s, ${(letter.raw.length / 1024 / 1024).toFixed(1)} MB`,
    `- ${zplLabels} etiquetas en ZPL en ${zplSeconds.toFixed(2)} s (meta ≤ 1 s: ${mark(zplSeconds <= 1)}), ${(zpl.raw.length / 1024).toFixed(0)} KB`,
  ];
  writeFileSync(
    path.join(import.meta.dirname, 'results/BULK.md'),
    `# Envíos masivos y etiquetas en lote\n\nMedido el ${new Date().toISOString()} en ${os.cpus().length} núcleos (carga media de la máquina al empezar: ${loadAtStart}), Node ${process.version}, base embebida (PGlite), en un proceso a través del API (\`app.inject\`), por \`npm run bench:bulk\`. La revisión corre en los trabajos durables (tramos de 250 filas) que el bench drena sin esperar el sondeo.\n\n${lines.join('\n')}\n`,
  );
  console.log(lines.join('\n'));
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
