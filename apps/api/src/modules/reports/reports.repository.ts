import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { DatabaseHandle } from '../../db/client.js';
import { inReadSnapshot, preparedTupleRead, statementOf, tupleReader, tupleShape, type Tuple, type TupleReader } from '../../db/tuples.js';
import { escapeLike } from '../../shared/pagination.js';
import { overweightRecords } from '../overweight/overweight.table.js';
import { reportSearchText, shipments, type ParcelColumn } from '../shipments/shipments.table.js';

/**
 * The admin's reports read side: every customer's shipments in a period, filtered by service,
 * payment status and a keyword, always newest first, in SQL on the indexes made for it
 * (`shipments_created_idx`, `_service_created_idx`, `_paid_created_idx`, the folio's unique index
 * and the trigram index `shipments_report_search_idx`). The shipments and their overweight records
 * are read-only table imports (their modules own them); every statement is written over those table
 * objects, and the rows travel as tuples (`db/tuples.ts`: the form each driver reads fastest).
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

const s = alias(shipments, 's');
const o = alias(overweightRecords, 'o');
/** The shipments as `s` (an aliased table object writes only its alias). */
const SHIPMENTS = sql`${shipments} ${s}`;

/**
 * The indexes' order (`created_at desc nulls last, number_of_order desc nulls last`), so PostgreSQL reads pages
 * straight from them; shipments bought together share their time and go by folio. Qualified, so it always
 * names the table's columns (an output column of the same name, text, would win over an unqualified one).
 */
const NEWEST_FIRST = sql`${s.createdAt} desc nulls last, ${s.numberOfOrder} desc nulls last`;

/** A row and its overweight record's (one per shipment, joined on its unique index). */
const ROW = [
  [s.id, 'text'],
  [s.createdAt, 'instant'],
  [s.numberOfOrder, 'number'],
  [s.userId, 'text'],
  [s.customerFirstNames, 'text'],
  [s.customerLastNames, 'text'],
  [s.customerEmail, 'text'],
  [sql`coalesce(${s.origin}->>'full_name', '')`, 'text'],
  [s.destinationName, 'text'],
  [sql`coalesce(${s.selectedService}->>'carrier', '')`, 'text'],
  [s.carrierCode, 'text'],
  [s.serviceName, 'text'],
  [s.serviceId, 'text'],
  [sql<ParcelColumn[]>`${s.parcels}`, 'json'],
  [s.numberGuide, 'text'],
  [s.reference, 'text'],
  [s.trackingStatus, 'text'],
  [s.paid, 'boolean'],
  [s.totalCentavos, 'number'],
  [s.guideUrl, 'text'],
  [s.overweightKg, 'number'],
  [s.overweightCentavos, 'number'],
  [s.overweightPaid, 'boolean'],
  [o.overweightKg, 'number'],
  [o.costCentavos, 'number'],
  [o.disputeStatus, 'text'],
] as const;
const ROW_SHAPE = tupleShape(ROW);
/** The row, then the creation time at full precision (PostgreSQL's text), where the next export chunk starts. */
const CHUNK_SHAPE = tupleShape([...ROW, [sql`${s.createdAt}::text`, 'text']] as const);

type RowTuple = Tuple<typeof ROW>;

/** A row's tuple (an export chunk's carries one more column at the end). */
function fromTuple(r: readonly [...RowTuple, ...unknown[]]): ReportShipmentRow {
  return {
    id: r[0]!,
    createdAt: r[1]!,
    numberOfOrder: r[2]!,
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
    parcels: r[13]!,
    numberGuide: r[14],
    reference: r[15],
    trackingStatus: r[16],
    paid: r[17]!,
    totalCentavos: r[18]!,
    guideUrl: r[19],
    overweightKg: r[20],
    overweightCentavos: r[21],
    overweightPaid: r[22]!,
    overweightRecord: r[25] === null ? null : { overweightKg: r[23]!, costCentavos: r[24]!, disputeStatus: r[25] },
  };
}

/** `rows` (yielding `s`) with each shipment's overweight record as `o`. */
const withRecord = (rows: SQL) => sql`${rows} left join ${overweightRecords} ${o} on ${o.shipmentId} = ${s.id}`;

