import { fromCentavos } from '@envios/contracts/money';
import type { OxxoSlip } from '@envios/contracts/payments';
import type { Shipment } from '@envios/contracts/shipments';
import type { Caller } from '../../plugins/auth.js';
import { commonErrors } from '../../shared/errors.js';
import { loadOnce } from '../../shared/load-once.js';
import { shipmentsByIds, slipShipments } from '../shipments/shipments.usecases.js';
import type { PaymentsCoreDeps } from './payments.core.js';
import { paymentErrors } from './payments.errors.js';
import * as repo from './payments.repository.js';

/**
 * The OXXO payment slip (/shipping/cash_barcode): per reference its amount, expiry,
 * a Code 128 barcode of the reference (SVG) and the shipments it pays.
 */

const barcodes = loadOnce(async () => (await import('bwip-js/node')).default);

/** A Code 128 barcode of `text` as an SVG document (no human-readable line: the slip prints the reference). */
export async function code128Svg(text: string): Promise<string> {
  return (await barcodes()).toSVG({ bcid: 'code128', text, scale: 2, height: 14, paddingwidth: 10, paddingheight: 4, includetext: false });
}

/** Own references only; an admin may open anyone's. Unknown reference → 404, someone else's → 403. */
export async function oxxoSlips({ db }: Pick<PaymentsCoreDeps, 'db'>, caller: Caller, references: readonly string[]): Promise<OxxoSlip> {
  const unique = [...new Set(references)];
  const rows = await repo.findOxxoByReferences(db, unique);
  const byReference = new Map(rows.map((r) => [r.oxxoReference!, r]));
  for (const reference of unique) {
    const row = byReference.get(reference);
    if (!row) throw paymentErrors.referenceNotFound(reference);
    if (row.userId !== caller.id && caller.rol !== 'admin') throw commonErrors.forbidden();
  }
  const shares = await repo.sharesOfPayments(
    db,
    rows.map((r) => r.id),
  );
  const slips = await Promise.all(
    unique.map(async (reference) => {
      const row = byReference.get(reference)!;
      const own = shares.filter((s) => s.paymentId === row.id);
      const mine = own.filter((s) => s.kind === 'shipment').map((s) => ({ id: s.shipmentId, priceCentavos: s.amountCentavos }));
      // Earlier overweight the purchase pays too: one line on the slip, so the amount adds up.
      const overweightCentavos = own.filter((s) => s.kind === 'overweight' && row.purpose === 'shipments').reduce((sum, s) => sum + s.amountCentavos, 0);
      const shipments = (await slipShipments(db, mine)).sort((a, b) => a.numberOfOrder - b.numberOfOrder);
      return {
        reference,
        barcode_svg: await code128Svg(reference),
        amount: fromCentavos(row.amountCentavos),
        currency: 'MXN' as const,
        expires_at: (row.expiresAt ?? row.createdAt).toISOString(),
        status: row.status,
        purpose: row.purpose,
        sandbox: row.sandbox,
        shipments,
        overweight: fromCentavos(overweightCentavos),
      };
    }),
  );
  return { slips };
}

/**
 * `GET /shipments/references/{reference}`: the shipments an OXXO reference pays (a top-up's
 * reference pays none). Own references only; an admin may read anyone's. Unknown reference → 404,
 * someone else's → 404 too, so a guessed reference tells nothing.
 */
export async function shipmentsByReference({ db }: Pick<PaymentsCoreDeps, 'db'>, caller: Caller, reference: string): Promise<Shipment[]> {
  const row = await repo.findOxxoOwnerByReference(db, reference);
  if (!row || (row.userId !== caller.id && caller.rol !== 'admin')) throw paymentErrors.referenceNotFound(reference, 'reference');
  const shares = await repo.sharesOf(db, row.id);
  return shipmentsByIds(
    db,
    shares.map((s) => s.shipmentId),
  );
}
