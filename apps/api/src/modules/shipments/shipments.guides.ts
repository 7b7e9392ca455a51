import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { GuideSource } from '@envios/contracts/guides';
import type { Executor } from '../../db/client.js';
import { shipments } from './shipments.table.js';

export type { AddressColumn } from './shipments.table.js';

/**
 * The SQL of a shipment's guide fields (`number_guide`, `guide_url`), for the guides module: the
 * job that issues the guide and the label route read the shipment through here.
 */
export type ShipmentForGuide = typeof shipments.$inferSelect & {
  guideSource: GuideSource;
  externalCode: string | null;
};

const columns = {
  ...getTableColumns(shipments),
  // The catalogue is read by a subquery (a module never imports another module's table).
  guideSource: sql<GuideSource>`(select cs.guide_source from carrier_services cs where cs.id = ${shipments.serviceId})`,
  externalCode: sql<string | null>`(select cs.external_code from carrier_services cs where cs.id = ${shipments.serviceId})`,
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
