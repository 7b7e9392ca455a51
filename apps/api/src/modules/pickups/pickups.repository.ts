import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PickupStatus } from '@envios/contracts/pickups';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../shared/pagination.js';
import { shipments } from '../shipments/shipments.table.js';
import { pickups } from './pickups.table.js';

export type PickupRecord = typeof pickups.$inferSelect;
export type NewPickup = Pick<
  PickupRecord,
  'userId' | 'shipmentId' | 'name' | 'email' | 'phone' | 'service' | 'trackingNumber' | 'address' | 'status' | 'active'
>;

/** Both drivers answer raw SQL as `{ rows }`; the shared Database type leaves that shape unknown. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows?: Row[] }).rows ?? [];
}

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/*
 * The shipments are read here through the shipments module's table object, read-only (a pickup is
 * made from its shipment's origin in one statement): a renamed column breaks the build, not a
 * running query.
 */
const s = shipments;

/** The shipment's origin in one line: street and numbers, colony, postal code and city, state. */
const originLine = sql`nullif(concat_ws(', ',
  nullif(trim(concat_ws(' ', ${s.origin}->>'address', ${s.origin}->>'number', nullif(${s.origin}->>'intNumber', ''))), ''),
  nullif(${s.origin}->>'colony', ''),
  nullif(trim(concat_ws(' ', ${s.origin}->>'postal_code', ${s.origin}->>'city')), ''),
  nullif(${s.origin}->>'state_code', '')
), '')`;

/**
 * One 'Pendiente' pickup per local-pickup shipment of `shipmentIds`, in one statement: contact and
 * address from the shipment's origin, the service's name, and the guide number (or the folio while
 * the guide is being issued). A shipment that already has its pickup keeps it (partial unique index).
 */
export async function insertPickupsForShipments(db: Executor, shipmentIds: readonly string[], now: Date): Promise<number> {
  if (shipmentIds.length === 0) return 0;
  const at = now.toISOString();
  const result = await db.execute(sql`
    insert into ${pickups} (user_id, shipment_id, name, email, phone, service, tracking_number, address, status, active, created_at, updated_at)
    select ${s.userId}, ${s.id},
      coalesce(nullif(${s.origin}->>'full_name', ''), ${s.customerFirstNames} || ' ' || ${s.customerLastNames}),
      coalesce(nullif(${s.origin}->>'email', ''), ${s.customerEmail}),
      coalesce(${s.origin}->>'phone', ''),
      ${s.serviceName},
      coalesce(nullif(${s.numberGuide}, ''), ${s.numberOfOrder}::text),
      ${originLine},
      'Pendiente', true, ${at}::timestamptz, ${at}::timestamptz
    from ${s}
    where ${s.id} in (${idList(shipmentIds)}) and ${s.localPickup} and ${s.deletedAt} is null
    on conflict do nothing
    returning ${pickups.id}
  `);
  return rowsOf(result).length;
}

export interface ShipmentMatch {
  id: string;
  userId: string;
  paid: boolean;
  address: string | null;
}

/** Live shipments whose guide number, id or folio is `trackingNumber` (at most a few). */
export async function findShipmentsByTracking(db: Executor, trackingNumber: string): Promise<ShipmentMatch[]> {
  return db
    .select({ id: s.id, userId: s.userId, paid: s.paid, address: sql<string | null>`${originLine}` })
    .from(s)
    .where(
      and(
        isNull(s.deletedAt),
        or(eq(s.numberGuide, trackingNumber), sql`${s.id}::text = ${trackingNumber.toLowerCase()}`, sql`${s.numberOfOrder}::text = ${trackingNumber}`),
      ),
    )
    .orderBy(desc(s.paid), desc(s.createdAt))
    .limit(10);
}

/** Inserts the pickup; undefined when its shipment already has one. */
export async function insertPickup(db: Executor, row: NewPickup, now: Date): Promise<PickupRecord | undefined> {
  const [created] = await db
    .insert(pickups)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return created;
}

export async function findPickup(db: Executor, id: string): Promise<PickupRecord | undefined> {
  const [row] = await db.select().from(pickups).where(eq(pickups.id, id));
  return row;
}

export async function findPickupByShipment(db: Executor, shipmentId: string): Promise<PickupRecord | undefined> {
  const [row] = await db.select().from(pickups).where(eq(pickups.shipmentId, shipmentId));
  return row;
}

export interface PickupFilter {
  /** Only this user's pickups; undefined: everyone's (admin). */
  userId?: string;
  search?: string;
  status?: PickupStatus;
}

function whereOf(filter: PickupFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(pickups.userId, filter.userId));
  if (filter.status) conditions.push(eq(pickups.status, filter.status));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(pickups.name, pattern), ilike(pickups.email, pattern), ilike(pickups.service, pattern))!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of pickups, newest first, and how many match in all. */
export async function listPickups(
  db: Executor,
  filter: PickupFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PickupRecord[]; count: number }> {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db.select().from(pickups).where(where).orderBy(desc(pickups.createdAt), desc(pickups.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(pickups).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function updateStatus(db: Executor, id: string, status: PickupStatus, now: Date): Promise<PickupRecord | undefined> {
  const [row] = await db.update(pickups).set({ status, updatedAt: now }).where(eq(pickups.id, id)).returning();
  return row;
}

export async function updateTrackingNumber(db: Executor, shipmentId: string, trackingNumber: string, now: Date): Promise<number> {
  const rows = await db.update(pickups).set({ trackingNumber, updatedAt: now }).where(eq(pickups.shipmentId, shipmentId)).returning({ id: pickups.id });
  return rows.length;
}
