import pg from 'pg';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { DatabaseHandle } from '../../db/client.js';
import { escapeLike } from '../../shared/pagination.js';
import type { ParcelColumn } from './shipments.table.js';

/**
 * The shipment side of the admin's reports: every customer's shipments in a period, filtered by
 * service, payment status and a keyword, always newest first, in SQL on the indexes made for it
 * (`shipments_created_idx`, `_service_created_idx`, `_paid_created_idx`, the folio's unique index
 * and the trigram index `shipments_report_search_idx`). Raw statements: they are the hottest
 * reads of the back office and the export streams them.
 */
export interface PeriodFilter {
  /** Inclusive start. */
  from?: Date | undefined;
  /** Exclusive end. */
  to?: Date | undefined;
  serviceId?: string | undefined;
  paid?: boolean | undefined;
  /** Part of the customer's names or e-mail, the recipient, the guide number or the reference; a number also matches the folio. */
  keyword?: string | undefined;
}

export interface ReportShipmentRow {
  id: string;
  /** ISO 8601 in UTC with milliseconds, as `Date#toISOString` writes it. */
  createdAt: string;
  numberOfOrder: number;
  userId: string;
  customerFirstNames: string;
  customerLastNames: string;
  customerEmail: string;
  originName: string;
  destinationName: string;
  carrier: string;
  carrierCode: CarrierCode;
  serviceName: string;
  serviceId: string;
  parcels: ParcelColumn[];
  numberGuide: string | null;
  reference: string | null;
  trackingStatus: string | null;
  paid: boolean;
  totalCentavos: number;
  guideUrl: string | null;
  overweightKg: number | null;
  overweightCentavos: number | null;
  overweightPaid: boolean;
  /** The overweight record (why and how much was measured), when one was made. */
  overweightRecord: ReportOverweightRecord | null;
}

export interface ReportOverweightRecord {
  overweightKg: number;
  costCentavos: number;
  disputeStatus: string;
}

/** Exactly the expression of the trigram index (see `reportSearchText` in the table), or the index is not used. */
const SEARCH_TEXT =
  "lower(s.customer_first_names || ' ' || s.customer_last_names || ' ' || s.customer_email || ' ' || s.destination_name || ' ' || coalesce(s.number_guide, '') || ' ' || coalesce(s.reference, ''))";
/**
 * The indexes' order (`created_at desc nulls last, number_of_order desc nulls last`), so PostgreSQL reads pages
 * straight from them; shipments bought together share their time and go by folio. Qualified, so it always
 * names the table's columns (an output column of the same name, text, would win over an unqualified one).
 */
const NEWEST_FIRST = 's.created_at desc nulls last, s.number_of_order desc nulls last';

/**
 * A row and its overweight record's (one per shipment, joined on its unique index), in the
 * positions `fromJson` and `fromColumns` read. The two databases read them in opposite forms:
 * - PGlite as JSON (ROW_JSON, a whole page or chunk as one text with `json_agg`): its driver then
 *   decodes one value per statement instead of some thirty per row, which there costs more than
 *   reading the rows;
 * - PostgreSQL as plain columns left as text (COLUMN_TEXTS below): there building the JSON took
 *   PostgreSQL about twice the time of sending the columns (measured: 100 rows 0.86 ms as JSON,
 *   0.6 ms as columns, of which 0.23 ms is finding them), and its driver reads text columns cheaply.
 */
const ROW_COLUMNS = `s.id, s.created_at, s.number_of_order, s.user_id, s.customer_first_names, s.customer_last_names, s.customer_email,
  coalesce(s.origin->>'full_name', ''), s.destination_name, coalesce(s.selected_service->>'carrier', ''), s.carrier_code, s.service_name, s.service_id,
  s.parcels, s.number_guide, s.reference, s.tracking_status, s.paid, s.total_centavos, s.guide_url, s.overweight_kg, s.overweight_centavos,
  s.overweight_paid, o.overweight_kg, o.cost_centavos, o.dispute_status`;
const ROW_JSON = `json_build_array(${ROW_COLUMNS})`;
const ROWS_JSON = `json_agg(${ROW_JSON} order by ${NEWEST_FIRST})::text as rows`;
const WITH_RECORD = 'left join overweight_records o on o.shipment_id = s.id';

type JsonRow = [
  id: string,
  createdAt: string,
  folio: number,
  userId: string,
  firstNames: string,
  lastNames: string,
  email: string,
  originName: string,
  destinationName: string,
  carrier: string,
  carrierCode: CarrierCode,
  serviceName: string,
  serviceId: string,
  parcels: ParcelColumn[],
  numberGuide: string | null,
  reference: string | null,
  trackingStatus: string | null,
  paid: boolean,
  totalCentavos: number,
  guideUrl: string | null,
  overweightKg: number | null,
  overweightCentavos: number | null,
  overweightPaid: boolean,
  recordKg: number | null,
  recordCentavos: number | null,
  recordDispute: string | null,
];

