import { and, asc, count, eq, gt, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { PackageType } from '@envios/contracts/quotes';
import type { InsuranceInformation, SelectedServiceSnapshot } from '@envios/contracts/shipments';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../shared/pagination.js';
import { listSearchText, shipmentIdempotencyKeys, shipmentListState, shipments, type AddressColumn, type ParcelColumn } from './shipments.table.js';

export interface ShipmentRecord {
  id: string;
  numberOfOrder: number;
  userId: string;
  customerFirstNames: string;
  customerLastNames: string;
  customerEmail: string;
  origin: AddressColumn;
  destination: AddressColumn;
  serviceId: string;
  carrierCode: CarrierCode;
  serviceName: string;
  selectedService: SelectedServiceSnapshot;
  totalCentavos: number;
  shipmentType: PackageType;
  parcels: ParcelColumn[];
  description: string;
  packageInsurance: boolean;
  insuranceInformation: InsuranceInformation | null;
  ecommerceOrderId: string | null;
  ecommerceType: string | null;
  localPickup: boolean;
  paid: boolean;
  paidAt: Date | null;
  guideUrl: string | null;
  numberGuide: string | null;
  reference: string | null;
  trackingStatus: string | null;
  overweightKg: number | null;
  overweightCentavos: number | null;
  overweightPaid: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const recordColumns = {
  id: shipments.id,
  numberOfOrder: shipments.numberOfOrder,
  userId: shipments.userId,
  customerFirstNames: shipments.customerFirstNames,
  customerLastNames: shipments.customerLastNames,
  customerEmail: shipments.customerEmail,
  origin: shipments.origin,
  destination: shipments.destination,
  serviceId: shipments.serviceId,
  carrierCode: shipments.carrierCode,
  serviceName: shipments.serviceName,
  selectedService: shipments.selectedService,
  totalCentavos: shipments.totalCentavos,
  shipmentType: shipments.shipmentType,
  parcels: shipments.parcels,
  description: shipments.description,
  packageInsurance: shipments.packageInsurance,
  insuranceInformation: shipments.insuranceInformation,
  ecommerceOrderId: shipments.ecommerceOrderId,
  ecommerceType: shipments.ecommerceType,
  localPickup: shipments.localPickup,
  paid: shipments.paid,
  paidAt: shipments.paidAt,
  guideUrl: shipments.guideUrl,
  numberGuide: shipments.numberGuide,
  reference: shipments.reference,
  trackingStatus: shipments.trackingStatus,
  overweightKg: shipments.overweightKg,
  overweightCentavos: shipments.overweightCentavos,
  overweightPaid: shipments.overweightPaid,
  createdAt: shipments.createdAt,
  updatedAt: shipments.updatedAt,
};

/** What a new shipment stores; the folio, paid state, guide and overweight start empty. */
export type NewShipment = Pick<
  ShipmentRecord,
  | 'userId'
  | 'customerFirstNames'
  | 'customerLastNames'
  | 'customerEmail'
  | 'origin'
  | 'destination'
  | 'serviceId'
  | 'carrierCode'
  | 'serviceName'
  | 'selectedService'
  | 'totalCentavos'
  | 'shipmentType'
  | 'parcels'
  | 'description'
  | 'packageInsurance'
  | 'insuranceInformation'
  | 'ecommerceOrderId'
  | 'ecommerceType'
  | 'localPickup'
> & { destinationName: string; destinationLine: string; transitDays: number };

const live = isNull(shipments.deletedAt);
/** Matches the list indexes' order (`created_at desc nulls last, id`), so PostgreSQL reads pages from them. */
const newestFirst = [sql`${shipments.createdAt} desc nulls last`, asc(shipments.id)];

/** Inserts the rows in the given order (their folios follow it) and answers them. */
export async function insertShipments(db: Executor, rows: readonly NewShipment[], now: Date): Promise<ShipmentRecord[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(shipments)
    .values(rows.map((r) => ({ ...r, createdAt: now, updatedAt: now })))
    .returning(recordColumns);
  return inserted.sort((a, b) => a.numberOfOrder - b.numberOfOrder);
}

export async function findShipment(db: Executor, id: string): Promise<ShipmentRecord | undefined> {
  const rows = await db
    .select(recordColumns)
    .from(shipments)
    .where(and(eq(shipments.id, id), live));
  return rows[0];
}

/** Live shipments among `ids`, oldest folio first. */
export async function findShipments(db: Executor, ids: readonly string[]): Promise<ShipmentRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select(recordColumns)
    .from(shipments)
    .where(and(inArray(shipments.id, [...ids]), live))
    .orderBy(asc(shipments.numberOfOrder));
}

export type ShipmentPatch = Partial<
  Pick<
    NewShipment,
    | 'origin'
    | 'destination'
    | 'destinationName'
    | 'destinationLine'
    | 'serviceId'
    | 'carrierCode'
    | 'serviceName'
    | 'selectedService'
    | 'totalCentavos'
    | 'transitDays'
    | 'shipmentType'
    | 'parcels'
    | 'description'
    | 'packageInsurance'
    | 'insuranceInformation'
    | 'localPickup'
  > & { overweightKg: number; overweightCentavos: number }
>;

/**
 * Applies a patch to a live shipment. `unpaidOnly` makes the check and the write one statement,
 * so a payment committed in between is never overwritten. Undefined when nothing matched.
 */
export async function updateShipment(
  db: Executor,
  id: string,
  patch: ShipmentPatch,
  now: Date,
  opts: { unpaidOnly: boolean },
): Promise<ShipmentRecord | undefined> {
  const rows = await db
    .update(shipments)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(shipments.id, id), live, opts.unpaidOnly ? eq(shipments.paid, false) : undefined))
    .returning(recordColumns);
  return rows[0];
}

