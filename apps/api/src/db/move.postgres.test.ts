import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { parseEnv, withSecretKey, type StartConfig } from '../config/env.js';
import { resolveSecretKey } from '../modules/settings/secret-key.js';
import { adminEnv, createSignedInUser, signIn, signInAdmin, type SignedIn } from '../testing/accounts.js';
import { createEmptyPostgresDatabase } from '../testing/test-db.js';
import { runTs } from '../testing/processes.js';
import type { TestApp } from '../testing/test-app.js';
import { createOne } from '../modules/shipments/shipments.fixtures.js';
import { cloneShipment } from '../modules/guides/guides.testing.js';
import { createPgliteDatabase, createPostgresDatabase, type DatabaseHandle } from './client.js';
import { runMigrations } from './migrate.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-move-'));
let target: { url: string; drop: () => Promise<void> };
let occupied: { url: string; drop: () => Promise<void> };

/** Rows in every table of the public schema, read the same way on both sides. */
async function rowsPerTable(database: DatabaseHandle): Promise<Record<string, number>> {
  const tables = await database.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`, []);
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await database.query<{ n: number }>(`select count(*)::int as n from "${name}"`, []))[0]!.n;
  return counts;
}

/** The counts and money a move must carry, read the same way on both sides. */
const FACTS = `select
  (select count(*) from users)::int as users,
  (select count(*) from shipments)::int as shipments,
  (select count(*) from shipments where paid)::int as paid_shipments,
  (select count(*) from payments)::int as payments,
  (select coalesce(sum(amount_centavos), 0)::text from payments where status = 'paid') as paid_centavos,
  (select count(*) from wallet_entries)::int as wallet_entries,
  (select coalesce(sum(balance_centavos), 0)::text from wallets) as balances,
  (select count(*) from tracking_states)::int as tracking_states,
  (select count(*) from tracking_events)::int as tracking_events,
  (select count(*) from jobs)::int as jobs,
  (select count(*) from overweight_records)::int as overweight_records,
  (select coalesce(sum(cost_centavos), 0)::text from overweight_records) as overweight_centavos,
  (select count(*) from contact_messages)::int as contact_messages,
  (select max(number_of_order)::int from shipments) as last_folio,
  (select string_agg(name || '=' || value, ',' order by name) from app_settings) as settings`;

function config(overrides: Record<string, string> = {}): StartConfig {
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...adminEnv, ...overrides });
  return { ...env, SECRET_KEY: env.SECRET_KEY, dataDir, callerDir: dataDir };
}

async function appOn(database: DatabaseHandle): Promise<TestApp> {
  await runMigrations(database);
  const start = config();
  const secret = await resolveSecretKey(database.db, { given: undefined, now: new Date() });
  const cfg = withSecretKey(start, secret);
  const app = await buildApp({ config: cfg, database });
  await app.ready();
  return { app, database, config: cfg, close: async () => app.close() };
}

function move(args: string[]): Promise<{ code: number; out: string; err: string }> {
  return runTs('src/db/move.cli.ts', args, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
}

let before: Record<string, unknown>;
let tablesBefore: Record<string, number>;
let ana: SignedIn;
let labelLink: string;
let paidShipment: string;

beforeAll(async () => {
  target = await createEmptyPostgresDatabase();
  occupied = await createEmptyPostgresDatabase();
  // An embedded installation that was used: accounts, a wallet, shipments paid with it (guides,
  // labels, tracking), an overweight charged to the wallet, a PayPal attempt left open, a
  // message from the contact form, and the mail outbox.
  const embedded = await createPgliteDatabase(dataDir);
  const t = await appOn(embedded);
  try {
    const admin = await signInAdmin(t.app);
    ana = await createSignedInUser(t.app, admin, { password: 'clave-de-ana' });
    const credit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prepaid/createPrepaid',
      headers: admin.headers,
      payload: { cantidadAbonar: 5_000.37, userId: ana.id },
    });
    expect(credit.statusCode, credit.body).toBeLessThan(300);
    const first = await createOne(t, ana);
    const more = await cloneShipment(t, first._id, 5);
    const ids = [first._id, ...more];
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/many/monedero',
      headers: ana.headers,
      payload: { shipments: ids.slice(0, 4), email: ana.email },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paypal/v2/link/many',
      headers: ana.headers,
      payload: { shipments: ids.slice(4), email: ana.email },
    });
    expect(link.statusCode, link.body).toBe(200);
    const overweight = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/shipments/${ids[1]}`,
      headers: admin.headers,
      payload: { overweight: 2, cost_overweight: 123.45 },
    });
    expect(overweight.statusCode, overweight.body).toBe(200);
    expect(overweight.json()).toMatchObject({ overweight_paid: true });
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: {
        first_name: 'Lucía',
        last_name: 'Hernández',
        company_name: 'Dulces La Abuela',
        email: 'lucia@dulces.test',
        phone: '33 1234-5678',
        web: 'dulceslaabuela.mx',
        message: '¿Tienen tarifa por volumen?',
        number_shipment: 300,
      },
    });
    expect(contact.statusCode, contact.body).toBeLessThan(300);
    await t.app.jobs.drain();
    paidShipment = ids[0]!;
    const [mail] = await t.database.query<{ text: string }>('select text from outbox where key = $1', [`guides.ready:${paidShipment}`]);
    labelLink = /https?:\/\/\S+\/label\?token=\S+/.exec(mail!.text)![0];
    // Tracking: the guides job created a tracking state per guide; ask once so events exist.
    const [guide] = await t.database.query<{ number_guide: string }>('select number_guide from shipments where id = $1', [paidShipment]);
    await t.app.inject({ method: 'POST', url: '/api/v1/tracking', payload: { guide_number: guide!.number_guide } });
    before = (await t.database.query<Record<string, unknown>>(FACTS, []))[0]!;
    tablesBefore = await rowsPerTable(t.database);
  } finally {
    await t.close();
    await embedded.close();
  }
  expect(before).toMatchObject({ users: 2, shipments: 6, paid_shipments: 4, overweight_records: 1, overweight_centavos: '12345', contact_messages: 1 });
  expect(Number(before.tracking_states)).toBeGreaterThanOrEqual(4);
}, 180_000);

