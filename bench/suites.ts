import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../scripts/lib/build-web.mjs';
import { DHL_FAKE_CREDENTIALS, startDhlFake } from '../apps/api/src/modules/carriers/adapters/fakes/dhl-express.fake.js';
import { createDatabase } from '../apps/api/src/db/client.js';
import { seedShipmentCopies } from '../apps/api/src/modules/shipments/shipments.seed.js';

export interface BenchRequest {
  name: string;
  path?: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  /** Bodies sent round robin instead of `body` (requests that each differ). */
  bodies?: unknown[];
  /** Paths requested round robin instead of `path` (the first one is `path`). */
  paths?: string[];
  /** Also measure the bare handler answering as many bytes as this route does. */
  sizedBaseline?: boolean;
}
export interface BenchContext {
  base: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  notes: string[];
  withServerStopped(work: () => Promise<void> | void): Promise<void>;
  /** The running server's process id (memory figures). */
  serverPid(): number | undefined;
}
export interface BenchSuite {
  name: string;
  /** Prepares data (through the API or the CLI) and returns the requests to measure. */
  setup(ctx: BenchContext): Promise<(BenchRequest & { path: string })[]>;
}

const catalogue = path.resolve(root, '../shared/data/sepomex/CPdescarga_20241116_utf8.txt.gz');

/** The home page's quote: Guadalajara → Ciudad de México, one box 30×20×15 cm of 3 kg. */
const quoteBody = {
  origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Guadalajara' },
  destination_direction: { country_code: 'MX', postal_code: '06600', city: 'Ciudad de México' },
  parcels: [{ depth: 20, width: 30, height: 15, weight: 3 }],
  package_type: 'box',
  cantidadGuias: 1,
};

function variedQuoteBodies(): unknown[] {
  const routes = [
    ['44100', '06600'],
    ['06600', '64000'],
    ['64000', '44100'],
  ] as const;
  const bodies: unknown[] = [];
  for (let tenths = 1; tenths <= 2000; tenths++) {
    for (const [from, to] of routes) {
      bodies.push({
        origin_direction: { country_code: 'MX', postal_code: from },
        destination_direction: { country_code: 'MX', postal_code: to },
        parcels: [{ depth: 20, width: 30, height: 15, weight: tenths / 10 }],
        package_type: 'box',
        cantidadGuias: 1,
      });
    }
  }
  return bodies;
}

/**
 * Issue 4's second bar: with one carrier API hanging, the quote still arrives within that
 * carrier's time limit + 50 ms. The server restarts with DHL's live rating pointed at a local
 * fake that never answers, answers a few quotes one after another, and goes back to tariffs.
 */
async function measureHangingCarrier(ctx: BenchContext): Promise<void> {
  const limitMs = 500;
  await withHangingDhl(ctx, { CARRIER_RATE_TIMEOUT_MS: String(limitMs) }, async () => {
    const times: number[] = [];
    let reported = true;
    for (let i = 0; i < 12; i++) {
      const started = performance.now();
      const res = await fetch(`${ctx.base}/api/v1/quoting`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(quoteBody) });
      const answer = (await res.json()) as { unavailable_carriers?: { carrier_code: string }[] };
      times.push(performance.now() - started);
      reported &&= res.ok && Boolean(answer.unavailable_carriers?.some((u) => u.carrier_code === 'dhl'));
    }
    // The first answer also warms the process up; the bar is about the steady state.
    const steady = times.slice(2).sort((a, b) => a - b);
    ctx.notes.push(
      `Cotización con la API de DHL colgada (límite ${limitMs} ms, meta ≤ ${limitMs + 50} ms): mediana ${Math.round(steady[Math.floor(steady.length / 2)]!)} ms, ` +
        `máximo ${Math.round(steady.at(-1)!)} ms en ${steady.length} cotizaciones seguidas; DHL reportada como no disponible: ${reported ? 'sí' : 'NO'}.`,
    );
  });
}