/** Soft-deletes live unpaid shipments among `ids`; answers the ids it deleted. */
export async function softDeleteUnpaid(db: Executor, ids: readonly string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(shipments)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(inArray(shipments.id, [...ids]), live, eq(shipments.paid, false)))
    .returning({ id: shipments.id });
  return rows.map((r) => r.id);
}

export interface OwnershipRow {
  id: string;
  userId: string;
  paid: boolean;
  numberOfOrder: number;
}

/** Owner and paid state of live shipments among `ids`, rows locked until the transaction ends. */
export async function lockShipments(db: Executor, ids: readonly string[]): Promise<OwnershipRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: shipments.id, userId: shipments.userId, paid: shipments.paid, numberOfOrder: shipments.numberOfOrder })
    .from(shipments)
    .where(and(inArray(shipments.id, [...ids]), live))
    .orderBy(asc(shipments.id))
    .for('update');
}

// ---------------------------------------------------------------- lists

export interface ListFilter {
  userId: string;
  /** Each must match the destination name, the destination line or the service name. */
  keywords?: readonly string[];
  paid?: boolean | undefined;
  serviceId?: string | undefined;
  /** A carrier code or part of a service name. */
  carrier?: string | undefined;
  /** Whether the label was downloaded («Impresas» / «Sin imprimir»). */
  printed?: boolean | undefined;
}

export interface ShipmentListRow {
  id: string;
  createdAt: Date;
  numberOfOrder: number;
  destinationName: string;
  destinationLine: string;
  destinationPostalCode: string;
  destinationCity: string;
  carrier: string;
  carrierCode: CarrierCode;
  serviceName: string;
  serviceId: string;
  numberGuide: string | null;
  paid: boolean;
  trackingStatus: string | null;
  transitDays: number;
  totalCentavos: number;
  guideUrl: string | null;
  labelPrintedAt: Date | null;
}

const listColumns = {
  id: shipments.id,
  createdAt: shipments.createdAt,
  numberOfOrder: shipments.numberOfOrder,
  destinationName: shipments.destinationName,
  destinationLine: shipments.destinationLine,
  destinationPostalCode: sql<string>`coalesce(${shipments.destination}->>'postal_code', '')`,
  destinationCity: sql<string>`coalesce(${shipments.destination}->>'city', '')`,
  carrier: sql<string>`coalesce(${shipments.selectedService}->>'carrier', '')`,
  carrierCode: shipments.carrierCode,
  serviceName: shipments.serviceName,
  serviceId: shipments.serviceId,
  numberGuide: shipments.numberGuide,
  paid: shipments.paid,
  trackingStatus: shipments.trackingStatus,
  transitDays: shipments.transitDays,
  totalCentavos: shipments.totalCentavos,
  guideUrl: shipments.guideUrl,
  labelPrintedAt: shipments.labelPrintedAt,
};

const searchText = listSearchText(shipments);

