import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipments } from './shipments.table.js';

/**
 * Writes the guide's headline to the lists' column once the carrier reported an event (null
 * before: the lists then read 'Guía creada'); unchanged text writes nothing. The tracking module
 * calls it (through the shipments use cases) in the transaction that records the new state.
 */
export async function setShipmentTrackingStatus(ex: Executor, shipmentId: string, status: string | null, now: Date): Promise<void> {
  await ex
    .update(shipments)
    .set({ trackingStatus: status, updatedAt: now })
    .where(and(eq(shipments.id, shipmentId), sql`${shipments.trackingStatus} is distinct from ${status}`));
}