function fromJson(r: JsonRow): ReportShipmentRow {
  return {
    id: r[0],
    createdAt: new Date(r[1]).toISOString(),
    numberOfOrder: r[2],
    userId: r[3],
    customerFirstNames: r[4],
    customerLastNames: r[5],
    customerEmail: r[6],
    originName: r[7],
    destinationName: r[8],
    carrier: r[9],
    carrierCode: r[10],
    serviceName: r[11],
    serviceId: r[12],
    parcels: r[13],
    numberGuide: r[14],
    reference: r[15],
    trackingStatus: r[16],
    paid: r[17],
    totalCentavos: Number(r[18]),
    guideUrl: r[19],
    overweightKg: r[20] === null ? null : Number(r[20]),
    overweightCentavos: r[21] === null ? null : Number(r[21]),
    overweightPaid: r[22],
    overweightRecord: r[25] === null ? null : { overweightKg: Number(r[23]), costCentavos: Number(r[24]), disputeStatus: r[25] },
  };
}

async function jsonRows(run: (sql: string, params: unknown[]) => Promise<{ rows: string | null }[]>, sql: string, params: unknown[]): Promise<JsonRow[]> {
  const text = (await run(sql, params))[0]?.rows;
  return text ? (JSON.parse(text) as JsonRow[]) : [];
}

/** The WHERE of a filter as parameterised SQL; `params` receives the values in order. */
export function periodWhere(filter: PeriodFilter, params: unknown[]): string {
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = ['s.deleted_at is null'];
  if (filter.from) conditions.push(`s.created_at >= ${add(filter.from.toISOString())}::timestamptz`);
  if (filter.to) conditions.push(`s.created_at < ${add(filter.to.toISOString())}::timestamptz`);
  if (filter.serviceId) conditions.push(`s.service_id = ${add(filter.serviceId)}::uuid`);
  if (filter.paid !== undefined) conditions.push(`s.paid = ${add(filter.paid)}`);
  const keyword = filter.keyword?.trim().toLowerCase();
  if (keyword) {
    const like = `${SEARCH_TEXT} like ${add(`%${escapeLike(keyword)}%`)}`;
    conditions.push(/^\d{1,15}$/.test(keyword) ? `(${like} or s.number_of_order = ${add(Number(keyword))})` : like);
  }
  return conditions.join(' and ');
}

type Query = DatabaseHandle['query'];

/**
 * The folios of every matching shipment, newest first, as numbers: a page is then a slice of this
 * list (about 8 bytes a shipment). Read from the order's indexes alone (the folio is their last
 * column), without touching the rows.
 */
export async function periodFolios(query: Query, filter: PeriodFilter): Promise<Float64Array> {
  const params: unknown[] = [];
  const rows = await query<{ folios: string | null }>(
    `select string_agg(s.number_of_order::text, ',' order by ${NEWEST_FIRST}) as folios from shipments s where ${periodWhere(filter, params)}`,
    params,
  );
  const text = rows[0]?.folios;
  if (!text) return new Float64Array(0);
  const parts = text.split(',');
  const folios = new Float64Array(parts.length);
  for (let i = 0; i < parts.length; i++) folios[i] = Number(parts[i]);
  return folios;
}

/** How many shipments match, counting at most `cap` + 1 (enough to say "more than the cap"). */
export async function countPeriod(query: Query, filter: PeriodFilter, cap: number): Promise<number> {
  const params: unknown[] = [];
  const where = periodWhere(filter, params);
  params.push(cap + 1);
  const rows = await query<{ n: string | number }>(`select count(*) as n from (select 1 from shipments s where ${where} limit $${params.length}) as capped`, params);
  return Number(rows[0]?.n ?? 0);
}

const ROWS_BY_FOLIOS = `select ${ROWS_JSON} from shipments s ${WITH_RECORD} where s.number_of_order = any($1::bigint[])`;

const COLUMNS_BY_FOLIOS = `select ${ROW_COLUMNS} from shipments s ${WITH_RECORD} where s.number_of_order = any($1::bigint[]) order by ${NEWEST_FIRST}`;
const COLUMNS_BY_FOLIOS_STATEMENT = 'report_columns_by_folios';

const TIMESTAMPTZ_OID = 1184;
const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ_OID) as (text: string) => Date;

/**
 * PostgreSQL's text of an instant as `toISOString` writes it. A UTC session sends
 * '2026-02-03 04:05:06.789012+00': rewritten as text (milliseconds truncated, as a Date keeps
 * them); any other form (another session time zone, years past 9999) goes through the driver's
 * parser.
 */
