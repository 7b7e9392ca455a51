import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { overweightOwedBy } from './shipments.repository.js';
import { shipments } from './shipments.table.js';

/**
 * The shipment side of payments: the rows a payment locks while it opens or confirms,
 * and the only writes that mark a shipment or its overweight paid. Rows are always locked in id
 * order, so two payments over overlapping shipments wait on each other instead of deadlocking.
 */
export interface PayableShipment {
  id: string;
  userId: string;
  numberOfOrder: number;
  serviceId: string;
  serviceName: string;
  totalCentavos: number;
  paid: boolean;
  deleted: boolean;
  numberGuide: string | null;
  guideUrl: string | null;
  overweightCentavos: number | null;
  overweightPaid: boolean;
}

const payableColumns = {
  id: shipments.id,
  userId: shipments.userId,
  numberOfOrder: shipments.numberOfOrder,
  serviceId: shipments.serviceId,
  serviceName: shipments.serviceName,
  totalCentavos: shipments.totalCentavos,
  paid: shipments.paid,
  deletedAt: shipments.deletedAt,
  numberGuide: shipments.numberGuide,
  guideUrl: shipments.guideUrl,
  overweightCentavos: shipments.overweightCentavos,
  overweightPaid: shipments.overweightPaid,
};

type Selected = Omit<PayableShipment, 'deleted'> & { deletedAt: Date | null };

function toPayable(row: Selected): PayableShipment {
  const { deletedAt, ...rest } = row;
  return { ...rest, deleted: deletedAt !== null };
}

/** The shipments (deleted ones too), locked FOR UPDATE until the transaction ends, in id order. */
export async function lockShipmentsForPayment(tx: Executor, ids: readonly string[]): Promise<PayableShipment[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select(payableColumns)
    .from(shipments)
    .where(inArray(shipments.id, [...ids]))
    .orderBy(asc(shipments.id))
    .for('update');
  return rows.map(toPayable);
}

/** The same read without locks (reports). */
export async function readShipmentsForPayment(ex: Executor, ids: readonly string[]): Promise<PayableShipment[]> {
  if (ids.length === 0) return [];
  const rows = await ex
    .select(payableColumns)
    .from(shipments)
    .where(inArray(shipments.id, [...ids]));
  return rows.map(toPayable);
}

/** One earlier shipment's overweight still owed, which the owner's next purchase pays. */
export interface OwedOverweight {
  id: string;
  userId: string;
  numberOfOrder: number;
  overweightCentavos: number;
}

/** The overweight the customers owe on their earlier shipments, by folio. */
export async function readOwedOverweight(ex: Executor, userIds: readonly string[]): Promise<OwedOverweight[]> {
  if (userIds.length === 0) return [];
  const rows = await ex
    .select({ id: shipments.id, userId: shipments.userId, numberOfOrder: shipments.numberOfOrder, overweightCentavos: shipments.overweightCentavos })
    .from(shipments)
    .where(overweightOwedBy(userIds))
    .orderBy(asc(shipments.numberOfOrder));
  return rows.map((r) => ({ ...r, overweightCentavos: r.overweightCentavos ?? 0 }));
}

/** Marks unpaid, live shipments paid; answers the ids that changed. */
export async function markShipmentsPaid(tx: Executor, ids: readonly string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(shipments)
    .set({ paid: true, paidAt: now, updatedAt: now })
    .where(and(inArray(shipments.id, [...ids]), eq(shipments.paid, false), isNull(shipments.deletedAt)))
    .returning({ id: shipments.id });
  return rows.map((r) => r.id);
}

/** Marks a shipment's overweight paid; false when it was already paid (or has none). */
export async function markOverweightPaid(tx: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(shipments)
    .set({ overweightPaid: true, updatedAt: now })
    .where(and(eq(shipments.id, id), eq(shipments.overweightPaid, false)))
    .returning({ id: shipments.id });
  return rows.length > 0;
}

/**
 * The OXXO reference that pays these shipments (the general report's «Referencia», and its search):
 * written when the reference is created and when its money pays them.
 */
export async function setShipmentsReference(tx: Executor, ids: readonly string[], reference: string): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(shipments)
    .set({ reference })
    .where(and(inArray(shipments.id, [...ids]), or(isNull(shipments.reference), ne(shipments.reference, reference))));
}

/** A reference cancelled or expired no longer names the shipments it was for. */
export async function clearShipmentsReference(tx: Executor, reference: string): Promise<void> {
  await tx.update(shipments).set({ reference: null }).where(eq(shipments.reference, reference));
}
