/**
 * `npm run bench:move [envíos]`: moves an embedded installation with 100,000 shipments (and each
 * one's wallet payment, ledger charge, tracking state and events) to an empty PostgreSQL with the
 * real command (`npm run db:move`), and writes the time to bench/results/MOVE.md (bar: ≤ 60 s).
 * The installation is built through the API (one paid shipment with its guide and tracking) and
 * then multiplied in SQL. PostgreSQL: a throwaway local cluster, or TEST_DATABASE_URL's server.
 * Not a test: it reports, it does not assert.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig, withSecretKey } from '../apps/api/src/config/env.js';
import { createPgliteDatabase, createPostgresDatabase } from '../apps/api/src/db/client.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';
import { resolveSecretKey } from '../apps/api/src/modules/settings/secret-key.js';
import { startThrowawayCluster } from '../apps/api/src/testing/pg-cluster.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const COUNT = Number(process.argv[2] ?? 100_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-bench-move-'));
const admin = { email: 'admin@bench.test', password: 'Admin1234' };

async function buildInstallation(): Promise<{ seedMs: number; sizeMb: number }> {
  const started = performance.now();
  const start = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  const database = await createPgliteDatabase(dataDir);
  await runMigrations(database);
  const config = withSecretKey(start, await resolveSecretKey(database.db, { given: undefined, now: new Date() }));
  const app = await buildApp({ config, database });
  await app.ready();
  const call = async <T>(method: 'GET' | 'POST', url: string, token: string | null, payload?: object): Promise<T> => {
    const res = await app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
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
      cantidadGuias: 1,
    });
    const option = quote.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC') ?? quote.options[0]!;
    const created = await call<{ shipments: { _id: string }[] }>('POST', '/api/v1/shipments', token, {
      shipment_type: 'box',
      parcels,
      cantidadGuias: 1,
      origin_direction: origin,
      destination_direction: destination,
      description_of_the_content: 'Ropa',
      selected_service: { service_id: option.service_id, net_total_amount: option.net_total_amount },
    });
    const template = created.shipments[0]!._id;
    await call('POST', '/api/v1/prepaid/createPrepaid', adminToken, { cantidadAbonar: 10_000, userId });
    await call('POST', '/api/v1/payments/many/monedero', token, { shipments: [template], email: user.email });
    await app.jobs.drain();
    const [guide] = await database.query<{ number_guide: string }>('select number_guide from shipments where id = $1', [template]);
    await call('POST', '/api/v1/tracking', null, { guide_number: guide!.number_guide });

    // Multiply the paid shipment, its payment, its ledger charge and its tracking, in SQL.
    const copies = COUNT - 1;
    await database.exec(`
      insert into shipments (user_id, customer_first_names, customer_last_names, customer_email, origin, destination, destination_name,
        destination_line, service_id, carrier_code, service_name, selected_service, total_centavos, transit_days, shipment_type, parcels,
        description, paid, paid_at, number_guide, created_at, updated_at)
      select s.user_id, s.customer_first_names, s.customer_last_names, s.customer_email, s.origin, s.destination, 'Cliente ' || g,
        s.destination_line, s.service_id, s.carrier_code, s.service_name, s.selected_service, s.total_centavos + (g % 100), s.transit_days,
        s.shipment_type, s.parcels, s.description, true, now(), 'BENCH' || lpad(g::text, 8, '0'),
        timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second', now()
      from shipments s cross join generate_series(1, ${copies}) as g where s.id = '${template}'`);
    await database.exec(`
      insert into payments (user_id, method, purpose, amount_centavos, status, email, request_id, created_at, updated_at, paid_at)
      select s.user_id, 'monedero', 'shipments', s.total_centavos, 'paid', s.customer_email, 'bench:' || s.id, s.created_at, now(), now()
      from shipments s where s.id <> '${template}'`);
    await database.exec(`
      insert into payment_shipments (payment_id, shipment_id, amount_centavos, service_id)
      select p.id, substring(p.request_id from 7)::uuid, p.amount_centavos, s.service_id
      from payments p join shipments s on s.id = substring(p.request_id from 7)::uuid where p.request_id like 'bench:%'`);
    await database.exec(`
      insert into wallet_entries (user_id, type, amount_centavos, paid, shipment_id, provider, created_at, paid_at)
      select s.user_id, 'cargo', -s.total_centavos, true, s.id, 'wallet', s.created_at, now() from shipments s where s.id <> '${template}'`);
    await database.exec(`
      insert into wallet_entries (user_id, type, amount_centavos, paid, provider, created_at, paid_at)
      select '${userId}', 'abono', coalesce(sum(total_centavos), 0), true, 'admin', now(), now() from shipments where id <> '${template}'`);
    await database.exec(`
      update wallets set balance_centavos = (select sum(amount_centavos) from wallet_entries e where e.user_id = wallets.user_id and e.paid) where user_id = '${userId}'`);
    await database.exec(`
      insert into tracking_states (shipment_id, guide_number, carrier_code, route, state, headline, sandbox, issued_at, last_event_at, checked_at, next_check_at, failures, finished)
      select s.id, s.number_guide, t.carrier_code, t.route, t.state, t.headline, t.sandbox, t.issued_at, t.last_event_at, t.checked_at, t.next_check_at, 0, t.finished
      from shipments s cross join (select * from tracking_states where shipment_id = '${template}') t where s.id <> '${template}'`);
    await database.exec(`
      insert into tracking_events (shipment_id, occurred_at, state, code, description, location, fingerprint)
      select s.id, s.created_at + k * interval '1 hour', case k when 1 then 'pending' when 2 then 'picked_up' else 'in_transit' end,
        'E' || k, 'Movimiento ' || k, 'Guadalajara, JAL', 'bench-' || k
      from shipments s cross join generate_series(1, 3) as k where s.id <> '${template}'`);
    await database.exec('VACUUM ANALYZE');
  } finally {
    await app.close();
    await database.close();
  }
  const size = Number(
    execFileSync('du', ['-sm', path.join(dataDir, 'pglite')])
      .toString()
      .split('\t')[0],
  );
  return { seedMs: performance.now() - started, sizeMb: size };
}

const given = process.env.TEST_DATABASE_URL;
const cluster = given ? { url: given, stop: () => undefined } : await startThrowawayCluster();
try {
  console.log(`Construyendo una instalación embebida con ${COUNT.toLocaleString('es-MX')} envíos…`);
  const built = await buildInstallation();
  console.log(`  lista en ${(built.seedMs / 1000).toFixed(1)} s (${built.sizeMb} MB en disco)`);
  const name = `envios_bench_move_${Date.now()}`;
  const adminDb = createPostgresDatabase(cluster.url, 1);
  await adminDb.exec(`create database ${name}`);
  await adminDb.close();
  const target = new URL(cluster.url);
  target.pathname = `/${name}`;

  const started = performance.now();
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/db/move.cli.ts', '--to', target.toString()], {
    cwd: path.resolve(here, '../apps/api'),
    env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: path.resolve(here, '../apps/api') },
  }).toString();
  const wallMs = performance.now() - started;
  console.log(out);
  const inner = /Listo en ([\d.]+) s: ([\d,]+) filas en (\d+) tablas/.exec(out);
  const tableLines = out
    .split('\n')
    .filter((l) => /^\s+\[\d+\/\d+\] (shipments|payments|payment_shipments|wallet_entries|tracking_states|tracking_events):/.test(l))
    .map((l) => l.trim());
  writeFileSync(
    path.join(here, 'results/MOVE.md'),
    [
      '# Mover la base embebida a PostgreSQL (`npm run bench:move`)',
      '',
      `Comando: \`npm run bench:move\` · ${new Date().toISOString()} · ${os.cpus().length} núcleos, Node ${process.version} · PostgreSQL 15 local en la misma máquina.`,
      '',
      `Carga media de la máquina (1 min) al terminar: ${os.loadavg()[0]!.toFixed(1)}.`,
      '',
      `Instalación embebida: ${COUNT.toLocaleString('es-MX')} envíos pagados con monedero, cada uno con su pago, su parte del pago, su cargo en el libro mayor, su estado de rastreo y 3 eventos (${built.sizeMb} MB en disco).`,
      '',
      '| medida | resultado |',
      '|---|---|',
      `| \`npm run db:move\` de principio a fin (arranque del comando, migraciones, copia, secuencias, verificación y confirmación) | **${(wallMs / 1000).toFixed(1)} s** (meta ≤ 60 s) |`,
      `| lo que el comando informa (sin su arranque) | ${inner ? `${inner[1]} s, ${inner[2]} filas en ${inner[3]} tablas` : '—'} |`,
      '',
      'Tablas grandes copiadas:',
      '',
      ...tableLines.map((l) => `- ${l}`),
      '',
    ].join('\n'),
  );
  console.log(`Mover: ${(wallMs / 1000).toFixed(1)} s. Resultados en bench/results/MOVE.md`);
} finally {
  cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
