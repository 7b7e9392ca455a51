import { formatMXN, fromCentavos } from '@envios/contracts/money';
import { type CreditReason, type PaymentMethod } from '@envios/contracts/payments';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../shared/errors.js';
import { findContact } from '../accounts/accounts.usecases.js';
import { enqueueGuideIssue, releaseGuides, reserveGuides } from '../guides/guides.usecases.js';
import { enqueuePaymentInvoice } from '../invoices/invoices.usecases.js';
import { paymentCreditedMail } from '../notifications/notifications.usecases.js';
import { createPickupsForPaidShipments } from '../pickups/pickups.usecases.js';
import { lockShipmentsForPayment, markOverweightPaid, markShipmentsPaid, type PayableShipment } from '../shipments/shipments.usecases.js';
import { creditIn, markTopUpPaidIn } from '../wallet/wallet.usecases.js';
import { paymentErrors } from './payments.errors.js';
import * as repo from './payments.repository.js';
import { walletProviderOf, type PaymentsCoreDeps } from './payments.core.js';

type PaymentRow = repo.PaymentRow;

/*
 * Confirming a payment exactly once: the payment row locked FOR UPDATE; only open → paid has
 * effects (shipments paid, guides queued, pickups, the top-up credited), all in one transaction.
 * Money that cannot pay what it was for goes to the payer's wallet with a sentence that says why.
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
 * Marks each share's overweight paid when it is still the amount the attempt opened with; an
 * overweight corrected, disputed or paid meanwhile is not paid twice: its money is credited.
 */
async function payOverweightShares(
  tx: Executor,
  shares: readonly repo.PaymentShareRow[],
  rows: ReadonlyMap<string, PayableShipment>,
  now: Date,
): Promise<{ paid: repo.PaymentShareRow[]; credits: Credit[] }> {
  const paid: repo.PaymentShareRow[] = [];
  const credits: Credit[] = [];
  for (const share of shares) {
    const row = rows.get(share.shipmentId);
    const credit = (reason: CreditReason) => credits.push({ shipment: share.shipmentId, folio: row?.numberOfOrder ?? null, amountCentavos: share.amountCentavos, reason });
    if (row && !row.overweightPaid && row.overweightCentavos !== share.amountCentavos) credit('overweight_changed');
    else if (await markOverweightPaid(tx, share.shipmentId, now)) paid.push(share);
    else credit('overweight_already_paid');
  }
  return { paid, credits };
}

const METHOD_NAMES: Record<PaymentMethod, string> = { paypal: 'PayPal', 'paypal-plus': 'tarjeta', oxxo: 'OXXO', monedero: 'Monedero' };

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
  let paidShipments: string[] = [];

  if (payment.purpose === 'shipments') {
    const allShares = await repo.sharesOf(tx, payment.id);
    const rows = new Map((await lockShipmentsForPayment(tx, allShares.map((s) => s.shipmentId))).map((r) => [r.id, r]));
    const shares = allShares.filter((s) => s.kind === 'shipment');
    let toPay = shares.filter((share) => {
      const row = rows.get(share.shipmentId);
      const credit = (reason: CreditReason) => {
        credits.push({ shipment: share.shipmentId, folio: row?.numberOfOrder ?? null, amountCentavos: share.amountCentavos, reason });
        return false;
      };
      if (!row || row.deleted) return credit('deleted');
      if (row.paid) return credit('already_paid');
      // Paid only as offered: the total and the service the attempt opened with must still hold.
      if (row.totalCentavos !== share.amountCentavos) return credit('price_changed');
      if (share.serviceId !== null && row.serviceId !== share.serviceId) return credit('service_changed');
      return true;
    });
    if (wasClosed && toPay.length > 0) {
      // The attempt had closed and given its guides back: take them again, or credit the money.
      try {
        await tx.transaction((sp) => reserveGuides(sp, { paymentId: payment.id, shipmentIds: toPay.map((s) => s.shipmentId), now }));
      } catch (error) {
        if (!isNoGuides(error)) throw error;
        for (const share of toPay) {
          credits.push({ shipment: share.shipmentId, folio: rows.get(share.shipmentId)?.numberOfOrder ?? null, amountCentavos: share.amountCentavos, reason: 'no_guides' });
        }
        toPay = [];
      }
    }
    paidShipments = await markShipmentsPaid(
      tx,
      toPay.map((s) => s.shipmentId),
      now,
    );
    // Guides this attempt held for shipments it did not pay go back to the stock.
    await releaseGuides(tx, payment.id);
    await enqueueGuideIssue(deps.jobs, tx, paidShipments);
    await createPickupsForPaidShipments(tx, paidShipments, now);
    // The earlier overweight it carried is paid on its own terms, whatever became of the shipments.
    const overweight = await payOverweightShares(tx, allShares.filter((s) => s.kind === 'overweight'), rows, now);
    credits.push(...overweight.credits);
    for (const share of overweight.paid) {
      await deps.onOverweightPaid?.(tx, share.shipmentId, {
        amountCentavos: share.amountCentavos,
        note: `Pagado con la compra del pago ${payment.numberOfOrder} (${METHOD_NAMES[payment.method]}).`,
        now,
      });
    }
  } else if (payment.purpose === 'topup') {
    const entry = payment.walletEntryId
      ? await markTopUpPaidIn(tx, payment.walletEntryId, { provider: walletProviderOf(payment.method), reference: evidence.providerCaptureId ?? payment.id, now })
      : undefined;
    if (!entry) credits.push({ shipment: null, folio: null, amountCentavos: payment.amountCentavos, reason: 'topup_already_paid' });
  } else {
    const shares = await repo.sharesOf(tx, payment.id);
    const rows = new Map((await lockShipmentsForPayment(tx, shares.map((s) => s.shipmentId))).map((r) => [r.id, r]));
    credits.push(...(await payOverweightShares(tx, shares, rows, now)).credits);
  }

  const creditedCentavos = credits.reduce((sum, c) => sum + c.amountCentavos, 0);
  if (creditedCentavos > 0) {
    const sentences = credits.map(creditSentence);
    await creditIn(tx, {
      userId: payment.userId,
      amountCentavos: creditedCentavos,
      provider: walletProviderOf(payment.method),
      reference: evidence.providerCaptureId ?? payment.id,
      note: `Abono del pago ${payment.numberOfOrder} (${METHOD_NAMES[payment.method]}): ${sentences.join(' ')}`,
      now,
    });
    await notifyCredit(deps, tx, payment, creditedCentavos, sentences);
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
  await enqueuePaymentInvoice(deps.jobs, tx, updated);
  if (credits.length > 0) {
    deps.log?.warn({ paymentId: payment.id, credits: credits.map((c) => ({ shipment: c.shipment, reason: c.reason, amountCentavos: c.amountCentavos })) }, 'pago recibido por algo que no pudo pagarse: abonado al monedero');
  }
  return { changed: true, payment: updated };
}

/** Tells the payer, at the account's own address, how much went to the wallet and why (once per payment). */
async function notifyCredit(deps: PaymentsCoreDeps, tx: Executor, payment: PaymentRow, centavos: number, sentences: string[]): Promise<void> {
  // Always the account's own address, never one a request named.
  const account = await findContact(tx, payment.userId);
  if (!account) return;
  await deps.notifier.sendEmail(
    {
      key: `mail:payment-credit:${payment.id}`,
      to: account.email,
      mail: paymentCreditedMail({ firstName: account.firstName, amount: formatMXN(centavos), reasons: sentences, walletUrl: `${deps.appUrl}/prepaids` }),
    },
    tx,
  );
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
