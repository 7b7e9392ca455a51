import { taxInformationSchema } from '@envios/contracts/accounts';
import type { CancellationMotive, Invoice } from '@envios/contracts/invoices';
import type { Executor } from '../../db/client.js';
import type { JobContext } from '../jobs/jobs.usecases.js';
import { StampRefusedError, StampUnavailableError, type StampedInvoice } from './adapters/stamping-service.js';
import { SANDBOX_ID_PREFIX } from './adapters/sandbox-stamping.js';
import type { InvoicesDeps } from './invoices.deps.js';
import { invoiceErrors } from './invoices.errors.js';
import { toInvoiceDtos } from './invoices.files.js';
import { conceptsFor, openPaymentInvoice, receptorOf, taxDataProblem } from './invoices.payments.js';
import * as repo from './invoices.repository.js';
import { enqueueStamp, stampInvoice } from './invoices.stamp.js';

/*
 * The admin's hand on invoices: «Reintentar» a refused one once the seller fixed the data, and
 * cancellation with the SAT's motive: 01 issues the replacement first (relationship 04) and cancels
 * with it as substitution; 02 frees the payment to be invoiced again (or go global); 03 means the
 * operation did not happen and the payment is never invoiced. A cancellation the receptor must
 * accept is followed by a durable job until it settles.
 */

export const CANCELLATION_JOB = 'invoices.cancellation';
const CANCELLATION_POLL_MS = 3_600_000;
/** The receptor has 72 hours to answer; a little more, then the admin's view keeps saying «en proceso». */
const CANCELLATION_POLLS = 80;

async function dto(deps: InvoicesDeps, row: repo.InvoiceRow): Promise<Invoice> {
  return (await toInvoiceDtos(deps, [row]))[0]!;
}

/** Stamps now for an admin: the service's refusal in its words, a service down → pending and a job asks again. */
async function stampForAdmin(deps: InvoicesDeps, row: repo.InvoiceRow): Promise<repo.InvoiceRow> {
  let stamped: repo.InvoiceRow;
  try {
    stamped = await stampInvoice(deps, row.id);
  } catch (error) {
    if (!(error instanceof StampUnavailableError)) throw error;
    await enqueueStamp(deps.jobs, row, undefined, new Date(deps.clock.now().getTime() + 60_000));
    throw invoiceErrors.unavailable(error);
  }
  if (stamped.status === 'failed') throw invoiceErrors.refused(stamped.failureMessage ?? 'El servicio de facturación rechazó la factura.', stamped.failurePath);
  return stamped;
}

/** «Reintentar»: a refused payment invoice again, with the seller's tax data as they are now; a pending one, now. */
export async function retryInvoice(deps: InvoicesDeps, id: string): Promise<Invoice> {
  let row = await repo.findInvoice(deps.db, id);
  if (!row) throw invoiceErrors.notFound();
  if (row.status === 'failed' && row.kind === 'payment' && row.paymentId && row.userId) {
    const billable = await repo.findBillable(deps.db, row.paymentId);
    if (!billable) throw invoiceErrors.paymentNotFound();
    if (billable.invoiceId !== row.id) throw invoiceErrors.notRetryable();
    const account = await deps.findAccount(row.userId);
    const tax = taxInformationSchema.safeParse(account?.taxInformation);
    if (!tax.success) throw invoiceErrors.taxDataIncomplete(taxDataProblem(account?.taxInformation) ?? '');
    row = await openPaymentInvoice(deps, billable, tax.data);
  } else if (row.status !== 'pending') {
    throw invoiceErrors.notRetryable();
  }
  return dto(deps, await stampForAdmin(deps, row));
}

/** The replacement of a motive-01 cancellation: made once, stamped before the original is cancelled. */
async function replacementFor(deps: InvoicesDeps, original: repo.InvoiceRow): Promise<repo.InvoiceRow> {
  let receptor = original.receptor;
  let use = original.use;
  let items = original.items;
  if (original.kind === 'payment' && original.userId && original.paymentId) {
    const account = await deps.findAccount(original.userId);
    const tax = taxInformationSchema.safeParse(account?.taxInformation);
    if (!tax.success) throw invoiceErrors.taxDataIncomplete(taxDataProblem(account?.taxInformation) ?? '');
    receptor = receptorOf(tax.data);
    use = tax.data.cfdi_use;
    items = await conceptsFor(deps, original.paymentId);
  }
  const totalCentavos = items.reduce((s, i) => s + i.amountCentavos * i.quantity, 0);
  const now = deps.clock.now();
  const existing = await repo.findReplacement(deps.db, original.id);
  if (existing && existing.status !== 'failed') return existing;
  if (existing) {
    return repo.updateInvoice(deps.db, existing.id, {
      status: 'pending',
      stampRound: existing.stampRound + 1,
      stampAttempts: 0,
      receptor,
      use,
      items,
      totalCentavos,
      failureMessage: null,
      failurePath: null,
      failedAt: null,
      updatedAt: now,
    });
  }
  return repo.insertInvoice(deps.db, {
    kind: original.kind,
    userId: original.userId,
    paymentId: original.paymentId,
    status: 'pending',
    sandbox: deps.service.mode === 'sandbox',
    receptor,
    use,
    paymentForm: original.paymentForm,
    items,
    totalCentavos,
    period: original.period,
    globalKey: original.globalKey ? `${original.globalKey}:r` : null,
    globalPayments: original.globalPayments,
    externalId: original.externalId,
    replacesInvoiceId: original.id,
    createdAt: now,
    updatedAt: now,
  });
}

