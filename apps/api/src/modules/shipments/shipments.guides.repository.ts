import { and, asc, eq, getTableColumns, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { GuideSource } from '@envios/contracts/guides';
import type { Executor } from '../../db/client.js';
import { carrierServices } from '../carriers/carriers.table.js';
import { shipments } from './shipments.table.js';

export type { AddressColumn } from './shipments.table.js';

/**
 * A shipment's guide fields (`number_guide`, `guide_url`), for the guides module: the job that
 * issues the guide and the label route read and write the shipment through here (by way of the
 * shipments use cases).
 */
export type ShipmentForGuide = typeof shipments.$inferSelect & {
  guideSource: GuideSource;
  externalCode: string | null;
};

const columns = {
  ...getTableColumns(shipments),
  // The service's catalogue row, read through the carriers' table object (read-only).
  guideSource: sql<GuideSource>`(select ${carrierServices.guideSource} from ${carrierServices} where ${carrierServices.id} = ${shipments.serviceId})`,
  externalCode: sql<string | null>`(select ${carrierServices.externalCode} from ${carrierServices} where ${carrierServices.id} = ${shipments.serviceId})`,
};

/** The shipment with its service's guide source; `lock` takes the shipment row FOR UPDATE (the job). */
export async function findShipmentForGuide(ex: Executor, id: string, opts: { lock?: boolean } = {}): Promise<ShipmentForGuide | undefined> {
  const query = ex.select(columns).from(shipments).where(eq(shipments.id, id)).limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/** Sets the guide once: answers false when the shipment already had a number (nothing changes). */
export async function setShipmentGuide(ex: Executor, id: string, guide: { numberGuide: string; guideUrl: string; now: Date }): Promise<boolean> {
  const rows = await ex
    .update(shipments)
    .set({ numberGuide: guide.numberGuide, guideUrl: guide.guideUrl, updatedAt: guide.now })
    .where(and(eq(shipments.id, id), isNull(shipments.numberGuide)))
    .returning({ id: shipments.id });
  return rows.length === 1;
}

/** Several shipments with their services' guide source (batch labels), in no particular order. */
export async function findShipmentsForGuides(ex: Executor, ids: readonly string[]): Promise<ShipmentForGuide[]> {
  if (ids.length === 0) return [];
  return ex
    .select(columns)
    .from(shipments)
    .where(inArray(shipments.id, [...ids]));
}

/** The owner's live shipments with a guide paid since `since` («todas las de hoy»), by folio. */
export async function labelShipmentIdsPaidSince(ex: Executor, userId: string, since: Date): Promise<string[]> {
  const rows = await ex
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(eq(shipments.userId, userId), eq(shipments.paid, true), isNotNull(shipments.numberGuide), gte(shipments.paidAt, since), isNull(shipments.deletedAt)),
    )
    .orderBy(asc(shipments.numberOfOrder));
  return rows.map((r) => r.id);
}

/** «Impresa»: the first download of a guide's label is remembered; later ones change nothing. */
export async function markLabelsPrinted(ex: Executor, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await ex
    .update(shipments)
    .set({ labelPrintedAt: now })
    .where(and(inArray(shipments.id, [...ids]), isNull(shipments.labelPrintedAt)));
}