export function isoFromTimestamptz(text: string): string {
  const n = text.length;
  if (text.endsWith('+00') && text.charCodeAt(4) === 45 && text.charCodeAt(10) === 32) {
    if (n === 22) return `${text.slice(0, 10)}T${text.slice(11, 19)}.000Z`;
    if (n > 23 && text.charCodeAt(19) === 46) return `${text.slice(0, 10)}T${text.slice(11, 19)}.${`${text.slice(20, n - 3)}00`.slice(0, 3)}Z`;
  }
  return parseTimestamptz(text).toISOString();
}

const asText = (text: string) => text;
/** Every column left as the text PostgreSQL sent: the row below converts only what needs converting, once. */
const COLUMN_TEXTS = { getTypeParser: () => asText };

type ColumnRow = (string | null)[];

function numberOrNull(text: string | null): number | null {
  return text === null ? null : Number(text);
}

/** A row of COLUMNS_BY_FOLIOS (positions as in ROW_COLUMNS; booleans arrive as 't'/'f'). */
function fromColumns(r: ColumnRow): ReportShipmentRow {
  return {
    id: r[0]!,
    createdAt: isoFromTimestamptz(r[1]!),
    numberOfOrder: Number(r[2]),
    userId: r[3]!,
    customerFirstNames: r[4]!,
    customerLastNames: r[5]!,
    customerEmail: r[6]!,
    originName: r[7]!,
    destinationName: r[8]!,
    carrier: r[9]!,
    carrierCode: r[10] as CarrierCode,
    serviceName: r[11]!,
    serviceId: r[12]!,
    parcels: JSON.parse(r[13]!) as ParcelColumn[],
    numberGuide: r[14] ?? null,
    reference: r[15] ?? null,
    trackingStatus: r[16] ?? null,
    paid: r[17] === 't',
    totalCentavos: Number(r[18]),
    guideUrl: r[19] ?? null,
    overweightKg: numberOrNull(r[20] ?? null),
    overweightCentavos: numberOrNull(r[21] ?? null),
    overweightPaid: r[22] === 't',
    overweightRecord: r[25] == null ? null : { overweightKg: Number(r[23]), costCentavos: Number(r[24]), disputeStatus: r[25] },
  };
}

/** The page read's prepared statement (the same name on every connection). */
const ROWS_BY_FOLIOS_STATEMENT = 'report_rows_by_folios';
/** Embedded databases whose session already holds the prepared page read. */
const preparedOn = new WeakMap<object, Promise<void>>();

/**
 * The rows of these folios (with their overweight), newest first; folios deleted meanwhile are
 * skipped. The report's hottest read, so it is planned once per connection: a named statement of
 * plain columns on PostgreSQL; on the embedded database (one session) a PREPARE of the JSON form,
 * then EXECUTE with the folios written as an array literal (they are integers).
 */
export async function periodRowsByFolios(handle: DatabaseHandle, folios: ArrayLike<number>): Promise<ReportShipmentRow[]> {
  if (folios.length === 0) return [];
  const list = Array.from(folios);
  if (!list.every((f) => Number.isSafeInteger(f))) throw new Error('Folio inválido en la lista del reporte.');
  if (handle.raw.kind === 'postgres') {
    const result = await handle.raw.pool.query<ColumnRow>({
      name: COLUMNS_BY_FOLIOS_STATEMENT,
      text: COLUMNS_BY_FOLIOS,
      // The folios are checked integers: written as the array's text, the driver has nothing to convert.
      values: [`{${list.join(',')}}`],
      rowMode: 'array',
      types: COLUMN_TEXTS,
    });
    return result.rows.map(fromColumns);
  }
  const session = handle.raw.client;
  const execute = `execute ${ROWS_BY_FOLIOS_STATEMENT}('{${list.join(',')}}')`;
  const run = (sql: string, params: unknown[]) => handle.query<{ rows: string | null }>(sql, params);
  const prepare = () => {
    let ready = preparedOn.get(session);
    if (!ready) {
      ready = handle.exec(`prepare ${ROWS_BY_FOLIOS_STATEMENT}(bigint[]) as ${ROWS_BY_FOLIOS}`);
      preparedOn.set(session, ready);
      ready.catch(() => preparedOn.delete(session));
    }
    return ready;
  };
  await prepare();
  let rows: JsonRow[];
  try {
    rows = await jsonRows(run, execute, []);
  } catch (error) {
    // The session lost it (DISCARD ALL, a restore): prepare again once.
    if ((error as { code?: string }).code !== '26000') throw error;
    preparedOn.delete(session);
    await prepare();
    rows = await jsonRows(run, execute, []);
  }
  return rows.map(fromJson);
}

/**
 * One page straight from the indexes, for a selection too large to keep: the page's folios first
 * (from the index alone, the offset skips index entries, not rows), then only those rows.
 */
