import { and, asc, count, desc, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { BulkFieldError, BulkQuote, BulkRowStatus } from '@envios/contracts/bulk';
import type { CreateShipmentInput } from '@envios/contracts/shipments';
import type { Executor } from '../../db/client.js';
import { shipments } from '../shipments/shipments.table.js';
import { bulkFingerprints, bulkRows, bulkUploads } from './bulk.table.js';

/*
 * Bulk uploads, their rows and the per-account fingerprints of rows already created. Shipments
 * are read here through their table object, read-only, to tell a row's folio and paid state.
 */

export type UploadRow = typeof bulkUploads.$inferSelect;

export interface RowRecord {
  uploadId: string;
  row: number;
  values: Record<string, string>;
  status: BulkRowStatus;
  errors: BulkFieldError[];
  body: CreateShipmentInput | null;
  quote: BulkQuote | null;
  netCentavos: number | null;
  fingerprint: string | null;
  recreate: boolean;
  sameFileRow: number | null;
  shipmentId: string | null;
  numberOfOrder: number | null;
  /** Filled by the use cases for a duplicate: when, and as which folio, it was created before. */
  duplicateOf?: CreatedBefore | undefined;
}

const rowColumns = {
  uploadId: bulkRows.uploadId,
  row: bulkRows.row,
  values: bulkRows.values,
  status: bulkRows.status,
  errors: bulkRows.errors,
  body: bulkRows.body,
  quote: bulkRows.quote,
  netCentavos: bulkRows.netCentavos,
  fingerprint: bulkRows.fingerprint,
  recreate: bulkRows.recreate,
  sameFileRow: bulkRows.sameFileRow,
  shipmentId: bulkRows.shipmentId,
  numberOfOrder: sql<number | null>`(select ${shipments.numberOfOrder} from ${shipments} where ${shipments.id} = ${bulkRows.shipmentId})`.mapWith(
    (v: unknown) => (v === null ? null : Number(v)),
  ),
};

export async function insertUpload(
  tx: Executor,
  input: { userId: string; fileName: string; totalRows: number; ignoredColumns: string[]; now: Date },
): Promise<UploadRow> {
  const [row] = await tx
    .insert(bulkUploads)
    .values({
      userId: input.userId,
      fileName: input.fileName,
      totalRows: input.totalRows,
      ignoredColumns: input.ignoredColumns,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return row!;
}

/** The rows as read, in statements of at most 500 rows. */
export async function insertRows(tx: Executor, uploadId: string, rows: readonly { row: number; values: Record<string, string> }[], now: Date): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(bulkRows).values(rows.slice(i, i + 500).map((r) => ({ uploadId, row: r.row, values: r.values, updatedAt: now })));
  }
}

export async function findUpload(ex: Executor, id: string): Promise<UploadRow | undefined> {
  const [row] = await ex.select().from(bulkUploads).where(eq(bulkUploads.id, id));
  return row;
}

export async function listUploads(ex: Executor, userId: string, limit: number): Promise<UploadRow[]> {
  return ex.select().from(bulkUploads).where(eq(bulkUploads.userId, userId)).orderBy(desc(bulkUploads.createdAt)).limit(limit);
}

export async function markUploadReady(ex: Executor, id: string, now: Date): Promise<void> {
  await ex.update(bulkUploads).set({ status: 'ready', updatedAt: now }).where(eq(bulkUploads.id, id));
}

export interface UploadTotals {
  counts: Record<BulkRowStatus, number>;
  validCentavos: number;
  unpaid: number;
}

/** Rows per status, the valid rows' total and the created shipments still unpaid. */
export async function uploadTotals(ex: Executor, uploadId: string): Promise<UploadTotals> {
  const groups = await ex
    .select({ status: bulkRows.status, n: count(), centavos: sql<string | null>`sum(${bulkRows.netCentavos})` })
    .from(bulkRows)
    .where(eq(bulkRows.uploadId, uploadId))
    .groupBy(bulkRows.status);
  const counts: Record<BulkRowStatus, number> = { pending: 0, valid: 0, invalid: 0, duplicate: 0, created: 0 };
  let validCentavos = 0;
  for (const g of groups) {
    counts[g.status] = Number(g.n);
    if (g.status === 'valid') validCentavos = Number(g.centavos ?? 0);
  }
  const [unpaid] = await ex
    .select({ n: count() })
    .from(bulkRows)
    .innerJoin(shipments, eq(shipments.id, bulkRows.shipmentId))
    .where(and(eq(bulkRows.uploadId, uploadId), eq(bulkRows.status, 'created'), eq(shipments.paid, false), isNull(shipments.deletedAt)));
  return { counts, validCentavos, unpaid: Number(unpaid?.n ?? 0) };
}

export async function pendingRows(ex: Executor, uploadId: string, limit: number): Promise<RowRecord[]> {
  return ex
    .select(rowColumns)
    .from(bulkRows)
    .where(and(eq(bulkRows.uploadId, uploadId), eq(bulkRows.status, 'pending')))
    .orderBy(asc(bulkRows.row))
    .limit(limit);
}

/**
 * Per service, the guides this upload's rows already count on: its valid rows (except those being
 * checked again) and its created shipments that are not paid yet.
 */
export async function guidesTakenByRows(ex: Executor, uploadId: string, except: readonly number[]): Promise<Map<string, number>> {
  const serviceOfValid = sql<string>`${bulkRows.quote}->>'service_id'`;
  const [valid, created] = await Promise.all([
    ex
      .select({ serviceId: serviceOfValid, n: count() })
      .from(bulkRows)
      .where(and(eq(bulkRows.uploadId, uploadId), eq(bulkRows.status, 'valid'), except.length > 0 ? notInArray(bulkRows.row, [...except]) : undefined))
      .groupBy(serviceOfValid),
    ex
      .select({ serviceId: shipments.serviceId, n: count() })
      .from(bulkRows)
      .innerJoin(shipments, eq(shipments.id, bulkRows.shipmentId))
      .where(and(eq(bulkRows.uploadId, uploadId), eq(bulkRows.status, 'created'), eq(shipments.paid, false), isNull(shipments.deletedAt)))
      .groupBy(shipments.serviceId),
  ]);
  const taken = new Map<string, number>();
  for (const r of [...valid, ...created]) if (r.serviceId) taken.set(r.serviceId, (taken.get(r.serviceId) ?? 0) + Number(r.n));
  return taken;
}

export async function findRows(ex: Executor, uploadId: string, rows: readonly number[]): Promise<RowRecord[]> {
  if (rows.length === 0) return [];
  return ex
    .select(rowColumns)
    .from(bulkRows)
    .where(and(eq(bulkRows.uploadId, uploadId), inArray(bulkRows.row, [...rows])))
    .orderBy(asc(bulkRows.row));
}

export async function rowsWithStatus(ex: Executor, uploadId: string, status: BulkRowStatus): Promise<RowRecord[]> {
  return ex
    .select(rowColumns)
    .from(bulkRows)
    .where(and(eq(bulkRows.uploadId, uploadId), eq(bulkRows.status, status)))
    .orderBy(asc(bulkRows.row));
}

export async function listRows(
  ex: Executor,
  uploadId: string,
  opts: { status?: BulkRowStatus | undefined; limit: number; offset: number },
): Promise<{ rows: RowRecord[]; total: number }> {
  const where = and(eq(bulkRows.uploadId, uploadId), opts.status ? eq(bulkRows.status, opts.status) : undefined);
  const rows = await ex.select(rowColumns).from(bulkRows).where(where).orderBy(asc(bulkRows.row)).limit(opts.limit).offset(opts.offset);
  const [total] = await ex.select({ n: count() }).from(bulkRows).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export interface CheckedRow {
  row: number;
  status: Exclude<BulkRowStatus, 'created'>;
  errors: BulkFieldError[];
  body: CreateShipmentInput | null;
  quote: BulkQuote | null;
  netCentavos: number | null;
  fingerprint: string;
  sameFileRow: number | null;
}

/**
 * Writes the outcome of checking rows in one statement (the batch travels as one JSON parameter):
 * on the embedded database every statement waits its turn, so one per row would be slow. A row
 * already created meanwhile is left as it is.
 */
export async function saveChecked(tx: Executor, uploadId: string, checked: readonly CheckedRow[], now: Date): Promise<void> {
  if (checked.length === 0) return;
  const batch = JSON.stringify(
    checked.map((c) => ({
      row: c.row,
      status: c.status,
      errors: c.errors,
      body: c.body,
      quote: c.quote,
      net_centavos: c.netCentavos,
      fingerprint: c.fingerprint,
      same_file_row: c.sameFileRow,
    })),
  );
  await tx.execute(sql`
    update ${bulkRows} set
      status = b.status, errors = b.errors, body = b.body, quote = b.quote, net_centavos = b.net_centavos,
      fingerprint = b.fingerprint, same_file_row = b.same_file_row, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${batch}::jsonb) as b("row" integer, status text, errors jsonb, body jsonb, quote jsonb, net_centavos bigint, fingerprint text, same_file_row integer)
    where ${bulkRows.uploadId} = ${uploadId} and ${bulkRows.row} = b."row" and ${bulkRows.status} <> 'created'
  `);
}

export async function updateRowInput(
  tx: Executor,
  uploadId: string,
  row: number,
  input: { values?: Record<string, string>; recreate?: boolean },
  now: Date,
): Promise<boolean> {
  const set: Partial<typeof bulkRows.$inferInsert> = { status: 'pending', updatedAt: now };
  if (input.values) set.values = input.values;
  if (input.recreate !== undefined) set.recreate = input.recreate;
  const updated = await tx
    .update(bulkRows)
    .set(set)
    .where(and(eq(bulkRows.uploadId, uploadId), eq(bulkRows.row, row), sql`${bulkRows.status} <> 'created'`))
    .returning({ row: bulkRows.row });
  return updated.length === 1;
}

/** The first row of the upload, before `before`, with each fingerprint (a row repeated in the same file). */
export async function earlierRowsWith(ex: Executor, uploadId: string, fingerprints: readonly string[], before: number): Promise<Map<string, number>> {
  if (fingerprints.length === 0) return new Map();
  const rows = await ex
    .select({ fingerprint: bulkRows.fingerprint, row: sql<number>`min(${bulkRows.row})`.mapWith(Number) })
    .from(bulkRows)
    .where(and(eq(bulkRows.uploadId, uploadId), inArray(bulkRows.fingerprint, [...fingerprints]), lt(bulkRows.row, before)))
    .groupBy(bulkRows.fingerprint);
  return new Map(rows.map((r) => [r.fingerprint!, r.row]));
}

export interface CreatedBefore {
  createdAt: Date;
  numberOfOrder: number | null;
}

/** Rows of the account already created (any upload), by fingerprint. */
export async function createdFingerprints(ex: Executor, userId: string, fingerprints: readonly string[]): Promise<Map<string, CreatedBefore>> {
  if (fingerprints.length === 0) return new Map();
  const rows = await ex
    .select({ fingerprint: bulkFingerprints.fingerprint, createdAt: bulkFingerprints.createdAt, numberOfOrder: shipments.numberOfOrder })
    .from(bulkFingerprints)
    .leftJoin(shipments, eq(shipments.id, bulkFingerprints.shipmentId))
    .where(and(eq(bulkFingerprints.userId, userId), inArray(bulkFingerprints.fingerprint, [...fingerprints])));
  return new Map(rows.map((r) => [r.fingerprint, { createdAt: r.createdAt, numberOfOrder: r.numberOfOrder }]));
}

/** Marks rows created with their shipments, only those still valid; answers the rows it marked. */
export async function markRowsCreated(tx: Executor, uploadId: string, created: readonly { row: number; shipmentId: string }[], now: Date): Promise<number[]> {
  if (created.length === 0) return [];
  const batch = JSON.stringify(created.map((c) => ({ row: c.row, shipment_id: c.shipmentId })));
  const rows = await tx.execute<{ row: number }>(sql`
    update ${bulkRows} set status = 'created', shipment_id = b.shipment_id, errors = '[]'::jsonb, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${batch}::jsonb) as b("row" integer, shipment_id uuid)
    where ${bulkRows.uploadId} = ${uploadId} and ${bulkRows.row} = b."row" and ${bulkRows.status} = 'valid'
    returning ${bulkRows.row}
  `);
  return rowsOf<{ row: number }>(rows).map((r) => Number(r.row));
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/**
 * Records the fingerprints of rows just created. A fingerprint already there (the same row created
 * by another upload meanwhile) is left alone and answered, unless the seller chose «Crear de
 * nuevo» for it: then it points at the new shipment.
 */
export async function claimFingerprints(
  tx: Executor,
  input: { userId: string; uploadId: string; now: Date; entries: readonly { fingerprint: string; shipmentId: string; recreate: boolean }[] },
): Promise<string[]> {
  const fresh = input.entries.filter((e) => !e.recreate);
  const again = input.entries.filter((e) => e.recreate);
  const values = (list: typeof fresh) =>
    list.map((e) => ({ userId: input.userId, fingerprint: e.fingerprint, shipmentId: e.shipmentId, uploadId: input.uploadId, createdAt: input.now }));
  const taken: string[] = [];
  if (fresh.length > 0) {
    const inserted = await tx.insert(bulkFingerprints).values(values(fresh)).onConflictDoNothing().returning({ fingerprint: bulkFingerprints.fingerprint });
    const ok = new Set(inserted.map((r) => r.fingerprint));
    taken.push(...fresh.filter((e) => !ok.has(e.fingerprint)).map((e) => e.fingerprint));
  }
  if (again.length > 0) {
    await tx
      .insert(bulkFingerprints)
      .values(values(again))
      .onConflictDoUpdate({
        target: [bulkFingerprints.userId, bulkFingerprints.fingerprint],
        set: { shipmentId: sql`excluded.shipment_id`, uploadId: sql`excluded.upload_id`, createdAt: sql`excluded.created_at` },
      });
  }
  return taken;
}

/** The shipments an upload created, in row order, with their paid state. */
export async function createdShipments(ex: Executor, uploadId: string): Promise<{ row: number; shipmentId: string; paid: boolean }[]> {
  const rows = await ex
    .select({ row: bulkRows.row, shipmentId: bulkRows.shipmentId, paid: shipments.paid })
    .from(bulkRows)
    .innerJoin(shipments, eq(shipments.id, bulkRows.shipmentId))
    .where(and(eq(bulkRows.uploadId, uploadId), eq(bulkRows.status, 'created'), isNull(shipments.deletedAt)))
    .orderBy(asc(bulkRows.row));
  return rows.map((r) => ({ row: r.row, shipmentId: r.shipmentId!, paid: r.paid }));
}