/** Restarts the server with DHL's live API pointed at a local fake that never answers, runs `work`, and restarts it as it was. */
async function withHangingDhl(ctx: BenchContext, extraEnv: Record<string, string>, work: () => Promise<void>): Promise<void> {
  const fake = await startDhlFake();
  fake.mode = { kind: 'hang' };
  const added: Record<string, string> = {
    ...extraEnv,
    DHL_API_URL: fake.baseUrl,
    DHL_API_KEY: DHL_FAKE_CREDENTIALS.apiKey,
    DHL_API_SECRET: DHL_FAKE_CREDENTIALS.apiSecret,
    DHL_ACCOUNT_NUMBER: DHL_FAKE_CREDENTIALS.accountNumber,
  };
  Object.assign(ctx.env, added);
  try {
    await ctx.withServerStopped(() => undefined);
    await work();
  } finally {
    for (const key of Object.keys(added)) delete ctx.env[key];
    await ctx.withServerStopped(() => undefined);
    await fake.close();
  }
}

async function call<T>(ctx: BenchContext, method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${ctx.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const SHIPMENTS_PER_USER = 10_000;

/** A new customer (created by the bench admin) buys one shipment of the home quote through the API. */
async function buyOneShipment(ctx: BenchContext, prefix: string, lastName: string): Promise<{ userId: string; token: string; shipmentId: string }> {
  const admin = await call<{ token: string }>(ctx, 'POST', '/api/v1/login', { email: ctx.env.ADMIN_EMAIL, password: ctx.env.ADMIN_PASSWORD });
  const email = `${prefix}${Date.now().toString(36)}@envios.test`;
  const user = { firstName: 'Bench', lastName, email, phone: '3312345678', password: 'bench1234' };
  await call(ctx, 'POST', '/api/v1/users/createFromDashboard', user, admin.token);
  const { id: userId, token } = await call<{ id: string; token: string }>(ctx, 'POST', '/api/v1/login', { email, password: user.password });
  const quote = await call<{ options: { service_id: string; net_total_amount: number }[] }>(ctx, 'POST', '/api/v1/quoting', quoteBody, token);
  const option = quote.options[0]!;
  const side = { full_name: 'Bench Destino', email, phone: '3312345678', address: 'Av. Juárez', number: '123', colony: 'Centro', postal_code: '44100', city: 'Jalisco, Guadalajara' };
  const created = await call<{ _id: string }>(
    ctx,
    'POST',
    '/api/v1/shipments',
    {
      selected_service: { service_id: option.service_id, net_total_amount: option.net_total_amount },
      shipment_type: 'box',
      parcels: quoteBody.parcels,
      origin_direction: side,
      destination_direction: { ...side, colony: 'Juárez Centro', postal_code: '06600', city: 'Ciudad de México, Cuauhtémoc' },
      description_of_the_content: 'Ropa',
    },
    token,
  );
  return { userId, token, shipmentId: created._id };
}

/**
 * Issue 5's bar: a customer's list with 10,000 shipments, pages of 10. One shipment is bought
 * through the API (so it carries a real snapshot); the server stops, the rest are copied from it
 * by one INSERT … SELECT generate_series, and the server starts again on the same data.
 */
async function seedShipmentList(ctx: BenchContext): Promise<{ userId: string; token: string }> {
  const { userId, token, shipmentId } = await buyOneShipment(ctx, 'b', 'Envíos');
  await ctx.withServerStopped(async () => {
    const started = performance.now();
    const database = await createDatabase({ url: ctx.env.DATABASE_URL, dataDir: ctx.dataDir });
    try {
      await seedShipmentCopies(database.db, [shipmentId], SHIPMENTS_PER_USER);
      // What the nightly maintenance job does (accounts.cleanup.ts): fresh statistics and visibility map.
      await database.exec('VACUUM ANALYZE');
    } finally {
      await database.close();
    }
    ctx.notes.push(`${SHIPMENTS_PER_USER.toLocaleString('en-US')} envíos de un usuario sembrados con un INSERT … SELECT generate_series: ${Math.round(performance.now() - started)} ms.`);
  });
  return { userId, token };
}

const TRACKED_GUIDE = 'BENCH0000001';
const DOWN_GUIDE = 'BENCHDOWN001';
/** The stored guide's carrier (the cheapest option's), its route for `POST /tracking/{route}`. */
let trackedRoute = 'dhl';

/**
 * Issue 7's bars. One shipment is bought through the API; with the server stopped it gets a guide
 * number (the restart's backfill starts tracking it) and a copy gets a DHL guide last checked an
 * hour ago with one stored event. Then the server restarts with DHL's API pointed at a local fake
 * that never answers: tracking that guide must answer within the inline time limit (2.5 s) with
 * the stored event, marked stale.
 */
async function seedTrackedGuides(ctx: BenchContext): Promise<void> {
  const { shipmentId: id } = await buyOneShipment(ctx, 't', 'Rastreo');
  await ctx.withServerStopped(async () => {
    const database = await createDatabase({ url: ctx.env.DATABASE_URL, dataDir: ctx.dataDir });
    try {
      const [tracked] = await database.query<{ carrier_code: string }>(
        `update shipments set paid = true, paid_at = now(), number_guide = $2 where id = $1 returning carrier_code`,
        [id, TRACKED_GUIDE],
      );
      trackedRoute = tracked!.carrier_code;
      const [copy] = await database.query<{ id: string }>(
        `insert into shipments (user_id, customer_first_names, customer_last_names, customer_email, origin, destination, destination_name,
           destination_line, service_id, carrier_code, service_name, selected_service, total_centavos, transit_days, shipment_type, parcels, description,
           paid, paid_at, number_guide)
         select user_id, customer_first_names, customer_last_names, customer_email, origin, destination, destination_name, destination_line, service_id,
           'dhl', 'EXPRESS DOMESTIC', selected_service, total_centavos, transit_days, shipment_type, parcels, description, true, now() - interval '1 hour', $2
         from shipments where id = $1 returning id`,
        [id, DOWN_GUIDE],
      );
      await database.query(
        `insert into tracking_states (shipment_id, guide_number, carrier_code, route, state, headline, sandbox, issued_at, last_event_at, checked_at,
           next_check_at, shipper_city, consignee_city, pieces)
         values ($1, $2, 'dhl', 'dhl', 'picked_up', 'Envío Recolectado', false, now() - interval '1 hour', now() - interval '50 minutes',
           now() - interval '1 hour', now() + interval '1 hour', 'Guadalajara', 'Cuauhtémoc', 1)`,
        [copy!.id, DOWN_GUIDE],
      );
      await database.query(
        `insert into tracking_events (shipment_id, occurred_at, state, code, description, location, fingerprint)
         values ($1, now() - interval '50 minutes', 'picked_up', 'PU', 'El envío fue recolectado.', 'GUADALAJARA - MEXICO', 'bench-pu')`,
        [copy!.id],
      );
    } finally {
      await database.close();
    }
  });

  await withHangingDhl(ctx, {}, async () => {
    const started = performance.now();
    const res = await fetch(`${ctx.base}/api/v1/tracking`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ guide_number: DOWN_GUIDE }) });
    const answer = (await res.json()) as { stale?: boolean; shipment_event?: unknown[] };
    const took = performance.now() - started;
    const again = performance.now();
    await fetch(`${ctx.base}/api/v1/tracking`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ guide_number: DOWN_GUIDE }) });
    ctx.notes.push(
      `Rastreo con la API de DHL colgada (límite 2,500 ms): respuesta en ${Math.round(took)} ms (HTTP ${res.status}), stale: ${String(answer.stale)}, ` +
        `${answer.shipment_event?.length ?? 0} movimiento(s) guardado(s) mostrados; la siguiente consulta (en espera por back-off, sin llamar a DHL): ${Math.round(performance.now() - again)} ms.`,
    );
  });
}