export async function periodPage(query: Query, filter: PeriodFilter, page: { limit: number; offset: number }): Promise<ReportShipmentRow[]> {
  const params: unknown[] = [];
  const where = periodWhere(filter, params);
  params.push(page.limit, page.offset);
  const rows = await jsonRows(
    query,
    `select ${ROWS_JSON} from shipments s ${WITH_RECORD}
     where s.number_of_order in (select s.number_of_order from shipments s where ${where} order by ${NEWEST_FIRST} limit $${params.length - 1} offset $${params.length})`,
    params,
  );
  return rows.map(fromJson);
}

/**
 * Every matching row, newest first, in chunks, never the whole result in memory. Each chunk is
 * its own statement that continues after the last row read: a keyset on the creation time at full
 * precision and the folio (which never change), written as one row comparison so the index starts
 * right there and each chunk costs its own rows, not all the rows before it. On PostgreSQL the
 * chunks run inside one read-only REPEATABLE READ transaction (one consistent snapshot) on a
 * connection of its own, read as plain columns (small messages: a chunk as one JSON text arrived as
 * a single message of hundreds of kilobytes, and buffers of that size left the process holding
 * memory it no longer used, export after export). The embedded database has one connection, and a transaction held open
 * while the client downloads would stall every other request, so there other requests run
 * between chunks.
 */
export async function* streamPeriodRows(
  handle: DatabaseHandle,
  filter: PeriodFilter,
  opts: { offset?: number; limit?: number; chunk?: number } = {},
): AsyncGenerator<ReportShipmentRow[]> {
  const chunk = opts.chunk ?? 1000;
  if ((opts.limit ?? 1) <= 0) return;
  if (handle.raw.kind === 'postgres') {
    const client = await handle.raw.pool.connect();
    let open = false;
    try {
      await client.query('begin isolation level repeatable read read only');
      open = true;
      yield* keysetChunks(columnChunks(client), filter, opts, chunk);
      await client.query('commit');
      open = false;
    } finally {
      // A download cancelled half-way (or a failure) still ends the read-only transaction.
      if (open) await client.query('rollback').catch(() => undefined);
      client.release();
    }
    return;
  }
  yield* keysetChunks(
    jsonChunks((sql, params) => handle.query<{ rows: string | null }>(sql, params)),
    filter,
    opts,
    chunk,
  );
}

/** A chunk's rows, and where the next chunk starts: the last row's creation time (PostgreSQL's text, full precision) and folio. */
interface Chunk {
  rows: ReportShipmentRow[];
  last: { key: string; folio: number } | undefined;
}

/** Reads the rows of `from` (a FROM clause yielding `s` and its record `o`), newest first. */
type ChunkReader = (from: string, params: unknown[]) => Promise<Chunk>;

/** The JSON form (the embedded database): one text per chunk. */
function jsonChunks(run: (sql: string, params: unknown[]) => Promise<{ rows: string | null }[]>): ChunkReader {
  return async (from, params) => {
    const rows = await jsonRows(run, `select ${ROWS_JSON} ${from}`, params);
    const last = rows[rows.length - 1];
    return { rows: rows.map(fromJson), last: last && { key: last[1], folio: last[2] } };
  };
}

/** The plain columns (PostgreSQL): small messages, converted as the page read converts them. */
function columnChunks(client: pg.PoolClient): ChunkReader {
  return async (from, params) => {
    const { rows } = await client.query<ColumnRow>({ text: `select ${ROW_COLUMNS} ${from} order by ${NEWEST_FIRST}`, values: params, rowMode: 'array', types: COLUMN_TEXTS });
    const last = rows[rows.length - 1];
    return { rows: rows.map(fromColumns), last: last && { key: last[1]!, folio: Number(last[2]) } };
  };
}

async function* keysetChunks(read: ChunkReader, filter: PeriodFilter, opts: { offset?: number; limit?: number }, chunk: number): AsyncGenerator<ReportShipmentRow[]> {
  const params: unknown[] = [];
  const where = periodWhere(filter, params);
  let remaining = opts.limit ?? Number.POSITIVE_INFINITY;
  let after: Chunk['last'];
  let offset = opts.offset ?? 0;
  while (remaining > 0) {
    const p = [...params];
    let keyset = '';
    if (after) {
      p.push(after.key, after.folio);
      keyset = ` and (s.created_at, s.number_of_order) < ($${p.length - 1}::timestamptz, $${p.length}::bigint)`;
    }
    const take = Math.min(chunk, remaining);
    p.push(take, offset);
    const { rows, last } = await read(`from (select * from shipments s where ${where}${keyset} order by ${NEWEST_FIRST} limit $${p.length - 1} offset $${p.length}) as s ${WITH_RECORD}`, p);
    if (rows.length === 0) return;
    offset = 0;
    remaining -= rows.length;
    after = last;
    const more = rows.length === take;
    yield rows;
    if (!more) return;
  }
}
