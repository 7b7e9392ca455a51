import { and, asc, count, desc, eq, gte, ilike, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { OverweightEventKind, OverweightStatus } from '@envios/contracts/overweight';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../shared/pagination.js';
import { overweightPaidOf } from '../shipments/shipments.usecases.js';
import { overweightEvents, overweightFiles, overweightRecords } from './overweight.table.js';

export type RecordRow = typeof overweightRecords.$inferSelect;
export type NewRecord = Omit<typeof overweightRecords.$inferInsert, 'id'>;
export type EventRow = typeof overweightEvents.$inferSelect;
export type FileMeta = Omit<typeof overweightFiles.$inferSelect, 'data'>;

const r = overweightRecords;

export async function lockRecordByShipment(tx: Executor, shipmentId: string): Promise<RecordRow | undefined> {
  const [row] = await tx.select().from(r).where(eq(r.shipmentId, shipmentId)).for('update');
  return row;
}

export async function lockRecord(tx: Executor, id: string): Promise<RecordRow | undefined> {
  const [row] = await tx.select().from(r).where(eq(r.id, id)).for('update');
  return row;
}

export async function findRecordByShipment(ex: Executor, shipmentId: string): Promise<RecordRow | undefined> {
  const [row] = await ex.select().from(r).where(eq(r.shipmentId, shipmentId));
  return row;
}

export async function insertRecord(tx: Executor, values: NewRecord): Promise<RecordRow> {
  const [row] = await tx.insert(r).values(values).returning();
  return row!;
}

export async function updateRecord(tx: Executor, id: string, set: Partial<NewRecord>): Promise<RecordRow> {
  const [row] = await tx.update(r).set(set).where(eq(r.id, id)).returning();
  return row!;
}

export async function insertEvent(
  tx: Executor,
  values: { recordId: string; kind: OverweightEventKind; amountCentavos?: number | null; note?: string | null; actorId?: string | null; createdAt: Date },
): Promise<void> {
  await tx.insert(overweightEvents).values(values);
}

/** Adds a line to the story of a shipment's overweight (a purchase that paid it, for instance); nothing when it has no record. */
export async function insertEventForShipment(
  tx: Executor,
  shipmentId: string,
  values: { kind: OverweightEventKind; amountCentavos?: number | null; note?: string | null; createdAt: Date },
): Promise<void> {
  const rec = await findRecordByShipment(tx, shipmentId);
  if (rec) await insertEvent(tx, { recordId: rec.id, ...values });
}

export async function listEvents(ex: Executor, recordId: string): Promise<EventRow[]> {
  return ex.select().from(overweightEvents).where(eq(overweightEvents.recordId, recordId)).orderBy(asc(overweightEvents.seq));
}

const fileMeta = {
  id: overweightFiles.id,
  recordId: overweightFiles.recordId,
  kind: overweightFiles.kind,
  fileName: overweightFiles.fileName,
  contentType: overweightFiles.contentType,
  sizeBytes: overweightFiles.sizeBytes,
  uploadedBy: overweightFiles.uploadedBy,
  createdAt: overweightFiles.createdAt,
};

export async function insertFiles(tx: Executor, rows: (typeof overweightFiles.$inferInsert)[]): Promise<FileMeta[]> {
  if (rows.length === 0) return [];
  return tx.insert(overweightFiles).values(rows).returning(fileMeta);
}

export async function listFiles(ex: Executor, recordId: string): Promise<FileMeta[]> {
  return ex
    .select(fileMeta)
    .from(overweightFiles)
    .where(eq(overweightFiles.recordId, recordId))
    .orderBy(asc(overweightFiles.createdAt), asc(overweightFiles.id));
}

export async function countFiles(ex: Executor, recordId: string, kind: 'evidence' | 'dispute'): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(overweightFiles)
    .where(and(eq(overweightFiles.recordId, recordId), eq(overweightFiles.kind, kind)));
  return row?.n ?? 0;
}