/** The cancellation took effect: the payments it covered go where the motive says. */
async function applyCancelled(deps: InvoicesDeps, tx: Executor, row: repo.InvoiceRow): Promise<repo.InvoiceRow> {
  const now = deps.clock.now();
  const replacement = row.cancelMotive === '01' ? await repo.findReplacement(tx, row.id) : undefined;
  const updated = await repo.updateInvoice(tx, row.id, { status: 'cancelled', cancellationStatus: 'accepted', cancelledAt: now, updatedAt: now });
  if (row.kind === 'payment' && row.paymentId) {
    const billable = await repo.lockBillable(tx, row.paymentId);
    if (billable?.invoiceId === row.id) {
      if (row.cancelMotive === '01' && replacement) await repo.updateBillable(tx, row.paymentId, { invoiceId: replacement.id }, now);
      else if (row.cancelMotive === '03') await repo.updateBillable(tx, row.paymentId, { invoiceId: null, excludedAt: now }, now);
      else await repo.updateBillable(tx, row.paymentId, { invoiceId: null }, now);
    }
  } else if (row.kind === 'global') {
    if (row.cancelMotive === '01' && replacement) await repo.moveGlobal(tx, row.id, replacement.id, now);
    else {
      const payments = await repo.paymentsOfGlobal(tx, row.id);
      await repo.moveGlobal(tx, row.id, null, now);
      if (row.cancelMotive === '03') for (const p of payments) await repo.updateBillable(tx, p.paymentId, { excludedAt: now }, now);
    }
  }
  return updated;
}

/** What the service answered to a cancellation, applied. */
async function settleCancellation(
  deps: InvoicesDeps,
  row: repo.InvoiceRow,
  answer: Pick<StampedInvoice, 'status' | 'cancellation_status'>,
  poll: number,
): Promise<repo.InvoiceRow> {
  if (answer.status === 'canceled') return deps.db.transaction((tx) => applyCancelled(deps, tx, row));
  const status = answer.cancellation_status ?? 'pending';
  if (status === 'rejected' || status === 'expired') {
    deps.log?.warn({ invoiceId: row.id, status }, 'el receptor no aceptó la cancelación de la factura');
    return repo.updateInvoice(deps.db, row.id, { status: 'valid', cancellationStatus: status, updatedAt: deps.clock.now() });
  }
  return deps.db.transaction(async (tx) => {
    const updated = await repo.updateInvoice(tx, row.id, { status: 'cancelling', cancellationStatus: status, updatedAt: deps.clock.now() });
    if (poll < CANCELLATION_POLLS) {
      await deps.jobs.enqueue<CancellationJobPayload>(
        {
          type: CANCELLATION_JOB,
          key: `${CANCELLATION_JOB}:${row.id}:${poll + 1}`,
          payload: { invoiceId: row.id, poll: poll + 1 },
          runAt: new Date(deps.clock.now().getTime() + CANCELLATION_POLL_MS),
        },
        tx,
      );
    }
    return updated;
  });
}

/** `POST /invoices/{id}/cancel {motive}` (admin). */
export async function cancelInvoice(deps: InvoicesDeps, id: string, input: { motive: CancellationMotive }): Promise<Invoice> {
  const row = await repo.findInvoice(deps.db, id);
  if (!row) throw invoiceErrors.notFound();
  if (row.status !== 'valid' || !row.providerId || !row.uuid)
    throw invoiceErrors.notCancellable('Solo se cancela una factura vigente (timbrada y sin otra cancelación en proceso).');
  let substitution: string | undefined;
  if (input.motive === '01') {
    const replacement = await stampForAdmin(deps, await replacementFor(deps, row));
    substitution = replacement.uuid ?? undefined;
  }
  const requestedAt = deps.clock.now();
  const asked = await repo.updateInvoice(deps.db, row.id, {
    cancelMotive: input.motive,
    cancelSubstitution: substitution ?? null,
    cancelRequestedAt: requestedAt,
    updatedAt: requestedAt,
  });
  let answer: Pick<StampedInvoice, 'status' | 'cancellation_status'>;
  if (row.providerId.startsWith(SANDBOX_ID_PREFIX) && deps.service.mode === 'live') {
    // A test invoice of the offline sandbox, from before a key was configured: nothing to ask anyone.
    answer = { status: 'canceled', cancellation_status: 'accepted' };
  } else {
    try {
      answer = await deps.service.cancelInvoice(row.providerId, { motive: input.motive, substitution });
    } catch (error) {
      if (error instanceof StampRefusedError) throw invoiceErrors.refused(error.message, error.path);
      if (error instanceof StampUnavailableError) throw invoiceErrors.unavailable(error);
      throw error;
    }
  }
  return dto(deps, await settleCancellation(deps, asked, answer, 0));
}

interface CancellationJobPayload {
  invoiceId: string;
  poll: number;
}

/** `invoices.cancellation`: asks the service whether the receptor answered, until it settles. */
export async function runCancellationJob(deps: InvoicesDeps, payload: CancellationJobPayload, _ctx: JobContext): Promise<void> {
  const row = await repo.findInvoice(deps.db, payload.invoiceId);
  if (!row || row.status !== 'cancelling' || !row.providerId) return;
  const answer = await deps.service.retrieveInvoice(row.providerId);
  await settleCancellation(deps, row, answer, payload.poll);
}
