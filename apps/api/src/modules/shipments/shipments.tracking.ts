import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { Executor } from '../../db/client.js';
import { shipments } from './shipments.table.js';

/**
 * The shipment fields the tracking module needs (issue 7): the headline it writes to
 * `tracking_status` for the lists, the guides issued before tracking existed (backfill), and
 * the owner to notify. Tracking and guide tables are read by name (`tracking_states`,
 * `guide_labels`), never imported.
 */

/** Both drivers answer raw SQL as `{ rows }`; the shared Database type leaves that shape unknown. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows?: Row[] }).rows ?? [];
}

/**
 * Writes the guide's headline to the lists' column once the carrier reported an event (null
 * before: the lists then read 'Guía creada'); unchanged text writes nothing.
 */
export async function setShipmentTrackingStatus(ex: Executor, shipmentId: string, status: string | null, now: Date): Promise<void> {
  await ex
    .update(shipments)
    .set({ trackingStatus: status, updatedAt: now })
    .where(and(eq(shipments.id, shipmentId), sql`${shipments.trackingStatus} is distinct from ${status}`));
}

/** What starting to track a guide needs to know of its shipment. */
export interface ShipmentToTrack {
  shipmentId: string;
  guideNumber: string;
  carrierCode: CarrierCode;
  serviceName: string;
  /** From the guide record when there is one (a sandbox or demo guide). */
  sandbox: boolean | null;
  issuedAt: Date;
  originCity: string;
  destinationCity: string;
  pieces: number;
}

/** Shipments with a guide number and no tracking row yet (guides issued before tracking existed), oldest first. */
export async function findShipmentsWithoutTracking(ex: Executor, limit: number): Promise<ShipmentToTrack[]> {
  const result = await ex.execute(sql`
    select s.id as "shipmentId", s.number_guide as "guideNumber", s.carrier_code as "carrierCode", s.service_name as "serviceName",
      gl.sandbox, coalesce(gl.issued_at, s.paid_at, s.updated_at) as "issuedAt",
      s.origin->>'city' as "originCity", s.destination->>'city' as "destinationCity", jsonb_array_length(s.parcels) as pieces
    from shipments s left join guide_labels gl on gl.shipment_id = s.id
    where s.number_guide is not null and not exists (select 1 from tracking_states t where t.shipment_id = s.id)
    order by s.created_at
    limit ${limit}`);
  return rowsOf<ShipmentToTrack & { issuedAt: Date | string }>(result).map((r) => ({ ...r, issuedAt: new Date(r.issuedAt), pieces: Number(r.pieces) }));
}

/** The shipment that carries this guide number, when tracking has no row for it yet. */
export async function findShipmentToTrackByGuide(ex: Executor, guideNumber: string): Promise<ShipmentToTrack | undefined> {
  const [row] = await ex
    .select({
      shipmentId: shipments.id,
      guideNumber: shipments.numberGuide,
      carrierCode: shipments.carrierCode,
      serviceName: shipments.serviceName,
      sandbox: sql<boolean | null>`(select gl.sandbox from guide_labels gl where gl.shipment_id = ${shipments.id})`,
      issuedAt: sql<string>`coalesce((select gl.issued_at from guide_labels gl where gl.shipment_id = ${shipments.id}), ${shipments.paidAt}, ${shipments.updatedAt})`,
      originCity: sql<string>`${shipments.origin}->>'city'`,
      destinationCity: sql<string>`${shipments.destination}->>'city'`,
      pieces: sql<number>`jsonb_array_length(${shipments.parcels})`,
    })
    .from(shipments)
    .where(and(eq(shipments.numberGuide, guideNumber), isNotNull(shipments.numberGuide)))
    .limit(1);
  if (!row?.guideNumber) return undefined;
  return { ...row, guideNumber: row.guideNumber, issuedAt: new Date(row.issuedAt), pieces: Number(row.pieces) };
}

/** Who hears about a new tracking state: the shipment's customer e-mail and the account's phone. */
export interface TrackingRecipient {
  userId: string;
  numberOfOrder: number;
  firstName: string;
  email: string;
  phone: string | null;
  destinationCity: string;
}

export async function findTrackingRecipient(ex: Executor, shipmentId: string): Promise<TrackingRecipient | undefined> {
  const [row] = await ex
    .select({
      userId: shipments.userId,
      numberOfOrder: shipments.numberOfOrder,
      firstName: shipments.customerFirstNames,
      email: shipments.customerEmail,
      phone: sql<string | null>`(select u.phone from users u where u.id = ${shipments.userId})`,
      destinationCity: sql<string>`${shipments.destination}->>'city'`,
    })
    .from(shipments)
    .where(eq(shipments.id, shipmentId))
    .limit(1);
  return row;
}
