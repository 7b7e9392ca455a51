import { formatMXN, fromCentavos } from '@envios/contracts/money';
import { paymentMethodShortNames, type CreditReason } from '@envios/contracts/payments';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../shared/errors.js';
import { reserveGuides } from '../guides/guides.usecases.js';
import { setShipmentsReference, settlePaidShares } from '../shipments/shipments.usecases.js';
import { creditIn, markTopUpPaidIn, walletCreditedEvent } from '../wallet/wallet.usecases.js';
import { paymentErrors } from './payments.errors.js';
import * as repo from './payments.repository.js';
import { walletProviderOf, type PaymentsCoreDeps } from './payments.core.js';

type PaymentRow = repo.PaymentRow;

/*
 * Confirming a payment exactly once: the payment row locked FOR UPDATE; only open → paid has
 * effects, all in one transaction. Payments deals with the money: shipments decide what the shares
 * pay (settlePaidShares: the paid transition and its rule), money that cannot pay what it was for
 * goes to the payer's wallet with a sentence that says why, and the confirmation is published as
 * `payment.confirmed` (and `payment.credited`): guides, pickups, overweight, mail, webhooks… are
 * its subscribers (app-modules.ts).
 */

interface Credit {
  shipment: string | null;
  /** The shipment's folio, to name it to the payer. */
  folio: number | null;
  amountCentavos: number;
  reason: CreditReason;
}

function isNoGuides(error: unknown): boolean {
  return error instanceof AppError && error.code === 'guides.none_available';
}

/** Why each share did not pay its shipment, in words the payer understands. */
function creditSentence(credit: Credit): string {
  const what = credit.folio !== null ? `el envío ${credit.folio}` : 'tu pago';
  const amount = formatMXN(credit.amountCentavos);
  switch (credit.reason) {
    case 'price_changed':
      return `${amount}: ${what} cambió de precio después de abrir el pago; no se pagó y puedes pagarlo con su precio actual.`;
    case 'service_changed':
      return `${amount}: ${what} cambió de servicio de paquetería después de abrir el pago; no se pagó y puedes pagarlo de nuevo.`;
    case 'already_paid':
      return `${amount}: ${what} ya estaba pagado.`;
    case 'deleted':
      return `${amount}: ${what} se eliminó antes de que llegara el pago.`;
    case 'no_guides':
      return `${amount}: ya no quedaban guías disponibles del servicio de ${what}; no se pagó.`;
    case 'topup_already_paid':
      return `${amount}: el abono ya estaba pagado.`;
    case 'overweight_already_paid':
      return `${amount}: el sobrepeso de ${what} ya estaba pagado.`;
    case 'overweight_changed':
      return `${amount}: el sobrepeso de ${what} cambió después de abrir el pago; no se pagó.`;
  }
}

/**
 * `confirmPayment` inside a transaction the caller holds (the wallet payment opens, charges and
 * confirms in one). Locks the payment row; a payment already paid changes nothing.
 */
