import type { CreditReason, PaymentShareKind } from '@envios/contracts/payments';
import type { Executor } from '../../db/client.js';
import { lockShipmentsForPayment, markOverweightPaid, markShipmentsPaid, type PayableShipment } from './shipments.payments.repository.js';

/*
 * The paid transition and its rule, owned by shipments: money arrived for some shares (a
 * payment's part for one shipment, or for the overweight of an earlier one); which shipments does
 * it pay? Payments hands over the shares and receives what was paid and what could not be, and
 * why, so it can credit that money to the payer.
 */

export interface ShareToSettle {
  shipmentId: string;
  amountCentavos: number;
  /** The service the shipment had when the attempt opened (null for an overweight share). */
  serviceId: string | null;
  kind: PaymentShareKind;
}

export interface RefusedShare {
  shipmentId: string;
  /** The shipment's folio, to name it to the payer (null when it no longer exists). */
  folio: number | null;
  amountCentavos: number;
  reason: CreditReason;
}

export interface SettledShares {
  /** The shipments marked paid by this call (id order). */
  paid: string[];
  /** The overweight shares paid, with their amounts. */
  overweightPaid: { shipmentId: string; amountCentavos: number }[];
  refused: RefusedShare[];
}

/**
 * Pays what the shares can pay, in the caller's transaction, every shipment locked in id order.
 * A shipment is paid only as it was offered: live, unpaid, with the total and the service the
 * attempt opened with. `retakeGuides` is given when the attempt had closed and given its guides
 * back: it must take them again (false: none left, and those shipments are refused `no_guides`).
 * An overweight share pays when its amount is still the one owed and nobody paid it meanwhile,
 * whatever became of the shipments.
 */
export async function settlePaidShares(
  tx: Executor,
  input: { shares: readonly ShareToSettle[]; now: Date; retakeGuides?: ((shipmentIds: string[]) => Promise<boolean>) | undefined },
): Promise<SettledShares> {
  const rows = new Map(
    (
      await lockShipmentsForPayment(
        tx,
        input.shares.map((s) => s.shipmentId),
      )
    ).map((r) => [r.id, r]),
  );
  const refused: RefusedShare[] = [];
  const refuse = (share: ShareToSettle, row: PayableShipment | undefined, reason: CreditReason) => {
    refused.push({ shipmentId: share.shipmentId, folio: row?.numberOfOrder ?? null, amountCentavos: share.amountCentavos, reason });
    return false;
  };
  let toPay = input.shares.filter((share) => {
    if (share.kind !== 'shipment') return false;
    const row = rows.get(share.shipmentId);
    if (!row || row.deleted) return refuse(share, row, 'deleted');
    if (row.paid) return refuse(share, row, 'already_paid');
    // Paid only as offered: the total and the service the attempt opened with must still hold.
    if (row.totalCentavos !== share.amountCentavos) return refuse(share, row, 'price_changed');
    if (share.serviceId !== null && row.serviceId !== share.serviceId) return refuse(share, row, 'service_changed');
    return true;
  });
  if (input.retakeGuides && toPay.length > 0 && !(await input.retakeGuides(toPay.map((s) => s.shipmentId)))) {
    for (const share of toPay) refuse(share, rows.get(share.shipmentId), 'no_guides');
    toPay = [];
  }
  const paid = await markShipmentsPaid(
    tx,
    toPay.map((s) => s.shipmentId),
    input.now,
  );
  const overweightPaid: SettledShares['overweightPaid'] = [];
  for (const share of input.shares) {
    if (share.kind !== 'overweight') continue;
    const row = rows.get(share.shipmentId);
    if (row && !row.overweightPaid && row.overweightCentavos !== share.amountCentavos) refuse(share, row, 'overweight_changed');
    else if (await markOverweightPaid(tx, share.shipmentId, input.now))
      overweightPaid.push({ shipmentId: share.shipmentId, amountCentavos: share.amountCentavos });
    else refuse(share, row, 'overweight_already_paid');
  }
  return { paid, overweightPaid, refused };
}
