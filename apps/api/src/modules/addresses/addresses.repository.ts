import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../shared/pagination.js';
import { addressErrors } from './addresses.errors.js';
import { savedLocations } from './addresses.table.js';

const columns = {
  id: savedLocations.id,
  userId: savedLocations.userId,
  name: savedLocations.name,
  email: savedLocations.email,
  phone: savedLocations.phone,
  street: savedLocations.street,
  number: savedLocations.number,
  intNumber: savedLocations.intNumber,
  reference: savedLocations.reference,
  colony: savedLocations.colony,
  postalCode: savedLocations.postalCode,
  city: savedLocations.city,
  stateCode: savedLocations.stateCode,
  countryCode: savedLocations.countryCode,
  createdAt: savedLocations.createdAt,
  updatedAt: savedLocations.updatedAt,
};

export type SavedLocationRow = typeof savedLocations.$inferSelect;
export type SavedLocationValues = Omit<SavedLocationRow, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** The owner's addresses, newest first (served by the (user_id, created_at) index). */
export async function listSavedLocations(db: Executor, opts: { userId: string; search?: string | undefined; limit: number }): Promise<SavedLocationRow[]> {
  const where: (SQL | undefined)[] = [eq(savedLocations.userId, opts.userId)];
  if (opts.search) {
    const pattern = `%${escapeLike(opts.search)}%`;
    where.push(
      or(
        ilike(savedLocations.name, pattern),
        ilike(savedLocations.street, pattern),
        ilike(savedLocations.colony, pattern),
        ilike(savedLocations.postalCode, pattern),
      ),
    );
  }
  return db
    .select(columns)
    .from(savedLocations)
    .where(and(...where))
    .orderBy(desc(savedLocations.createdAt), desc(savedLocations.id))
    .limit(opts.limit);
}

export async function findSavedLocation(db: Executor, id: string): Promise<SavedLocationRow | undefined> {
  const [row] = await db.select(columns).from(savedLocations).where(eq(savedLocations.id, id));
  return row;
}

export async function countSavedLocations(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedLocations).where(eq(savedLocations.userId, userId));
  return row?.n ?? 0;
}

/** Serialises the saves of one owner until the transaction ends, so the cap holds under concurrency. */
export async function lockOwner(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`saved_locations:${userId}`}, 0))`);
}

export async function insertSavedLocation(db: Executor, input: SavedLocationValues & { userId: string }, now: Date): Promise<SavedLocationRow> {
  try {
    const [row] = await db
      .insert(savedLocations)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning(columns);
    return row!;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw addressErrors.unknownUser();
    throw error;
  }
}

export async function updateSavedLocation(db: Executor, id: string, input: SavedLocationValues, now: Date): Promise<SavedLocationRow | undefined> {
  const [row] = await db
    .update(savedLocations)
    .set({ ...input, updatedAt: now })
    .where(eq(savedLocations.id, id))
    .returning(columns);
  return row;
}

export async function deleteSavedLocation(db: Executor, id: string): Promise<SavedLocationRow | undefined> {
  const [row] = await db.delete(savedLocations).where(eq(savedLocations.id, id)).returning(columns);
  return row;
}

// ---------------------------------------------------------------- 'Guardar dirección' from a new shipment

export interface NewSavedLocation {
  userId: string;
  name: string;
  email: string;
  phone: string;
  street: string;
  number: string;
  intNumber: string;
  reference: string;
  colony: string;
  postalCode: string;
  city: string;
  stateCode: string;
  countryCode: string;
}

/**
 * Keeps an address in the user's book unless the same one (name, street, numbers, postal code)
 * is already there or the book is full; one statement, so the shipment's transaction stays short.
 */
export async function saveLocationOnce(db: Executor, location: NewSavedLocation, max: number, now: Date): Promise<void> {
  const l = location;
  const t = savedLocations;
  await db.execute(sql`
    insert into ${t} (user_id, name, email, phone, street, number, int_number, reference, colony, postal_code, city, state_code, country_code, created_at, updated_at)
    select ${l.userId}, ${l.name}, ${l.email}, ${l.phone}, ${l.street}, ${l.number}, ${l.intNumber}, ${l.reference}, ${l.colony}, ${l.postalCode}, ${l.city}, ${l.stateCode}, ${l.countryCode}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    where not exists (
      select 1 from ${t}
      where ${t.userId} = ${l.userId} and ${t.name} = ${l.name} and ${t.street} = ${l.street} and ${t.number} = ${l.number}
        and ${t.intNumber} = ${l.intNumber} and ${t.postalCode} = ${l.postalCode}
    )
    and (select count(*) from ${t} where ${t.userId} = ${l.userId}) < ${max}
  `);
}