export async function confirmPaymentIn(
  deps: PaymentsCoreDeps,
  tx: Executor,
  paymentId: string,
  evidence: { providerCaptureId?: string | null; providerData?: Record<string, unknown> },
): Promise<{ changed: boolean; payment: PaymentRow }> {
  const payment = await repo.lockPayment(tx, paymentId);
  if (!payment) throw paymentErrors.notFound();
  if (payment.status === 'paid') return { changed: false, payment };
  const wasClosed = !repo.OPEN_STATUSES.includes(payment.status);
  const now = deps.clock.now();
  const credits: Credit[] = [];
  let settled: { paid: string[]; overweightPaid: { shipmentId: string; amountCentavos: number }[] } = { paid: [], overweightPaid: [] };
  let walletEntryId: string | null = null;

  if (payment.purpose === 'topup') {
    const entry = payment.walletEntryId
      ? await markTopUpPaidIn(tx, payment.walletEntryId, {
          provider: walletProviderOf(payment.method),
          reference: evidence.providerCaptureId ?? payment.id,
          now,
        })
      : undefined;
    if (entry) {
      walletEntryId = entry.id;
      await deps.events.publish(tx, walletCreditedEvent(entry));
    } else credits.push({ shipment: null, folio: null, amountCentavos: payment.amountCentavos, reason: 'topup_already_paid' });
  } else {
    // Shipments, or earlier overweight: what each share pays is the shipments' rule.
    const shares = await repo.sharesOf(tx, payment.id);
    const result = await settlePaidShares(tx, {
      shares,
      now,
      // The attempt had closed and given its guides back: take them again, or credit the money.
      retakeGuides:
        wasClosed && payment.purpose === 'shipments'
          ? async (shipmentIds) => {
              try {
                await tx.transaction((sp) => reserveGuides(sp, { paymentId: payment.id, shipmentIds, now }));
                return true;
              } catch (error) {
                if (!isNoGuides(error)) throw error;
                return false;
              }
            }
          : undefined,
    });
    settled = result;
    credits.push(...result.refused.map((r) => ({ shipment: r.shipmentId, folio: r.folio, amountCentavos: r.amountCentavos, reason: r.reason })));
    // Paid by an OXXO reference (perhaps after it was cancelled): the report names it again.
    if (payment.oxxoReference) await setShipmentsReference(tx, result.paid, payment.oxxoReference);
  }

  const creditedCentavos = credits.reduce((sum, c) => sum + c.amountCentavos, 0);
  if (creditedCentavos > 0) {
    const sentences = credits.map(creditSentence);
    const entry = await creditIn(tx, {
      userId: payment.userId,
      amountCentavos: creditedCentavos,
      provider: walletProviderOf(payment.method),
      reference: evidence.providerCaptureId ?? payment.id,
      note: `Abono del pago ${payment.numberOfOrder} (${paymentMethodShortNames[payment.method]}): ${sentences.join(' ')}`,
      now,
    });
    await deps.events.publish(tx, walletCreditedEvent(entry));
  }
  const providerData: Record<string, unknown> = { ...evidence.providerData };
  if (credits.length > 0) {
    providerData.credited = credits.map((c) => ({ shipment: c.shipment, amount: fromCentavos(c.amountCentavos), reason: c.reason }));
  }
  if (wasClosed) providerData.paidAfterClose = payment.status;
  const updated = await repo.updatePayment(tx, payment.id, {
    status: 'paid',
    paidAt: now,
    updatedAt: now,
    providerCaptureId: evidence.providerCaptureId ?? payment.providerCaptureId,
    providerData: { ...payment.providerData, ...providerData },
  });
  await deps.events.publish(tx, [
    {
      type: 'payment.confirmed',
      userId: payment.userId,
      subjectId: payment.id,
      data: {
        payment_id: payment.id,
        folio: payment.numberOfOrder,
        method: payment.method,
        purpose: payment.purpose,
        amount: fromCentavos(payment.amountCentavos),
        sandbox: payment.sandbox,
        shipments: settled.paid,
        overweight_paid: settled.overweightPaid.map((o) => ({ shipment_id: o.shipmentId, amount: fromCentavos(o.amountCentavos) })),
        wallet_entry_id: walletEntryId,
      },
    },
    ...(credits.length > 0
      ? [
          {
            type: 'payment.credited' as const,
            userId: payment.userId,
            subjectId: payment.id,
            data: {
              payment_id: payment.id,
              amount: fromCentavos(creditedCentavos),
              credits: credits.map((c) => ({
                shipment_id: c.shipment,
                amount: fromCentavos(c.amountCentavos),
                reason: c.reason,
                description: creditSentence(c),
              })),
            },
          },
        ]
      : []),
  ]);
  if (credits.length > 0) {
    deps.log?.warn(
      { paymentId: payment.id, credits: credits.map((c) => ({ shipment: c.shipment, reason: c.reason, amountCentavos: c.amountCentavos })) },
      'pago recibido por algo que no pudo pagarse: abonado al monedero',
    );
  }
  return { changed: true, payment: updated };
}

/** Confirms a payment once: the first call has the effects, every later one answers changed: false. */
export async function confirmPayment(
  deps: PaymentsCoreDeps,
  paymentId: string,
  evidence: { providerCaptureId?: string | null; providerData?: Record<string, unknown> },
): Promise<{ changed: boolean; payment: PaymentRow }> {
  const result = await deps.db.transaction((tx) => confirmPaymentIn(deps, tx, paymentId, evidence));
  if (result.changed) deps.jobs.wake();
  return result;
}