afterAll(async () => {
  await target?.drop();
  await occupied?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run db:move', () => {
  it('refuses while a server has the embedded database open, and moves nothing', async () => {
    const running = await createPgliteDatabase(dataDir);
    try {
      const answer = await move(['--to', target.url]);
      expect(answer.code).toBe(1);
      expect(answer.err).toContain('No se movió nada');
      expect(answer.err).toContain('Detén el servidor');
    } finally {
      await running.close();
    }
    const check = createPostgresDatabase(target.url, 1);
    const tables = await check.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`, []);
    await check.close();
    expect(tables[0]!.n).toBe(0);
  }, 120_000);

  it('refuses a target that already has data, naming it', async () => {
    const other = createPostgresDatabase(occupied.url, 1);
    await runMigrations(other);
    await other.exec(`insert into app_settings (name, value) values ('otra', 'instalación')`);
    await other.close();
    const answer = await move(['--to', occupied.url]);
    expect(answer.code).toBe(1);
    expect(answer.err).toContain('La base de destino no está vacía');
    expect(answer.err).toContain('app_settings');
  }, 120_000);

  it('explains its use when the target is missing or is not PostgreSQL', async () => {
    const answer = await move(['--to', 'mysql://localhost/envios']);
    expect(answer.code).toBe(2);
    expect(answer.err).toContain('El destino debe empezar con postgres://');
  }, 120_000);

  it('copies every row, keeps money to the centavo, the folios, the secret key; sign-in and labels work on PostgreSQL', async () => {
    const answer = await move(['--to', target.url]);
    expect(answer.err).toBe('');
    expect(answer.code).toBe(0);
    expect(answer.out).toMatch(/Listo en [\d.]+ s: [\d,]+ filas en \d+ tablas, todas verificadas\./);
    expect(answer.out).toContain('Monederos: 1, saldo total');

    const pg = createPostgresDatabase(target.url, 5);
    const t = await appOn(pg);
    try {
      const [after] = await pg.query<Record<string, unknown>>(FACTS, []);
      expect(after).toEqual(before);
      // Every table, not only the ones named above, arrived with all its rows.
      expect(await rowsPerTable(pg)).toEqual(tablesBefore);
      // The owner signs in with the same password; the session is new, the account the same.
      const again = await signIn(t.app, ana.email, 'clave-de-ana');
      expect(again.id).toBe(ana.id);
      const wallet = await t.app.inject({ method: 'GET', url: `/api/v1/prepaid/getTotalAmount/${ana.id}`, headers: again.headers });
      expect(wallet.json()).toEqual({ total_amount: Number(before.balances) / 100 });
      // The label link e-mailed by the embedded installation opens on PostgreSQL (same secret key).
      const url = new URL(labelLink);
      const pdf = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      // Folios continue after the last one.
      const next = await createOne(t, again);
      expect(next.numberOfOrder).toBe(Number(before.last_folio) + 1);
      // Tracking answers from the moved states.
      const [guide] = await pg.query<{ number_guide: string }>('select number_guide from shipments where id = $1', [paidShipment]);
      const tracked = await t.app.inject({ method: 'POST', url: '/api/v1/tracking', payload: { guide_number: guide!.number_guide } });
      expect(tracked.statusCode, tracked.body).toBe(200);
    } finally {
      await t.close();
      await pg.close();
    }

    // Once moved, the target is not empty: a second move is refused.
    const twice = await move(['--to', target.url]);
    expect(twice.code).toBe(1);
    expect(twice.err).toContain('no está vacía');
  }, 120_000);
});