function listWhere(filter: ListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(shipments.userId, filter.userId), live];
  if (filter.paid !== undefined) conditions.push(eq(shipments.paid, filter.paid));
  if (filter.serviceId) conditions.push(eq(shipments.serviceId, filter.serviceId));
  if (filter.printed !== undefined)
    conditions.push(filter.printed ? isNotNull(shipments.labelPrintedAt) : and(eq(shipments.paid, true), isNull(shipments.labelPrintedAt)));
  // Each text condition is asked twice: on the trigram-indexed expression (which finds the rows)
  // and on the columns themselves (which decide, so a match across two columns never counts).
  if (filter.carrier) {
    const pattern = `%${escapeLike(filter.carrier)}%`;
    conditions.push(
      or(eq(shipments.carrierCode, filter.carrier.toLowerCase() as CarrierCode), and(ilike(searchText, pattern), ilike(shipments.serviceName, pattern))),
    );
  }
  for (const keyword of filter.keywords ?? []) {
    const pattern = `%${escapeLike(keyword)}%`;
    conditions.push(
      ilike(searchText, pattern),
      or(ilike(shipments.destinationName, pattern), ilike(shipments.destinationLine, pattern), ilike(shipments.serviceName, pattern)),
    );
  }
  return and(...conditions);
}

/**
 * One page of a user's shipments, newest first. The page's ids come first, walked in the order of
 * the index that matches the filter (index-only, never the rows themselves), then only those rows
 * are read: rows skipped by the offset are never fetched nor their JSON opened.
 */
export async function listShipmentPage(db: Executor, filter: ListFilter, page: { limit: number; offset: number }): Promise<ShipmentListRow[]> {
  const pageIds = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(listWhere(filter))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  return db
    .select(listColumns)
    .from(shipments)
    .where(inArray(shipments.id, pageIds))
    .orderBy(...newestFirst);
}

/**
 * A page of the plain list (all, paid or unpaid) with the user's live and paid totals, in one
 * statement: the totals come from the per-user counts the triggers keep, so nothing is counted.
 */
