import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { CARRIER_NAMES } from '@envios/contracts/carriers';
import { fromCentavos } from '@envios/contracts/money';
import { overweightStatusLabels, type OverweightStatus } from '@envios/contracts/overweight';
import { EXPORT_MAX_ROWS, reportMessages, type ExportFormat, type PeriodExportQuery, type PeriodQuery, type ReportPage, type ReportRow } from '@envios/contracts/reports';
import { paymentStatusLabels, shipmentMessages } from '@envios/contracts/shipments';
import { trackingHeadlines } from '@envios/contracts/tracking-rules';
import type { DatabaseHandle, Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import { toPage } from '../../shared/pagination.js';
import { resolvePeriod } from '../../shared/report-period.js';
import { csvStream, ESTIMATED_BYTES_PER_ROW, xlsxStream, type SheetColumn } from '../../shared/spreadsheet.js';
import { countPeriod, periodIdList, periodPage, periodRowsByIds, streamPeriodRows, type PeriodFilter, type ReportShipmentRow } from '../shipments/shipments.reports.js';
import type { ChangeFeed } from './reports.changes.js';

/** What a report row needs to know of a shipment's overweight (the overweight module answers it). */
export interface OverweightOfShipment {
  overweightKg: number;
  costCentavos: number;
  disputeStatus: string;
}

export interface ReportsDeps {
  database: DatabaseHandle;
  clock: Clock;
  changes: ChangeFeed;
  overweightOf(ex: Executor, shipmentIds: readonly string[]): Promise<Map<string, OverweightOfShipment>>;
  statusOf(rec: OverweightOfShipment, paid: boolean): OverweightStatus;
  log?: FastifyBaseLogger | undefined;
}

/** One id and its comma in the cached list: every id is a UUID of 36 characters. */
const ID_STRIDE = 37;
/** Id lists kept per process, in ids (≈37 bytes each): about 37 MB at most. */
const ID_BUDGET = 1_000_000;
/** A filter matching more than this is paged straight from the indexes instead of kept. */
const ID_LIST_MAX = 200_000;
const PAGE_CACHE_MAX = 1000;
/** Above this many rows at once the JSON is written while it is read (the spec's export asked for 100,000). */
const STREAM_JSON_ABOVE = 1000;

/** The same words as every other screen: no guide yet, 'Guía creada' until the carrier reports, then its headline. */
function guideStatus(r: ReportShipmentRow): string {
  if (!r.numberGuide) return shipmentMessages.noGuideStats;
  return r.trackingStatus ?? trackingHeadlines.created;
}

function filterOf(query: Pick<PeriodQuery, 'service' | 'status' | 'filter'>, period: { from?: Date; to?: Date }): PeriodFilter {
  return {
    ...period,
    serviceId: query.service,
    paid: query.status === undefined ? undefined : query.status === 'paid',
    keyword: query.filter?.trim() || undefined,
  };
}

/**
 * The admin's general report (`GET /shipments/period`) and its exports. Any page of any filter is
 * answered from the indexes; a filter's ordered ids are kept per change version (one string,
 * sliced per page) and so are the pages, so paging through 100,000 shipments costs one read of ten
 * rows. A write anywhere moves the version and the next read starts afresh.
 */
export function createReports(deps: ReportsDeps) {
  const { database } = deps;
  const query: DatabaseHandle['query'] = (text, params) => database.query(text, params);

  const idLists = new Map<string, { version: number; ids: string; count: number }>();
  let keptIds = 0;
  const pages = new Map<string, { version: number; page: ReportPage }>();

  function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
    map.delete(key);
    if (map.size >= max) map.delete(map.keys().next().value!);
    map.set(key, value);
  }

  /** The filter's ordered ids for this version, or undefined when it is too broad to keep. */
  async function idsFor(filter: PeriodFilter, version: number): Promise<{ ids: string; count: number } | undefined> {
    const key = JSON.stringify(filter);
    const hit = idLists.get(key);
    if (hit && hit.version === version) {
      idLists.delete(key);
      idLists.set(key, hit);
      return hit;
    }
    if (hit) {
      keptIds -= hit.count;
      idLists.delete(key);
    }
    // A count first (bounded) keeps a too-broad filter from loading every id.
    const bounded = await countPeriod(query, filter, ID_LIST_MAX);
    if (bounded > ID_LIST_MAX) return undefined;
    const ids = await periodIdList(query, filter);
    const count = ids ? (ids.length + 1) / ID_STRIDE : 0;
    if (count > ID_BUDGET) return { ids, count };
    // Make room from the least recently used (entries of older versions are dead anyway).
    while (idLists.size > 0 && keptIds + count > ID_BUDGET) {
      const [oldest, entry] = idLists.entries().next().value!;
      keptIds -= entry.count;
      idLists.delete(oldest);
    }
    idLists.set(key, { version, ids, count });
    keptIds += count;
    return { ids, count };
  }

  async function toRows(rows: readonly ReportShipmentRow[]): Promise<ReportRow[]> {
    const overweight = await deps.overweightOf(database.db, rows.map((r) => r.id));
    return rows.map((r) => toReportRow(r, overweight.get(r.id)));
  }

  function toReportRow(r: ReportShipmentRow, ow: OverweightOfShipment | undefined): ReportRow {
    const status = ow ? deps.statusOf(ow, r.overweightPaid) : null;
    return {
      _id: r.id,
      created_at: r.createdAt.toISOString(),
      numberOfOrder: r.numberOfOrder,
      user: r.userId,
      customer_info: { first_names: r.customerFirstNames, last_names: r.customerLastNames, email: r.customerEmail },
      origin_name: r.originName,
      destination_name: r.destinationName,
      carrier: r.carrier || CARRIER_NAMES[r.carrierCode],
      carrier_code: r.carrierCode,
      carrier_service_name: r.serviceName,
      service_id: r.serviceId,
      parcels: r.parcels.map((p) => ({ height: p.height, width: p.width, depth: p.depth, weight: p.weight })),
      weight: Math.round(r.parcels.reduce((n, p) => n + p.weight, 0) * 100) / 100,
      number_guide: r.numberGuide,
      reference: r.reference,
      guide_status: guideStatus(r),
      status: r.paid,
      total_amount: fromCentavos(r.totalCentavos),
      currency: 'MXN',
      guide: r.paid ? r.guideUrl : null,
      overweight: ow ? ow.overweightKg : r.overweightKg,
      cost_overweight: ow ? fromCentavos(ow.costCentavos) : r.overweightCentavos === null ? null : fromCentavos(r.overweightCentavos),
      overweight_paid: r.overweightPaid,
      overweight_status: status,
    };
  }

  async function computePage(filter: PeriodFilter, page: number, limit: number, version: number | undefined): Promise<ReportPage> {
    const offset = (page - 1) * limit;
    const kept = version === undefined ? undefined : await idsFor(filter, version);
    if (kept) {
      if (offset >= kept.count) return toPage([], kept.count, page, limit);
      const slice = kept.ids.slice(offset * ID_STRIDE, Math.min(kept.count, offset + limit) * ID_STRIDE - 1).split(',');
      return toPage(await toRows(await periodRowsByIds(query, slice)), kept.count, page, limit);
    }
    const rows = await periodPage(query, filter, { limit, offset });
    const total = offset === 0 && rows.length < limit ? rows.length : await countPeriod(query, filter, Number.MAX_SAFE_INTEGER - 1);
    return toPage(await toRows(rows), total, page, limit);
  }

  /** A large page (the spec's export used limit=100000) as JSON written row by row from a cursor. */
  function streamedPage(filter: PeriodFilter, page: number, limit: number, total: number): Readable {
    const offset = (page - 1) * limit;
    const head = toPage([], total, page, limit);
    async function* parts(): AsyncGenerator<string> {
      yield '{"docs":[';
      let first = true;
      for await (const chunk of streamPeriodRows(database, filter, { offset, limit })) {
        const rows = await toRows(chunk);
        yield (first ? '' : ',') + rows.map((r) => JSON.stringify(r)).join(',');
        first = false;
      }
      yield `],"count":${head.count},"page":${head.page},"pages":${head.pages},"next":${JSON.stringify(head.next)},"previous":${JSON.stringify(head.previous)}}`;
    }
    return Readable.from(parts(), { objectMode: false });
  }

  const columns: SheetColumn<ReportRow>[] = [
    { header: 'Fecha', type: 'datetime', width: 20, value: (r) => new Date(r.created_at) },
    { header: 'Folio', type: 'integer', width: 10, value: (r) => r.numberOfOrder },
    { header: 'Cliente', type: 'text', width: 28, value: (r) => `${r.customer_info.first_names} ${r.customer_info.last_names}`.trim() },
    { header: 'Correo', type: 'text', width: 30, value: (r) => r.customer_info.email },
    { header: 'Origen', type: 'text', width: 26, value: (r) => r.origin_name },
    { header: 'Destino', type: 'text', width: 26, value: (r) => r.destination_name },
    { header: 'Servicio', type: 'text', width: 30, value: (r) => `${r.carrier} - ${r.carrier_service_name}` },
    { header: 'Medidas (cm)', type: 'text', width: 18, value: (r) => r.parcels.map((p) => `${p.height} × ${p.width} × ${p.depth}`).join('; ') },
    { header: 'Peso (kg)', type: 'number', width: 10, value: (r) => r.weight },
    { header: 'N° de guía', type: 'text', width: 18, value: (r) => r.number_guide },
    { header: 'Referencia', type: 'text', width: 16, value: (r) => r.reference },
    { header: 'Estatus de pago', type: 'text', width: 16, value: (r) => (r.status ? paymentStatusLabels.paid : paymentStatusLabels.unpaid) },
    { header: 'Estatus guía', type: 'text', width: 22, value: (r) => r.guide_status },
    { header: 'Total', type: 'money', width: 14, value: (r) => r.total_amount },
    { header: 'Sobrepeso (kg)', type: 'number', width: 14, value: (r) => r.overweight },
    { header: 'Costo sobrepeso', type: 'money', width: 16, value: (r) => r.cost_overweight },
    { header: 'Estatus sobrepeso', type: 'text', width: 18, value: (r) => (r.overweight_status ? overweightStatusLabels[r.overweight_status] : null) },
  ];

  return {
    /** `GET /shipments/period`: one page, or (limit above 1,000) a JSON stream. */
    async period(q: PeriodQuery): Promise<{ page: ReportPage } | { stream: Readable }> {
      const filter = filterOf(q, resolvePeriod(q, deps.clock.now()));
      if (q.limit > STREAM_JSON_ABOVE) {
        const total = await countPeriod(query, filter, Number.MAX_SAFE_INTEGER - 1);
        return { stream: streamedPage(filter, q.page, q.limit, total) };
      }
      const version = deps.changes.version();
      if (version === undefined) return { page: await computePage(filter, q.page, q.limit, undefined) };
      const key = JSON.stringify([filter, q.page, q.limit]);
      const hit = pages.get(key);
      if (hit && hit.version === version) return { page: hit.page };
      const page = await computePage(filter, q.page, q.limit, version);
      remember(pages, key, { version, page }, PAGE_CACHE_MAX);
      return { page };
    },

    /**
     * `GET /reports/shipments.{xlsx,csv}`: the report's selection as a file, streamed from the
     * database; more than 100,000 rows answers 400 with how many there are.
     */
    async exportShipments(q: PeriodExportQuery, format: ExportFormat) {
      const filter = filterOf(q, resolvePeriod(q, deps.clock.now()));
      const rows = await countPeriod(query, filter, EXPORT_MAX_ROWS);
      if (rows > EXPORT_MAX_ROWS) {
        // Counted exactly only past the cap, to say how many there are.
        const all = await countPeriod(query, filter, Number.MAX_SAFE_INTEGER - 1);
        const message = reportMessages.exportTooLarge(all);
        throw new AppError(400, 'reports.export_too_large', message, [{ path: 'date_ini', message }]);
      }
      const source = (async function* () {
        for await (const chunk of streamPeriodRows(database, filter, { chunk: 1000 })) yield await toRows(chunk);
      })();
      const stream = format === 'xlsx' ? xlsxStream({ sheetName: 'Envíos', columns, rows: source }) : csvStream({ columns, rows: source });
      return { rows, stream, filename: `shipments.${format}`, estimatedBytes: 4096 + rows * ESTIMATED_BYTES_PER_ROW[format] };
    },
  };
}

export type Reports = ReturnType<typeof createReports>;
