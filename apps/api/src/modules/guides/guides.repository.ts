import { and, asc, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { GuideSource, LabelFormat } from '@envios/contracts/guides';
import type { Executor } from '../../db/client.js';
import { carriers, carrierServices } from '../carriers/carriers.table.js';
import { shipments } from '../shipments/shipments.table.js';
import { guideInventory, guideLabels, labelPreferences } from './guides.table.js';

/*
 * Shipments and the carrier catalogue are read here through their owners' table objects,
 * read-only (joins the use cases of those modules cannot answer): a renamed column breaks the
 * build, not a running query. Writes to a shipment go through the shipments use cases.
 */

export type InventoryRow = typeof guideInventory.$inferSelect;
export type GuideLabelRow = typeof guideLabels.$inferSelect;

/** What reserving needs to know of each shipment: its service and where that service takes guides. */
export interface ShipmentGuideSource {
  shipmentId: string;
  serviceId: string;
  carrierCode: CarrierCode;
  serviceName: string;
  guideSource: GuideSource;
  paid: boolean;
}

export async function findShipmentSources(ex: Executor, shipmentIds: string[]): Promise<ShipmentGuideSource[]> {
  if (shipmentIds.length === 0) return [];
  return ex
    .select({
      shipmentId: shipments.id,
      serviceId: shipments.serviceId,
      carrierCode: shipments.carrierCode,
      serviceName: shipments.serviceName,
      guideSource: carrierServices.guideSource,
      paid: shipments.paid,
    })
    .from(shipments)
    .innerJoin(carrierServices, eq(carrierServices.id, shipments.serviceId))
    .where(inArray(shipments.id, shipmentIds));
}

/** The inventory rows already held by these shipments (reserved or used), locked. */
export async function lockHeldRows(ex: Executor, shipmentIds: string[]): Promise<InventoryRow[]> {
  if (shipmentIds.length === 0) return [];
  return ex.select().from(guideInventory).where(inArray(guideInventory.shipmentId, shipmentIds)).for('update');
}

/** The row a shipment holds (reserved at payment, or already used), locked for the guide job. */
export async function lockHeldRow(ex: Executor, shipmentId: string): Promise<InventoryRow | undefined> {
  const [row] = await ex.select().from(guideInventory).where(eq(guideInventory.shipmentId, shipmentId)).limit(1).for('update');
  return row;
}

/** Moves rows this shipment already holds under another attempt to `paymentId` (still reserved). */
export async function moveReservation(ex: Executor, rowId: string, paymentId: string, now: Date): Promise<void> {
  await ex
    .update(guideInventory)
    .set({ paymentId, reservedAt: now })
    .where(and(eq(guideInventory.id, rowId), eq(guideInventory.status, 'reserved')));
}

/**
 * Takes up to `count` available rows of a service (FOR UPDATE SKIP LOCKED, so concurrent attempts
 * never wait on nor take the same row), uploaded numbers before demo ones, oldest first.
 */
export async function lockAvailableRows(ex: Executor, serviceId: string, count: number): Promise<{ id: string }[]> {
  return ex
    .select({ id: guideInventory.id })
    .from(guideInventory)
    .where(and(eq(guideInventory.serviceId, serviceId), eq(guideInventory.status, 'available')))
    .orderBy(asc(guideInventory.demo), asc(guideInventory.createdAt), asc(guideInventory.guideNumber))
    .limit(count)
    .for('update', { skipLocked: true });
}

export async function markReserved(ex: Executor, rowId: string, fields: { paymentId: string | null; shipmentId: string; now: Date }): Promise<void> {
  await ex
    .update(guideInventory)
    .set({ status: 'reserved', paymentId: fields.paymentId, shipmentId: fields.shipmentId, reservedAt: fields.now })
    .where(eq(guideInventory.id, rowId));
}

export async function markUsed(ex: Executor, rowId: string, shipmentId: string, now: Date): Promise<InventoryRow> {
  const [row] = await ex
    .update(guideInventory)
    .set({ status: 'used', shipmentId, usedAt: now, reservedAt: sql`coalesce(${guideInventory.reservedAt}, ${now})` })
    .where(eq(guideInventory.id, rowId))
    .returning();
  return row!;
}

/** One reserved row back to the stock. */
export async function releaseRow(ex: Executor, rowId: string): Promise<void> {
  await ex
    .update(guideInventory)
    .set({ status: 'available', paymentId: null, shipmentId: null, reservedAt: null })
    .where(and(eq(guideInventory.id, rowId), eq(guideInventory.status, 'reserved')));
}

export async function countReservedFor(ex: Executor, paymentIds: string[]): Promise<number> {
  if (paymentIds.length === 0) return 0;
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(guideInventory)
    .where(and(inArray(guideInventory.paymentId, paymentIds), eq(guideInventory.status, 'reserved')));
  return Number(row?.n ?? 0);
}

/** Reserved rows of an attempt whose shipment is still unpaid go back to the stock. */
export async function releaseForPayment(ex: Executor, paymentId: string): Promise<number> {
  const rows = await ex
    .update(guideInventory)
    .set({ status: 'available', paymentId: null, shipmentId: null, reservedAt: null })
    .where(
      and(
        eq(guideInventory.paymentId, paymentId),
        eq(guideInventory.status, 'reserved'),
        notExists(
          ex
            .select({ one: sql`1` })
            .from(shipments)
            .where(and(eq(shipments.id, guideInventory.shipmentId), eq(shipments.paid, true))),
        ),
      ),
    )
    .returning({ id: guideInventory.id });
  return rows.length;
}

/** Available rows of every service sold from the inventory (0 for one with none left). */
export async function availableOfInventoryServices(ex: Executor): Promise<Map<string, number>> {
  const gi = guideInventory;
  const rows = await ex
    .select({ serviceId: carrierServices.id, n: sql<number>`count(${gi.id})::int` })
    .from(carrierServices)
    .leftJoin(gi, and(eq(gi.serviceId, carrierServices.id), eq(gi.status, 'available')))
    .where(eq(carrierServices.guideSource, 'inventory'))
    .groupBy(carrierServices.id);
  return new Map(rows.map((r) => [r.serviceId, Number(r.n)]));
}

/** Available rows per service, for the given services. */
export async function countAvailable(ex: Executor, serviceIds: string[]): Promise<Map<string, number>> {
  if (serviceIds.length === 0) return new Map();
  const rows = await ex
    .select({ serviceId: guideInventory.serviceId, n: sql<number>`count(*)::int` })
    .from(guideInventory)
    .where(and(inArray(guideInventory.serviceId, serviceIds), eq(guideInventory.status, 'available')))
    .groupBy(guideInventory.serviceId);
  return new Map(rows.map((r) => [r.serviceId, Number(r.n)]));
}

export async function shipmentsHoldingRows(ex: Executor, shipmentIds: string[]): Promise<Set<string>> {
  if (shipmentIds.length === 0) return new Set();
  const rows = await ex
    .select({ shipmentId: guideInventory.shipmentId })
    .from(guideInventory)
    .where(and(inArray(guideInventory.shipmentId, shipmentIds), isNotNull(guideInventory.shipmentId)));
  return new Set(rows.map((r) => r.shipmentId!));
}

export interface StockRow {
  serviceId: string;
  carrierCode: CarrierCode;
  carrier: string;
  serviceName: string;
  guideSource: GuideSource;
  available: number;
  reserved: number;
  used: number;
  demo: number;
}

/** Stock per service (every service, inventory-sourced first), or one service. */
export async function stock(ex: Executor, serviceId?: string): Promise<StockRow[]> {
  const gi = guideInventory;
  const rows = await ex
    .select({
      serviceId: carrierServices.id,
      carrierCode: carrierServices.carrierCode,
      carrier: carriers.name,
      serviceName: carrierServices.name,
      guideSource: carrierServices.guideSource,
      available: sql<number>`count(${gi.id}) filter (where ${gi.status} = 'available')::int`,
      reserved: sql<number>`count(${gi.id}) filter (where ${gi.status} = 'reserved')::int`,
      used: sql<number>`count(${gi.id}) filter (where ${gi.status} = 'used')::int`,
      demo: sql<number>`count(${gi.id}) filter (where ${gi.demo} and ${gi.status} = 'available')::int`,
    })
    .from(carrierServices)
    .innerJoin(carriers, eq(carriers.code, carrierServices.carrierCode))
    .leftJoin(gi, eq(gi.serviceId, carrierServices.id))
    .where(serviceId ? eq(carrierServices.id, serviceId) : undefined)
    .groupBy(carrierServices.id, carriers.name, carriers.sortOrder)
    .orderBy(
      sql`case when ${carrierServices.guideSource} = 'inventory' then 0 else 1 end`,
      asc(carriers.sortOrder),
      asc(carrierServices.sortOrder),
      asc(carrierServices.name),
    );
  return rows.map((r) => ({ ...r, available: Number(r.available), reserved: Number(r.reserved), used: Number(r.used), demo: Number(r.demo) }));
}

export async function findService(ex: Executor, serviceId: string): Promise<{ id: string; guideSource: GuideSource } | undefined> {
  const [row] = await ex
    .select({ id: carrierServices.id, guideSource: carrierServices.guideSource })
    .from(carrierServices)
    .where(eq(carrierServices.id, serviceId))
    .limit(1);
  return row;
}

/** Inserts numbers of one service; answers how many were new (the rest were already there). */
export async function insertNumbers(
  ex: Executor,
  rows: { serviceId: string; guideNumber: string; demo: boolean; uploadedBy: string | null; createdAt: Date }[],
): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await ex
      .insert(guideInventory)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing({ target: [guideInventory.serviceId, guideInventory.guideNumber] })
      .returning({ id: guideInventory.id });
    added += inserted.length;
  }
  return added;
}

