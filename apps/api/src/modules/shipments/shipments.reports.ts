import Cursor from 'pg-cursor';
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
  createdAt: Date;
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
}

/** Exactly the expression of the trigram index (see `reportSearchText` in the table), or the index is not used. */
const SEARCH_TEXT =
  "lower(customer_first_names || ' ' || customer_last_names || ' ' || customer_email || ' ' || destination_name || ' ' || coalesce(number_guide, '') || ' ' || coalesce(reference, ''))";
/**
 * The indexes' order (`created_at desc nulls last, number_of_order desc nulls last`), so PostgreSQL reads pages
 * straight from them; shipments bought together share their time and go by folio.
 */
const NEWEST_FIRST = 'created_at desc nulls last, number_of_order desc nulls last';

const COLUMNS = `id, created_at, created_at::text as created_key, number_of_order::text as number_of_order, user_id, customer_first_names, customer_last_names,
  customer_email, coalesce(origin->>'full_name', '') as origin_name, destination_name, coalesce(selected_service->>'carrier', '') as carrier, carrier_code,
  service_name, service_id, parcels, number_guide, reference, tracking_status, paid, total_centavos::text as total_centavos, guide_url,
  overweight_kg::text as overweight_kg, overweight_centavos::text as overweight_centavos, overweight_paid`;

interface RawRow {
  id: string;
  created_at: Date | string;
  created_key: string;
  number_of_order: string;
  user_id: string;
  customer_first_names: string;
  customer_last_names: string;
  customer_email: string;
  origin_name: string;
  destination_name: string;
  carrier: string;
  carrier_code: CarrierCode;
  service_name: string;
  service_id: string;
  parcels: ParcelColumn[] | string;
  number_guide: string | null;
  reference: string | null;
  tracking_status: string | null;
  paid: boolean;
  total_centavos: string;
  guide_url: string | null;
  overweight_kg: string | null;
  overweight_centavos: string | null;
  overweight_paid: boolean;
}

function toRow(r: RawRow): ReportShipmentRow {
  return {
    id: r.id,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
    numberOfOrder: Number(r.number_of_order),
    userId: r.user_id,
    customerFirstNames: r.customer_first_names,
    customerLastNames: r.customer_last_names,
    customerEmail: r.customer_email,
    originName: r.origin_name,
    destinationName: r.destination_name,
    carrier: r.carrier,
    carrierCode: r.carrier_code,
    serviceName: r.service_name,
    serviceId: r.service_id,
    parcels: typeof r.parcels === 'string' ? (JSON.parse(r.parcels) as ParcelColumn[]) : r.parcels,
    numberGuide: r.number_guide,
    reference: r.reference,
    trackingStatus: r.tracking_status,
    paid: r.paid,
    totalCentavos: Number(r.total_centavos),
    guideUrl: r.guide_url,
    overweightKg: r.overweight_kg === null ? null : Number(r.overweight_kg),
    overweightCentavos: r.overweight_centavos === null ? null : Number(r.overweight_centavos),
    overweightPaid: r.overweight_paid,
  };
}

/** The WHERE of a filter as parameterised SQL; `params` receives the values in order. */
export function periodWhere(filter: PeriodFilter, params: unknown[]): string {
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = ['deleted_at is null'];
  if (filter.from) conditions.push(`created_at >= ${add(filter.from.toISOString())}::timestamptz`);
  if (filter.to) conditions.push(`created_at < ${add(filter.to.toISOString())}::timestamptz`);
  if (filter.serviceId) conditions.push(`service_id = ${add(filter.serviceId)}::uuid`);
  if (filter.paid !== undefined) conditions.push(`paid = ${add(filter.paid)}`);
  const keyword = filter.keyword?.trim().toLowerCase();
  if (keyword) {
    const like = `${SEARCH_TEXT} like ${add(`%${escapeLike(keyword)}%`)}`;
    conditions.push(/^\d{1,15}$/.test(keyword) ? `(${like} or number_of_order = ${add(Number(keyword))})` : like);
  }
  return conditions.join(' and ');
}

type Query = DatabaseHandle['query'];

/** Each matching id (36 characters) joined by commas, newest first: a page is then a slice of this one string. */
export async function periodIdList(query: Query, filter: PeriodFilter): Promise<string> {
  const params: unknown[] = [];
  const rows = await query<{ ids: string | null }>(
    `select string_agg(id::text, ',' order by ${NEWEST_FIRST}) as ids from shipments where ${periodWhere(filter, params)}`,
    params,
  );
  return rows[0]?.ids ?? '';
}