/** A file with its bytes and whose overweight it is (the owner may read it). */
export async function findFile(ex: Executor, id: string): Promise<(FileMeta & { data: Uint8Array; userId: string }) | undefined> {
  const [row] = await ex
    .select({ ...fileMeta, data: overweightFiles.data, userId: r.userId })
    .from(overweightFiles)
    .innerJoin(r, eq(r.id, overweightFiles.recordId))
    .where(eq(overweightFiles.id, id));
  return row;
}

export async function deleteFile(tx: Executor, id: string): Promise<void> {
  await tx.delete(overweightFiles).where(eq(overweightFiles.id, id));
}

// ---------------------------------------------------------------- lists

export interface RecordFilter {
  userId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  serviceId?: string | undefined;
  status?: OverweightStatus | undefined;
  keyword?: string | undefined;
}

const paid = overweightPaidOf(r.shipmentId);
const live = notInArray(r.disputeStatus, ['open', 'accepted']);

/** Each status as SQL over the record and its shipment's paid flag (the same order as `statusOf`). */
export function statusCondition(status: OverweightStatus): SQL {
  switch (status) {
    case 'cancelled':
      return or(eq(r.disputeStatus, 'accepted'), eq(r.costCentavos, 0))!;
    case 'disputed':
      return and(eq(r.disputeStatus, 'open'), ne(r.costCentavos, 0))!;
    case 'paid':
      return and(live, ne(r.costCentavos, 0), sql`${paid}`)!;
    case 'pending':
      return and(live, ne(r.costCentavos, 0), sql`not ${paid}`)!;
  }
}

function where(filter: RecordFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [];
  if (filter.userId) c.push(eq(r.userId, filter.userId));
  if (filter.from) c.push(gte(r.shipmentCreatedAt, filter.from));
  if (filter.to) c.push(lt(r.shipmentCreatedAt, filter.to));
  if (filter.serviceId) c.push(eq(r.serviceId, filter.serviceId));
  if (filter.status) c.push(statusCondition(filter.status));
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    const matches: SQL[] = [ilike(r.customerName, like), ilike(r.customerEmail, like), ilike(r.numberGuide, like), ilike(r.serviceName, like)];
    if (/^\d{1,15}$/.test(keyword)) matches.push(eq(r.numberOfOrder, Number(keyword)));
    c.push(or(...matches));
  }
  return c.length > 0 ? and(...c) : undefined;
}

export type ListedRecord = RecordRow & { paid: boolean };

const listed = { record: r, paid };

export async function listRecords(ex: Executor, filter: RecordFilter, page: { limit: number; offset: number }): Promise<ListedRecord[]> {
  const rows = await ex
    .select(listed)
    .from(r)
    .where(where(filter))
    .orderBy(desc(r.shipmentCreatedAt), desc(r.numberOfOrder))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((x) => ({ ...x.record, paid: Boolean(x.paid) }));
}

export async function countRecords(ex: Executor, filter: RecordFilter): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(r).where(where(filter));
  return row?.n ?? 0;
}

/** What is owed and may be charged within a filter: pending overweight (not disputed, not cancelled, not paid). */
export async function sumPending(ex: Executor, filter: RecordFilter): Promise<number> {
  const [row] = await ex
    .select({ centavos: sql<number>`coalesce(sum(${r.costCentavos}), 0)`.mapWith(Number) })
    .from(r)
    .where(and(where({ ...filter, status: undefined }), statusCondition('pending')));
  return row?.centavos ?? 0;
}

/** Every matching record, newest first, a chunk at a time (exports), continuing after the last one read. */
export async function* streamRecords(ex: Executor, filter: RecordFilter, chunk = 1000): AsyncGenerator<ListedRecord[]> {
  let offset = 0;
  for (;;) {
    const rows = await listRecords(ex, filter, { limit: chunk, offset });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < chunk) return;
    offset += rows.length;
  }
}