const REPORT_USERS = 1000;
const REPORT_SHIPMENTS = 100_000;

/** The server's resident memory now, MB (Linux /proc). */
function rssMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number {
  if (!pid) return NaN;
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Issue 15's bars: the general report over 100,000 shipments of 1,000 customers. One shipment is
 * bought through the API; with the server stopped, 1,000 customers are copied from its buyer and
 * 100 shipments each from it (one INSERT … SELECT), a third of them paid, spread over 2026.
 */
async function seedReport(ctx: BenchContext): Promise<{ token: string; serviceId: string; email: string }> {
  const { shipmentId } = await buyOneShipment(ctx, 'r', 'Reporte');
  let serviceId = '';
  await ctx.withServerStopped(async () => {
    const started = performance.now();
    const database = await createDatabase({ url: ctx.env.DATABASE_URL, dataDir: ctx.dataDir });
    try {
      await database.query(
        `insert into users (email, first_name, last_name, phone, password_hash, rol, active)
         select 'cliente' || g || '@reporte.test', 'Cliente', 'Número ' || g, phone, password_hash, 'user', true
         from users, generate_series(1, $2::int) g where id = (select user_id from shipments where id = $1)`,
        [shipmentId, REPORT_USERS],
      );
      await database.query(
        `insert into shipments (user_id, customer_first_names, customer_last_names, customer_email, origin, destination, destination_name,
           destination_line, service_id, carrier_code, service_name, selected_service, total_centavos, transit_days, shipment_type, parcels,
           description, paid, reference, created_at, updated_at)
         select u.id, u.first_name, u.last_name, u.email, s.origin, s.destination, 'Destino ' || g, s.destination_line, s.service_id, s.carrier_code,
           s.service_name, s.selected_service, s.total_centavos + g % 500, s.transit_days, s.shipment_type, s.parcels, s.description, g % 3 = 0,
           'RPT' || lpad(g::text, 9, '0'),
           timestamptz '2026-01-01 06:00:00+00' + (g * 300) * interval '1 second', now()
         from generate_series(1, $2::int) g
           join lateral (select id, first_name, last_name, email from users where email = 'cliente' || (g % $3 + 1) || '@reporte.test') u on true
           cross join shipments s where s.id = $1`,
        [shipmentId, REPORT_SHIPMENTS, REPORT_USERS],
      );
      await database.query(`update shipments set deleted_at = now() where id = $1`, [shipmentId]);
      serviceId = (await database.query<{ service_id: string }>(`select service_id from shipments where id = $1`, [shipmentId]))[0]!.service_id;
      await database.exec('VACUUM ANALYZE');
    } finally {
      await database.close();
    }
    ctx.notes.push(
      `${REPORT_SHIPMENTS.toLocaleString('en-US')} envíos de ${REPORT_USERS.toLocaleString('en-US')} clientes sembrados (INSERT … SELECT, VACUUM ANALYZE): ${Math.round(performance.now() - started)} ms.`,
    );
  });
  const admin = await call<{ token: string }>(ctx, 'POST', '/api/v1/login', { email: ctx.env.ADMIN_EMAIL, password: ctx.env.ADMIN_PASSWORD });
  return { token: admin.token, serviceId, email: 'cliente77@reporte.test' };
}

/** The export of all 100,000 rows: time to the last byte and the server's peak memory meanwhile. */
async function measureExport(ctx: BenchContext, token: string): Promise<void> {
  const pid = ctx.serverPid();
  // The server was just restarted after seeding: its start-up work (the public pages rendered in a
  // thread that stops after 15 s without work) would land inside the export's window. Measured
  // once it has settled, as a server that has been running a while exports.
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  const before = rssMb(pid, 'VmRSS');
  let peak = before;
  const timer = setInterval(() => {
    const now = rssMb(pid, 'VmRSS');
    if (now > peak) peak = now;
  }, 25);
  const started = performance.now();
  const res = await fetch(`${ctx.base}/api/v1/reports/shipments.xlsx`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  const took = performance.now() - started;
  clearInterval(timer);
  ctx.notes.push(
    `Exportación de ${res.headers.get('x-export-rows') ?? '?'} filas a shipments.xlsx (HTTP ${res.status}, ${(bytes / 1048576).toFixed(1)} MB): ${(took / 1000).toFixed(1)} s; ` +
      `memoria residente del servidor ${before} MB antes (asentado: 20 s sin trabajo tras arrancar), pico ${peak} MB durante (meta ≤ 10 s y ≤ 200 MB).`,
  );
  const csvStart = performance.now();
  const csv = await fetch(`${ctx.base}/api/v1/reports/shipments.csv`, { headers: { authorization: `Bearer ${token}` } });
  let csvBytes = 0;
  for await (const chunk of csv.body as unknown as AsyncIterable<Uint8Array>) csvBytes += chunk.byteLength;
  ctx.notes.push(`La misma exportación en CSV (${(csvBytes / 1048576).toFixed(1)} MB): ${((performance.now() - csvStart) / 1000).toFixed(1)} s.`);
}

export const suites: BenchSuite[] = [
  {
    name: 'geography',
    async setup(ctx) {
      if (existsSync(catalogue)) {
        await ctx.withServerStopped(() => {
          const started = performance.now();
          execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/src/modules/geography/import-postal-codes.cli.ts', catalogue], {
            cwd: root,
            env: ctx.env,
            stdio: ['ignore', 'ignore', 'ignore'],
          });
          ctx.notes.push(`Importación del catálogo SEPOMEX completo (155,888 filas) en la base embebida: ${Math.round(performance.now() - started)} ms.`);
        });
      } else {
        ctx.notes.push('Catálogo completo ausente (../shared/data/sepomex): búsqueda medida sobre el conjunto demo.');
      }
      return [
        { name: 'GET /api/v1/postalcodes?search=441 (prefijo)', path: '/api/v1/postalcodes?search=441&country=MX' },
        { name: 'GET /api/v1/postalcodes?search=0660 (prefijo)', path: '/api/v1/postalcodes?search=0660&country=MX' },
        // 20 KB as they are: the same-size bare handler shows what the transport alone costs.
        { name: 'GET /api/v1/countrycodes', path: '/api/v1/countrycodes', sizedBaseline: true },
        // What a browser sends: the list travels compressed (prepared once, not per request).
        {
          name: 'GET /api/v1/countrycodes (Accept-Encoding: gzip, deflate, br, como un navegador)',
          path: '/api/v1/countrycodes',
          headers: { 'accept-encoding': 'gzip, deflate, br' },
          sizedBaseline: true,
        },
      ];
    },
  },
  {
    name: 'quoting',
    async setup(ctx) {
      await measureHangingCarrier(ctx);
      ctx.notes.push('Cotización sobre tarifas (las cinco paqueterías, catálogo en memoria, sin consultas a la base por solicitud); metas: p99 ≤ 30 ms y ≥ 30 % de las solicitudes por segundo del Fastify básico.');
      return [
        {
          name: 'POST /api/v1/quoting 44100 → 06600, 1 paquete 30×20×15 cm, 3 kg',
          path: '/api/v1/quoting',
          method: 'POST',
          body: quoteBody,
          sizedBaseline: true,
        },
        {
          // 6,000 different requests cycle through a 2,000-entry answer cache: every one is computed.
          name: 'POST /api/v1/quoting, 6 000 cotizaciones distintas (3 rutas × pesos 0.1–200 kg), sin caché',
          path: '/api/v1/quoting',
          method: 'POST',
          bodies: variedQuoteBodies(),
          sizedBaseline: true,
        },
      ];
    },
  },
  {
    name: 'shipments',
    async setup(ctx) {
      const { userId, token } = await seedShipmentList(ctx);
      ctx.notes.push('Lista de envíos paginada en SQL (10,000 envíos del usuario, páginas de 10); metas: p99 ≤ 50 ms en la base embebida y ≤ 20 ms en PostgreSQL.');
      const headers = { authorization: `Bearer ${token}` };
      // The first read after a change: a shipment is duplicated through the API (a write the list's
      // triggers announce), then one page is read and timed; on pages 1, 500 and 1000. The pauses
      // let the embedded database's background read of the whole plain list finish first.
      const pause = () => new Promise((r) => setTimeout(r, 5000));
      const listed = (await (await fetch(`${ctx.base}/api/v1/shipments/all/${userId}?limit=1&page=1`, { headers })).json()) as { docs: { _id: string }[] };
      const firsts: string[] = [];
      for (const n of [1, 500, 1000]) {
        await pause();
        const copied = await fetch(`${ctx.base}/api/v1/shipments/all`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ shipments: [listed.docs[0]!._id] }),
        });
        const started = performance.now();
        const read = await fetch(`${ctx.base}/api/v1/shipments/all/${userId}?limit=10&page=${n}`, { headers });
        await read.arrayBuffer();
        firsts.push(`página ${n}: ${Math.round(performance.now() - started)} ms (HTTP ${read.status}; duplicado HTTP ${copied.status})`);
      }
      await pause();
      ctx.notes.push(`Primera lectura de la lista tras un cambio (un envío duplicado por la API; solo se lee la página pedida): ${firsts.join(', ')}.`);
      const pages = Array.from({ length: 1000 }, (_, i) => `/api/v1/shipments/all/${userId}?limit=10&page=${i + 1}`);
      return [
        ...[1, 500, 1000].map((page) => ({
          name: `GET /api/v1/shipments/all/{userId}?limit=10&page=${page} (10,000 envíos; la misma página)`,
          path: `/api/v1/shipments/all/${userId}?limit=10&page=${page}`,
          headers,
        })),
        {
          // 1,000 pages round robin: no answer is kept, every request builds its page.
          name: 'GET /api/v1/shipments/all/{userId}?limit=10&page=1…1000 en rueda (10,000 envíos; ninguna página se reusa)',
          path: pages[0]!,
          paths: pages,
          headers,
        },
      ];
    },
  },
  {
    name: 'tracking',
    async setup(ctx) {
      await seedTrackedGuides(ctx);
      ctx.notes.push('Rastreo de una guía guardada (movimientos guardados; la respuesta armada se reusa 15 s por proceso); meta: p99 ≤ 15 ms.');
      return [
        { name: 'POST /api/v1/tracking {guide_number} (guía guardada)', path: '/api/v1/tracking', method: 'POST', body: { guide_number: TRACKED_GUIDE } },
        { name: `POST /api/v1/tracking/${trackedRoute} {guide_number} (ruta por paquetería)`, path: `/api/v1/tracking/${trackedRoute}`, method: 'POST', body: { guide_number: TRACKED_GUIDE } },
      ];
    },
  },
  {
    name: 'reports',
    async setup(ctx) {
      const { token, serviceId, email } = await seedReport(ctx);
      const headers = { authorization: `Bearer ${token}` };
      const first = performance.now();
      await fetch(`${ctx.base}/api/v1/shipments/period?limit=10&page=1`, { headers });
      ctx.notes.push(`Primera lectura del reporte tras un cambio (guarda los 100,000 ids del filtro, en orden): ${Math.round(performance.now() - first)} ms.`);
      await measureExport(ctx, token);
      ctx.notes.push('Reporte general GET /api/v1/shipments/period, 100,000 envíos de 1,000 clientes, páginas de 10; metas: p99 ≤ 50 ms en la base embebida y ≤ 20 ms en PostgreSQL.');
      const pages = (query: string, n: number) => Array.from({ length: n }, (_, i) => `/api/v1/shipments/period?${query}${query ? '&' : ''}limit=10&page=${i + 1}`);
      const filters = [
        '',
        'status=paid',
        'status=unpaid',
        `service=${serviceId}`,
        'date_ini=2026-03-01&date_fin=2026-03-31',
        `date_ini=2026-02-01&date_fin=2026-06-30&status=paid&service=${serviceId}`,
        `filter=${encodeURIComponent(email)}`,
        'filter=RPT0000123',
      ];
      const mixed = filters.flatMap((f) => pages(f, 400).filter((_, i) => i % 7 === 0));
      return [
        { name: 'GET /shipments/period?limit=10&page=1 (100,000 envíos)', path: '/api/v1/shipments/period?limit=10&page=1', headers },
        { name: 'GET /shipments/period?limit=10&page=10000 (la última página)', path: '/api/v1/shipments/period?limit=10&page=10000', headers },
        { name: 'GET /shipments/period, páginas 1…10,000 en rueda (ninguna se reusa)', path: pages('', 10_000)[0]!, paths: pages('', 10_000), headers },
        {
          name: `GET /shipments/period con 8 filtros (estatus, servicio, periodo, búsqueda por correo y por referencia) × páginas en rueda (${mixed.length} distintas)`,
          path: mixed[0]!,
          paths: mixed,
          headers,
        },
      ];
    },
  },
];