export async function listKeptPage(
  db: Executor,
  filter: { userId: string; paid?: boolean | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: ShipmentListRow[]; live: number; paid: number }> {
  const pageIds = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(listWhere(filter))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  const state = (column: typeof shipmentListState.live | typeof shipmentListState.paid) =>
    sql<number>`(select ${column} from ${shipmentListState} where ${shipmentListState.userId} = ${filter.userId})`.mapWith(Number);
  const found = await db
    .select({ ...listColumns, keptLive: state(shipmentListState.live), keptPaid: state(shipmentListState.paid) })
    .from(shipments)
    .where(inArray(shipments.id, pageIds))
    .orderBy(...newestFirst);
  const first = found[0];
  // Past the last page there is no row to carry the totals: they are read alone.
  if (!first) return { rows: [], ...((await findListState(db, filter.userId)) ?? { live: 0, paid: 0 }) };
  return { rows: found.map(({ keptLive: _live, keptPaid: _paid, ...row }) => row), live: first.keptLive, paid: first.keptPaid };
}

export interface ListState {
  /** Changes with every write to the user's shipments (kept by the list-state triggers). */
  version: number;
  live: number;
  paid: number;
}

const prepareListState = (db: Executor) =>
  db
    .select({ version: shipmentListState.version, live: shipmentListState.live, paid: shipmentListState.paid })
    .from(shipmentListState)
    .where(eq(shipmentListState.userId, sql.placeholder('userId')))
    .prepare('shipment_list_state_by_user');
// Read on every list call on PostgreSQL: built once per database, planned once per connection.
const listStateQueries = new WeakMap<Executor, ReturnType<typeof prepareListState>>();

/** The user's list version and live and paid totals, as the triggers keep them. */
export async function findListState(db: Executor, userId: string): Promise<ListState | undefined> {
  let query = listStateQueries.get(db);
  if (!query) {
    query = prepareListState(db);
    listStateQueries.set(db, query);
  }
  return (await query.execute({ userId }))[0];
}

/** Every row of a plain list, newest first (the embedded database keeps it while its version stands). */
export async function listAllShipmentRows(db: Executor, filter: ListFilter): Promise<ShipmentListRow[]> {
  return db
    .select(listColumns)
    .from(shipments)
    .where(listWhere(filter))
    .orderBy(...newestFirst);
}

export async function countShipments(db: Executor, filter: ListFilter): Promise<number> {
  const totals = await db.select({ total: count() }).from(shipments).where(listWhere(filter));
  return totals[0]?.total ?? 0;
}

/** The services a user has live shipments with. */
export async function listUsedServices(db: Executor, userId: string): Promise<{ serviceId: string; carrierCode: CarrierCode; serviceName: string }[]> {
  return db
    .selectDistinct({ serviceId: shipments.serviceId, carrierCode: shipments.carrierCode, serviceName: shipments.serviceName })
    .from(shipments)
    .where(and(eq(shipments.userId, userId), live))
    .orderBy(asc(shipments.carrierCode), asc(shipments.serviceName));
}

/** Live shipments and their total per carrier and paid state (a handful of rows, summed in SQL). */
export async function sumByCarrierAndPaid(
  db: Executor,
  userId: string,
): Promise<{ carrierCode: CarrierCode; paid: boolean; guides: number; centavos: number }[]> {
  return db
    .select({
      carrierCode: shipments.carrierCode,
      paid: shipments.paid,
      guides: count(),
      centavos: sql<number>`coalesce(sum(${shipments.totalCentavos}), 0)`.mapWith(Number),
    })
    .from(shipments)
    .where(and(eq(shipments.userId, userId), live))
    .groupBy(shipments.carrierCode, shipments.paid);
}

// ---------------------------------------------------------------- overweight

/**
 * Overweight the customers owe: recorded on a paid, live shipment and not paid yet. While it is
 * disputed (or was cancelled) its chargeable amount is empty, so it is not owed.
 */
export const overweightOwedBy = (userIds: readonly string[]): SQL =>
  and(
    userIds.length === 1 ? eq(shipments.userId, userIds[0]!) : inArray(shipments.userId, [...userIds]),
    gt(shipments.overweightCentavos, 0),
    eq(shipments.overweightPaid, false),
    live,
    eq(shipments.paid, true),
  )!;
const owed = (userId: string) => overweightOwedBy([userId]);

export async function listOverweightOwed(
  db: Executor,
  userId: string,
): Promise<{ id: string; numberOfOrder: number; numberGuide: string | null; overweightKg: number | null; overweightCentavos: number }[]> {
  const rows = await db
    .select({
      id: shipments.id,
      numberOfOrder: shipments.numberOfOrder,
      numberGuide: shipments.numberGuide,
      overweightKg: shipments.overweightKg,
      overweightCentavos: sql<number>`${shipments.overweightCentavos}`.mapWith(Number),
    })
    .from(shipments)
    .where(owed(userId))
    .orderBy(asc(shipments.numberOfOrder));
  return rows;
}

export async function sumOverweightOwed(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .select({ centavos: sql<number>`coalesce(sum(${shipments.overweightCentavos}), 0)`.mapWith(Number) })
    .from(shipments)
    .where(owed(userId));
  return rows[0]?.centavos ?? 0;
}

// ---------------------------------------------------------------- idempotency

export async function findIdempotencyKey(
  db: Executor,
  userId: string,
  key: string,
  since: Date,
): Promise<{ fingerprint: string; shipmentIds: string[] } | undefined> {
  const rows = await db
    .select({ fingerprint: shipmentIdempotencyKeys.fingerprint, shipmentIds: shipmentIdempotencyKeys.shipmentIds })
    .from(shipmentIdempotencyKeys)
    .where(and(eq(shipmentIdempotencyKeys.userId, userId), eq(shipmentIdempotencyKeys.key, key), gt(shipmentIdempotencyKeys.createdAt, since)));
  return rows[0];
}

/**
 * Records a key for the shipments just created in this transaction. False when another request
 * holds the key within its 24 hours (on PostgreSQL this waits for that request to commit).
 * Expired keys of the user are removed first.
 */
export async function claimIdempotencyKey(
  db: Executor,
  input: { userId: string; key: string; fingerprint: string; shipmentIds: string[]; now: Date; since: Date },
): Promise<boolean> {
  await db.delete(shipmentIdempotencyKeys).where(and(eq(shipmentIdempotencyKeys.userId, input.userId), lt(shipmentIdempotencyKeys.createdAt, input.since)));
  const rows = await db
    .insert(shipmentIdempotencyKeys)
    .values({ userId: input.userId, key: input.key, fingerprint: input.fingerprint, shipmentIds: input.shipmentIds, createdAt: input.now })
    .onConflictDoNothing()
    .returning({ key: shipmentIdempotencyKeys.key });
  return rows.length > 0;
}

/** Forgets a key whose shipments were deleted, unless another request already replaced it. */
export async function releaseIdempotencyKey(db: Executor, userId: string, key: string, shipmentIds: string[]): Promise<void> {
  const k = shipmentIdempotencyKeys;
  await db.delete(k).where(and(eq(k.userId, userId), eq(k.key, key), sql`${k.shipmentIds} = ${JSON.stringify(shipmentIds)}::jsonb`));
}