/** The WHERE of a filter. */
export function periodWhere(filter: PeriodFilter): SQL {
  const conditions = [sql`${s.deletedAt} is null`];
  if (filter.from) conditions.push(sql`${s.createdAt} >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) conditions.push(sql`${s.createdAt} < ${filter.to.toISOString()}::timestamptz`);
  if (filter.serviceId) conditions.push(sql`${s.serviceId} = ${filter.serviceId}::uuid`);
  if (filter.paid !== undefined) conditions.push(sql`${s.paid} = ${filter.paid}`);
  const keyword = filter.keyword?.trim().toLowerCase();
  if (keyword) {
    // Exactly the trigram index's expression, or the index is not used.
    const like = sql`${reportSearchText(s)} like ${`%${escapeLike(keyword)}%`}`;
    conditions.push(/^\d{1,15}$/.test(keyword) ? sql`(${like} or ${s.numberOfOrder} = ${Number(keyword)})` : like);
  }
  return sql.join(conditions, sql` and `);
}

type Query = DatabaseHandle['query'];

async function run<Row>(query: Query, statement: SQL): Promise<Row[]> {
  const { text, params } = statementOf(statement);
  return query<Row>(text, params);
}

/**
 * The folios of every matching shipment, newest first, as numbers: a page is then a slice of this
 * list (about 8 bytes a shipment). Read from the order's indexes alone (the folio is their last
 * column), without touching the rows.
 */
export async function periodFolios(query: Query, filter: PeriodFilter): Promise<Float64Array> {
  const rows = await run<{ folios: string | null }>(
    query,
    sql`select string_agg(${s.numberOfOrder}::text, ',' order by ${NEWEST_FIRST}) as folios from ${SHIPMENTS} where ${periodWhere(filter)}`,
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
  const rows = await run<{ n: string | number }>(
    query,
    sql`select count(*) as n from (select 1 from ${SHIPMENTS} where ${periodWhere(filter)} limit ${cap + 1}) as capped`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The report's hottest read: planned once per connection (`db/tuples.ts`). */
const rowsByFolios = preparedTupleRead('report_rows_by_folios', ROW_SHAPE, {
  from: sql`${withRecord(SHIPMENTS)} where ${s.numberOfOrder} = any(${sql.placeholder('folios')}::bigint[])`,
  orderBy: NEWEST_FIRST,
});

/** The rows of these folios (with their overweight), newest first; folios deleted meanwhile are skipped. */
export async function periodRowsByFolios(handle: DatabaseHandle, folios: ArrayLike<number>): Promise<ReportShipmentRow[]> {
  if (folios.length === 0) return [];
  const list = Array.from(folios);
  if (!list.every((f) => Number.isSafeInteger(f))) throw new Error('Folio inválido en la lista del reporte.');
  return (await rowsByFolios(handle, list)).map(fromTuple);
}

/**
 * One page straight from the indexes, for a selection too large to keep: the page's folios first
 * (from the index alone, the offset skips index entries, not rows), then only those rows.
 */
export async function periodPage(handle: DatabaseHandle, filter: PeriodFilter, page: { limit: number; offset: number }): Promise<ReportShipmentRow[]> {
  const folios = sql`select ${s.numberOfOrder} from ${SHIPMENTS} where ${periodWhere(filter)} order by ${NEWEST_FIRST} limit ${page.limit} offset ${page.offset}`;
  const rows = await tupleReader(handle).read(ROW_SHAPE, {
    from: sql`${withRecord(SHIPMENTS)} where ${s.numberOfOrder} in (${folios})`,
    orderBy: NEWEST_FIRST,
  });
  return rows.map(fromTuple);
}

/**
 * Every matching row, newest first, in chunks, never the whole result in memory. Each chunk is
 * its own statement that continues after the last row read: a keyset on the creation time at full
 * precision and the folio (which never change), written as one row comparison so the index starts
 * right there and each chunk costs its own rows, not all the rows before it. The chunks read one
 * consistent snapshot where the database allows it (`inReadSnapshot`); on PostgreSQL as plain
 * columns, small messages (a chunk as one JSON text arrived as a single message of hundreds of
 * kilobytes, and buffers of that size left the process holding memory it no longer used, export
 * after export).
 */
export function streamPeriodRows(
  handle: DatabaseHandle,
  filter: PeriodFilter,
  opts: { offset?: number; limit?: number; chunk?: number } = {},
): AsyncGenerator<ReportShipmentRow[]> {
  const chunk = opts.chunk ?? 1000;
  return inReadSnapshot(handle, (reader) => keysetChunks(reader, filter, opts, chunk));
}

async function* keysetChunks(
  reader: TupleReader,
  filter: PeriodFilter,
  opts: { offset?: number; limit?: number },
  chunk: number,
): AsyncGenerator<ReportShipmentRow[]> {
  const where = periodWhere(filter);
  let remaining = opts.limit ?? Number.POSITIVE_INFINITY;
  let after: { key: string; folio: number } | undefined;
  let offset = opts.offset ?? 0;
  while (remaining > 0) {
    const keyset = after ? sql` and (${s.createdAt}, ${s.numberOfOrder}) < (${after.key}::timestamptz, ${after.folio}::bigint)` : sql``;
    const take = Math.min(chunk, remaining);
    const rows = await reader.read(CHUNK_SHAPE, {
      from: withRecord(sql`(select * from ${SHIPMENTS} where ${where}${keyset} order by ${NEWEST_FIRST} limit ${take} offset ${offset}) as ${s}`),
      orderBy: NEWEST_FIRST,
    });
    if (rows.length === 0) return;
    offset = 0;
    remaining -= rows.length;
    const last = rows[rows.length - 1]!;
    after = { key: last[26]!, folio: last[2]! };
    const more = rows.length === take;
    yield rows.map(fromTuple);
    if (!more) return;
  }
}
