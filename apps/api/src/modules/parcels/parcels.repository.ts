import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { parcelErrors } from './parcels.errors.js';
import { parcelTemplates } from './parcels.table.js';

export type ParcelTemplateRow = typeof parcelTemplates.$inferSelect;
export type ParcelTemplateValues = Omit<ParcelTemplateRow, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

const columns = {
  id: parcelTemplates.id,
  userId: parcelTemplates.userId,
  name: parcelTemplates.name,
  nameKey: parcelTemplates.nameKey,
  shipmentType: parcelTemplates.shipmentType,
  width: parcelTemplates.width,
  depth: parcelTemplates.depth,
  height: parcelTemplates.height,
  weightKg: parcelTemplates.weightKg,
  description: parcelTemplates.description,
  insuredCentavos: parcelTemplates.insuredCentavos,
  createdAt: parcelTemplates.createdAt,
  updatedAt: parcelTemplates.updatedAt,
};

function driverCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^\d{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Driver errors as domain errors: a name already used (unique index), an owner that does not exist. */
function translate(error: unknown, name: string): never {
  const code = driverCode(error);
  if (code === '23505') throw parcelErrors.nameTaken(name);
  if (code === '23503') throw parcelErrors.unknownUser();
  throw error;
}

/** The owner's templates, newest first (served by the (user_id, created_at) index). */
export async function listParcelTemplates(db: Executor, userId: string, limit: number): Promise<ParcelTemplateRow[]> {
  return db
    .select(columns)
    .from(parcelTemplates)
    .where(eq(parcelTemplates.userId, userId))
    .orderBy(desc(parcelTemplates.createdAt), desc(parcelTemplates.id))
    .limit(limit);
}

export async function findParcelTemplate(db: Executor, id: string): Promise<ParcelTemplateRow | undefined> {
  const [row] = await db.select(columns).from(parcelTemplates).where(eq(parcelTemplates.id, id));
  return row;
}

export async function findParcelTemplateByKey(db: Executor, userId: string, nameKey: string): Promise<ParcelTemplateRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(parcelTemplates)
    .where(and(eq(parcelTemplates.userId, userId), eq(parcelTemplates.nameKey, nameKey)));
  return row;
}

export async function countParcelTemplates(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(parcelTemplates).where(eq(parcelTemplates.userId, userId));
  return row?.n ?? 0;
}

/** Serialises one owner's saves until the transaction ends, so the cap holds under concurrency. */
export async function lockOwner(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`parcel_templates:${userId}`}, 0))`);
}

export async function insertParcelTemplate(db: Executor, values: ParcelTemplateValues & { userId: string }, now: Date): Promise<ParcelTemplateRow> {
  try {
    const [row] = await db
      .insert(parcelTemplates)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning(columns);
    return row!;
  } catch (error) {
    translate(error, values.name);
  }
}

export async function updateParcelTemplate(db: Executor, id: string, values: ParcelTemplateValues, now: Date): Promise<ParcelTemplateRow | undefined> {
  try {
    const [row] = await db
      .update(parcelTemplates)
      .set({ ...values, updatedAt: now })
      .where(eq(parcelTemplates.id, id))
      .returning(columns);
    return row;
  } catch (error) {
    translate(error, values.name);
  }
}

export async function deleteParcelTemplate(db: Executor, id: string): Promise<ParcelTemplateRow | undefined> {
  const [row] = await db.delete(parcelTemplates).where(eq(parcelTemplates.id, id)).returning(columns);
  return row;
}