/** Inventory-sourced services that have never held any number (the demo seed's targets). */
export async function servicesNeverStocked(ex: Executor): Promise<{ id: string; carrierCode: CarrierCode }[]> {
  return ex
    .select({ id: carrierServices.id, carrierCode: carrierServices.carrierCode })
    .from(carrierServices)
    .where(
      and(
        eq(carrierServices.guideSource, 'inventory'),
        notExists(
          ex
            .select({ one: sql`1` })
            .from(guideInventory)
            .where(eq(guideInventory.serviceId, carrierServices.id)),
        ),
      ),
    )
    .orderBy(asc(carrierServices.carrierCode), asc(carrierServices.name));
}

export async function insertGuideLabel(ex: Executor, row: typeof guideLabels.$inferInsert): Promise<void> {
  await ex.insert(guideLabels).values(row).onConflictDoNothing({ target: guideLabels.shipmentId });
}

export async function findGuideLabel(ex: Executor, shipmentId: string): Promise<GuideLabelRow | undefined> {
  const [row] = await ex.select().from(guideLabels).where(eq(guideLabels.shipmentId, shipmentId)).limit(1);
  return row;
}

/** The issue records of several shipments, without the carrier's PDF bytes (only whether there is one). */
export async function findGuideLabelSummaries(
  ex: Executor,
  shipmentIds: readonly string[],
): Promise<{ shipmentId: string; guideNumber: string; sandbox: boolean; issuedAt: Date; carrierPdf: boolean }[]> {
  if (shipmentIds.length === 0) return [];
  return ex
    .select({
      shipmentId: guideLabels.shipmentId,
      guideNumber: guideLabels.guideNumber,
      sandbox: guideLabels.sandbox,
      issuedAt: guideLabels.issuedAt,
      carrierPdf: sql<boolean>`${guideLabels.pdf} is not null`,
    })
    .from(guideLabels)
    .where(inArray(guideLabels.shipmentId, [...shipmentIds]));
}

export async function findLabelFormat(ex: Executor, userId: string): Promise<LabelFormat | undefined> {
  const [row] = await ex.select({ format: labelPreferences.format }).from(labelPreferences).where(eq(labelPreferences.userId, userId));
  return row?.format;
}

export async function saveLabelFormat(ex: Executor, userId: string, format: LabelFormat, now: Date): Promise<void> {
  await ex
    .insert(labelPreferences)
    .values({ userId, format, updatedAt: now })
    .onConflictDoUpdate({ target: labelPreferences.userId, set: { format, updatedAt: now } });
}
