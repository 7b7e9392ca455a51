/**
 * `node --import tsx bench/pay-100.ts`: one wallet payment of 100 shipments and their 100 guides
 * (the durable guide jobs drained, guide numbers issued by the inventory or the sandbox carrier, and
 * every label PDF fetched) on the embedded database, end to end through the API, and prints the
 * figure (issue 6's bar: ≤ 3 s). Drained jobs include the label e-mails written to the outbox.
 * Not a test: it asserts nothing beyond the run succeeding. Uses a throwaway DATA_DIR.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig, withSecretKey } from '../apps/api/src/config/env.js';
import { resolveSecretKey } from '../apps/api/src/modules/settings/secret-key.js';
import { createDatabase } from '../apps/api/src/db/client.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';

const COUNT = Number(process.argv[2] ?? 100);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-bench-pay-'));
const admin = { email: 'admin@bench.test', password: 'Admin1234' };

const start = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
const database = await createDatabase({ dataDir: path.join(dataDir, 'db') });
await runMigrations(database);
const config = withSecretKey(start, await resolveSecretKey(database.db, { given: undefined, now: new Date() }));
const app = await buildApp({ config, database });
await app.ready();

async function call<T>(method: 'GET' | 'POST', url: string, token: string | null, payload?: object): Promise<T> {
  const res = await app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

try {
  const adminToken = (await call<{ token: string }>('POST', '/api/v1/login', null, admin)).token;
  const user = { firstName: 'Banco', lastName: 'Pruebas', email: 'comprador@bench.test', phone: '3312345678', password: 'clave123' };
  await call('POST', '/api/v1/users/createFromDashboard', adminToken, user);
  const { id: userId, token } = await call<{ id: string; token: string }>('POST', '/api/v1/login', null, { email: user.email, password: user.password });

  const origin = {
    full_name: 'Ana López',
    email: 'ana@correo.test',
    phone: '3312345678',
    address: 'Av. Juárez',
    number: '123',
    intNumber: '',
    reference_of_origin: '',
    colony: 'Guadalajara Centro',
    postal_code: '44100',
    city: 'Jalisco, Guadalajara',
    state_code: 'JAL',
    country_code: 'MX',
  };
  const destination = {
    full_name: 'Bruno Díaz',
    email: 'bruno@correo.test',
    phone: '5512345678',
    address: 'Calle Roma',
    number: '45',
    intNumber: '2B',
    reference_of_origin: '',
    colony: 'Juárez',
    postal_code: '06600',
    city: 'Ciudad de México, Cuauhtémoc',
    state_code: 'CDMX',
    country_code: 'MX',
    state_short: 'CDMX',
  };
  const parcels = [{ depth: 15, width: 30, height: 20, weight: 3 }];
  const side = (a: typeof origin & { state_short?: string }) => ({
    country_code: a.country_code,
    postal_code: a.postal_code,
    city: a.city.split(',').pop()!.trim(),
    suburb: a.colony,
    ...(a.state_short ? { state_short: a.state_short } : {}),
  });
  const quote = await call<{ options: { service_id: string; carrier_service_name: string; net_total_amount: number }[] }>('POST', '/api/v1/quoting', token, {
    origin_direction: side(origin),
    destination_direction: side(destination),
    parcels,
    package_type: 'box',
    cantidadGuias: COUNT,
  });
  const option = quote.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC') ?? quote.options[0]!;
  const created = await call<{ shipments: { _id: string }[] }>('POST', '/api/v1/shipments', token, {
    shipment_type: 'box',
    parcels,
    cantidadGuias: COUNT,
    origin_direction: origin,
    destination_direction: destination,
    description_of_the_content: 'Ropa',
    selected_service: { service_id: option.service_id, net_total_amount: option.net_total_amount },
  });
  const ids = created.shipments.map((s) => s._id);
  await call('POST', '/api/v1/prepaid/createPrepaid', adminToken, { userId, cantidadAbonar: option.net_total_amount });

  const started = performance.now();
  await call('POST', '/api/v1/payments/many/monedero', token, { email: user.email, shipments: ids });
  const paidAt = performance.now();
  await app.jobs.drain(1000);
  const result = await call<{ execute: boolean; shipments: { number_guide: string | null }[] }>('POST', '/api/v1/generate-guides-after-pay/many', token, {
    shipments: ids,
  });
  const guidesAt = performance.now();
  let labels = 0;
  for (const id of ids) {
    const res = await app.inject({ method: 'GET', url: `/api/v1/shipments/${id}/label`, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode === 200 && res.rawPayload.subarray(0, 5).toString() === '%PDF-') labels++;
  }
  const done = performance.now();
  const issued = result.shipments.filter((s) => s.number_guide).length;
  const line =
    `${ids.length} envíos pagados con el monedero en ${((paidAt - started) / 1000).toFixed(2)} s; ` +
    `${issued} guías emitidas en ${((guidesAt - paidAt) / 1000).toFixed(2)} s; ${labels} etiquetas PDF en ${((done - guidesAt) / 1000).toFixed(2)} s; ` +
    `total ${((done - started) / 1000).toFixed(2)} s (meta ≤ 3 s, base embebida)`;
  writeFileSync(
    path.join(import.meta.dirname, 'results/PAY-100.md'),
    `# Pago de ${ids.length} envíos con el monedero\n\nMedido el ${new Date().toISOString()} en ${os.cpus().length} núcleos, Node ${process.version}, base embebida (PGlite), por \`npm run bench:pay\`.\n\n- ${line}\n`,
  );
  console.log(
    `pay-100: ${ids.length} envíos pagados con el monedero en ${((paidAt - started) / 1000).toFixed(2)} s; ` +
      `${issued} guías emitidas en ${((guidesAt - paidAt) / 1000).toFixed(2)} s; ${labels} etiquetas PDF en ${((done - guidesAt) / 1000).toFixed(2)} s; ` +
      `total ${((done - started) / 1000).toFixed(2)} s (meta ≤ 3 s, base embebida)`,
  );
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