/** How many shipments match, counting at most `cap` + 1 (enough to say "more than the cap"). */
export async function countPeriod(query: Query, filter: PeriodFilter, cap: number): Promise<number> {
  const params: unknown[] = [];
  const where = periodWhere(filter, params);
  params.push(cap + 1);
  const rows = await query<{ n: string | number }>(`select count(*) as n from (select 1 from shipments where ${where} limit $${params.length}) as capped`, params);
  return Number(rows[0]?.n ?? 0);
}

/** The rows of these ids, in the order given (ids deleted meanwhile are skipped). */
export async function periodRowsByIds(query: Query, ids: readonly string[]): Promise<ReportShipmentRow[]> {
  if (ids.length === 0) return [];
  const rows = await query<RawRow>(`select ${COLUMNS} from shipments where id = any($1::uuid[])`, [[...ids]]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toRow(r)] : [];
  });
}

/** One page straight from the indexes: the page's ids first (index only), then only those rows. */
export async function periodPage(query: Query, filter: PeriodFilter, page: { limit: number; offset: number }): Promise<ReportShipmentRow[]> {
  const params: unknown[] = [];
  const where = periodWhere(filter, params);
  params.push(page.limit, page.offset);
  const rows = await query<RawRow>(
    `select ${COLUMNS} from shipments where id in (select id from shipments where ${where} order by ${NEWEST_FIRST} limit $${params.length - 1} offset $${params.length})
     order by ${NEWEST_FIRST}`,
    params,
  );
  return rows.map(toRow);
}

/**
 * Every matching row, newest first, in chunks, never the whole result in memory. On PostgreSQL a
 * server-side cursor inside one read-only REPEATABLE READ transaction (one consistent snapshot) on
 * a connection of its own. The embedded database has one connection, and a transaction held open
 * while the client downloads would stall every other request, so there each chunk is its own short
 * query that continues after the last row read (keyset on the creation time at full precision and
 * the folio, which never change), and other requests run between chunks.
 */
export async function* streamPeriodRows(
  handle: DatabaseHandle,
  filter: PeriodFilter,
  opts: { offset?: number; limit?: number; chunk?: number } = {},
): AsyncGenerator<ReportShipmentRow[]> {
  const chunk = opts.chunk ?? 1000;
  let remaining = opts.limit ?? Number.POSITIVE_INFINITY;
  if (remaining <= 0) return;
  const params: unknown[] = [];
  const where = periodWhere(filter, params);

  if (handle.raw.kind === 'postgres') {
    const client = await handle.raw.pool.connect();
    let open = false;
    try {
      await client.query('begin isolation level repeatable read read only');
      open = true;
      const bounded = [...params];
      let tail = '';
      if (Number.isFinite(remaining)) {
        bounded.push(remaining);
        tail += ` limit $${bounded.length}`;
      }
      if (opts.offset) {
        bounded.push(opts.offset);
        tail += ` offset $${bounded.length}`;
      }
      const cursor = client.query(new Cursor<RawRow>(`select ${COLUMNS} from shipments where ${where} order by ${NEWEST_FIRST}${tail}`, bounded));
      try {
        for (;;) {
          const rows = await cursor.read(chunk);
          if (rows.length === 0) break;
          yield rows.map(toRow);
        }
      } finally {
        await cursor.close();
      }
      await client.query('commit');
      open = false;
    } finally {
      // A download cancelled half-way (or a failure) still ends the read-only transaction.
      if (open) await client.query('rollback').catch(() => undefined);
      client.release();
    }
    return;
  }

  let after: { key: string; folio: string } | undefined;
  let offset = opts.offset ?? 0;
  while (remaining > 0) {
    const p = [...params];
    let keyset = '';
    if (after) {
      p.push(after.key, after.folio);
      keyset = ` and (created_at < $${p.length - 1}::timestamptz or (created_at = $${p.length - 1}::timestamptz and number_of_order < $${p.length}::bigint))`;
    }
    const take = Math.min(chunk, remaining);
    p.push(take, offset);
    const rows = await handle.query<RawRow>(
      `select ${COLUMNS} from shipments where ${where}${keyset} order by ${NEWEST_FIRST} limit $${p.length - 1} offset $${p.length}`,
      p,
    );
    if (rows.length === 0) return;
    offset = 0;
    remaining -= rows.length;
    const last = rows[rows.length - 1]!;
    after = { key: last.created_key, folio: last.number_of_order };
    yield rows.map(toRow);
    if (rows.length < take) return;
  }
}
