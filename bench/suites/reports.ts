import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import ExcelJS from 'exceljs';
import { adminToken, buyOneShipment, drainBytes, withDatabase, type BenchContext, type BenchSuite } from './shared.js';

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
    await withDatabase(ctx, async (database) => {
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
    });
    ctx.notes.push(
      `${REPORT_SHIPMENTS.toLocaleString('en-US')} envíos de ${REPORT_USERS.toLocaleString('en-US')} clientes sembrados (INSERT … SELECT, VACUUM ANALYZE): ${Math.round(performance.now() - started)} ms.`,
    );
  });
  return { token: await adminToken(ctx), serviceId, email: 'cliente77@reporte.test' };
}

/**
 * The export read back whole with exceljs' streaming reader: the header and 100,000 rows, in order
 * (this check was a test; it lives here so the suite does not seed 100,000 shipments twice a run).
 */
async function readBackExport(ctx: BenchContext, token: string): Promise<void> {
  const res = await fetch(`${ctx.base}/api/v1/reports/shipments.xlsx`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`La exportación respondió HTTP ${res.status}`);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.fromWeb(res.body as ReadableStream), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      rows++;
      if (row.number !== rows) throw new Error(`La fila ${rows} del libro exportado dice ser la ${row.number}`);
    }
  }
  const expected = Number(res.headers.get('x-export-rows')) + 1;
  if (rows !== expected) throw new Error(`El libro exportado tiene ${rows} filas y debía tener ${expected} (encabezado incluido)`);
  ctx.notes.push(`El libro exportado, leído de nuevo con el lector en flujo de exceljs: ${rows.toLocaleString('en-US')} filas en orden (encabezado incluido).`);
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
  const bytes = await drainBytes(res);
  const took = performance.now() - started;
  clearInterval(timer);
  ctx.notes.push(
    `Exportación de ${res.headers.get('x-export-rows') ?? '?'} filas a shipments.xlsx (HTTP ${res.status}, ${(bytes / 1048576).toFixed(1)} MB): ${(took / 1000).toFixed(1)} s; ` +
      `memoria residente del servidor ${before} MB antes (asentado: 20 s sin trabajo tras arrancar), pico ${peak} MB durante (meta ≤ 10 s y ≤ 200 MB).`,
  );
  await readBackExport(ctx, token);
  const csvStart = performance.now();
  const csv = await fetch(`${ctx.base}/api/v1/reports/shipments.csv`, { headers: { authorization: `Bearer ${token}` } });
  const csvBytes = await drainBytes(csv);
  ctx.notes.push(`La misma exportación en CSV (${(csvBytes / 1048576).toFixed(1)} MB): ${((performance.now() - csvStart) / 1000).toFixed(1)} s.`);
}

export const reports: BenchSuite = {
  name: 'reports',
  async setup(ctx) {
    const { token, serviceId, email } = await seedReport(ctx);
    const headers = { authorization: `Bearer ${token}` };
    const first = performance.now();
    await fetch(`${ctx.base}/api/v1/shipments/period?limit=10&page=1`, { headers });
    ctx.notes.push(`Primera lectura del reporte tras un cambio (guarda los 100,000 ids del filtro, en orden): ${Math.round(performance.now() - first)} ms.`);
    await measureExport(ctx, token);
    ctx.notes.push(
      'Reporte general GET /api/v1/shipments/period, 100,000 envíos de 1,000 clientes, páginas de 10; metas: p99 ≤ 50 ms en la base embebida y ≤ 20 ms en PostgreSQL.',
    );
    const pages = (query: string, n: number) =>
      Array.from({ length: n }, (_, i) => `/api/v1/shipments/period?${query}${query ? '&' : ''}limit=10&page=${i + 1}`);
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
};
