import { fromCentavos } from '@envios/contracts/money';
import { OPEN_PAYMENTS_MAX, type OpenPayments, type PaymentMethod } from '@envios/contracts/payments';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import { commonErrors } from '../../shared/errors.js';
import { readShipmentsForPayment } from '../shipments/shipments.usecases.js';
import { CashProviderError } from './adapters/conekta-types.js';
import { closePayment } from './payments.core.js';
import { paymentErrors } from './payments.errors.js';
import { oxxoErrors } from './payments.errors.js';
import * as repo from './payments.repository.js';
import type { PaymentsDeps } from './payments.deps.js';

/** Names of the methods as the seller knows them. */
export const METHOD_LABELS: Record<PaymentMethod, string> = { paypal: 'PayPal', 'paypal-plus': 'tarjeta', oxxo: 'OXXO', monedero: 'Monedero' };

/**
 * `GET /payments/open[?shipments=]`: the open payments a buyer could still complete, so no screen
 * hides them: the caller's own, or those covering the shipments named (their owner or an admin).
 */
export async function listOpenPayments(deps: PaymentsDeps, caller: Caller, query: { shipments?: string[] | undefined }): Promise<OpenPayments> {
  let rows: repo.PaymentRow[];
  if (query.shipments) {
    const ids = query.shipments;
    const found = new Map((await readShipmentsForPayment(deps.db, ids)).map((s) => [s.id, s]));
    ids.forEach((id, i) => {
      const s = found.get(id);
      if (!s || s.deleted) throw paymentErrors.shipmentNotFound(ids.length > 1 ? `shipments.${i}` : 'shipments');
      if (s.userId !== caller.id && caller.rol !== 'admin') throw commonErrors.forbidden();
    });
    rows = await repo.openShipmentPayments(deps.db, { shipmentIds: ids }, OPEN_PAYMENTS_MAX);
  } else {
    rows = await repo.openShipmentPayments(deps.db, { userId: caller.id }, OPEN_PAYMENTS_MAX);
  }
  const covered = await repo.shipmentsPaidBy(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    docs: rows.map((row) => {
      const approve = row.providerData?.approveUrl;
      return {
        payment_id: row.id,
        numberOfOrder: row.numberOfOrder,
        method: row.method,
        method_label: METHOD_LABELS[row.method],
        amount: fromCentavos(row.amountCentavos),
        reference: row.oxxoReference,
        order_id: row.method === 'oxxo' ? null : row.providerOrderId,
        expires_at: row.expiresAt?.toISOString() ?? null,
        slip_url: row.oxxoReference ? `/shipping/cash_barcode?references=${encodeURIComponent(row.oxxoReference)}` : null,
        approve_url: row.method !== 'oxxo' && typeof approve === 'string' ? approve : null,
        sandbox: row.sandbox,
        created_at: row.createdAt.toISOString(),
        shipments: covered.filter((c) => c.paymentId === row.id).map((c) => ({ _id: c.shipmentId, numberOfOrder: c.numberOfOrder })),
      };
    }),
  };
}

/** The newest attempt still open for a shipment (the edit screens refuse price changes while there is one). */
export async function findOpenAttempt(
  ex: Executor,
  shipmentId: string,
): Promise<{ numberOfOrder: number; method: PaymentMethod; methodLabel: string } | undefined> {
  const [row] = await repo.openAttemptsFor(ex, shipmentId);
  return row ? { numberOfOrder: row.numberOfOrder, method: row.method, methodLabel: METHOD_LABELS[row.method] } : undefined;
}

/**
 * `POST /payments/shipments/{id}/cancel`: the seller gives up the attempts still open for one of
 * their shipments, to change it. An OXXO reference is cancelled at Conekta first, so the store
 * refuses it; PayPal orders are only ever captured by us, so closing the attempt is enough. The
 * guides the attempts held go back to the stock. If money still arrives for a cancelled attempt,
 * the confirmation pays the shipment only if it is unchanged, and otherwise credits the wallet.
 */
export async function cancelOpenAttempts(deps: PaymentsDeps, caller: Caller, shipmentId: string): Promise<{ cancelled: number }> {
  const [shipment] = await readShipmentsForPayment(deps.db, [shipmentId]);
  if (!shipment || shipment.deleted) throw paymentErrors.shipmentNotFound();
  if (shipment.userId !== caller.id && caller.rol !== 'admin') throw commonErrors.forbidden();
  const attempts = await repo.openAttemptsFor(deps.db, shipmentId);
  let cancelled = 0;
  for (const attempt of attempts) {
    if (attempt.method === 'oxxo' && attempt.providerOrderId) {
      try {
        await deps.cash.cancelOrder(attempt.providerOrderId);
      } catch (error) {
        if (!(error instanceof CashProviderError)) throw error;
        if (error.retryable) throw oxxoErrors.provider(error);
        // Conekta refuses because the reference was already paid: the payment is on its way.
        if (error.status !== 404) throw paymentErrors.alreadyReceived();
      }
    }
    const result = await closePayment(deps, attempt.id, 'cancelled', {
      code: 'payments.cancelled',
      message: 'El vendedor canceló el pago para cambiar el envío.',
    });
    if (result.changed) cancelled += 1;
  }
  return { cancelled };
}
