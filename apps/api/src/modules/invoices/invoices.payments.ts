import { taxInformationSchema, type TaxInformation } from '@envios/contracts/accounts';
import type { BillablePaymentList, BillingState, Invoice, InvoiceLinks } from '@envios/contracts/invoices';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import { commonErrors } from '../../shared/errors.js';
import { toPage } from '../../shared/pagination.js';
import type { InlineSubscriber } from '../events/events.usecases.js';
import type { JobContext, JobQueue } from '../jobs/jobs.usecases.js';
import type { PaymentForInvoice } from '../payments/payments.deps.js';
import { shipmentsByIds } from '../shipments/shipments.usecases.js';
import { StampUnavailableError } from './adapters/stamping-service.js';
import { monthOf, paymentConcepts, paymentDescription, paymentFormOf, type ShipmentFacts } from './invoices.concepts.js';
import type { InvoicesDeps } from './invoices.deps.js';
import { toBillableDto, toInvoiceDto, toLinkDto } from './invoices.dto.js';
import { invoiceErrors } from './invoices.errors.js';
import * as repo from './invoices.repository.js';
import { enqueueStamp, newStampClaim, stampClaimed, stampInvoice } from './invoices.stamp.js';

/*
 * Money received → invoice. `payment.confirmed` enqueues `invoices.payment` (keyed on the
 * payment) in the confirmation's transaction; the job records the payment as billable once and, when the
 * account has automatic invoicing and complete tax data, opens its invoice and stamps it. Without
 * them the seller may ask for it during the same calendar month; at the month's end the payments
 * nobody invoiced go into the global invoice (invoices.global.ts).
 */

export const PAYMENT_INVOICE_JOB = 'invoices.payment';
const PAYMENT_JOB_MAX_ATTEMPTS = 30;

export interface PaymentInvoicePayload {
  paymentId: string;
}

/** `payment.confirmed` (in the confirmation's transaction): the payment's invoice job, for money from outside the wallet. */
export function invoicesOnPayment(jobs: JobQueue): InlineSubscriber<'payment.confirmed'> {
  return {
    name: 'invoices',
    mode: 'inline',
    types: ['payment.confirmed'],
    handle: (tx, event) => enqueuePaymentInvoice(jobs, tx, { id: event.data.payment_id, method: event.data.method, status: 'paid' }),
  };
}

/**
 * Once per confirmed payment, in its transaction: money from outside the wallet is to be invoiced.
 * Wallet purchases are not (the top-up that filled the wallet was).
 */
export async function enqueuePaymentInvoice(jobs: JobQueue, tx: Executor, payment: { id: string; method: string; status: string }): Promise<void> {
  if (payment.status !== 'paid' || payment.method === 'monedero') return;
  await jobs.enqueue<PaymentInvoicePayload>(
    { type: PAYMENT_INVOICE_JOB, key: `${PAYMENT_INVOICE_JOB}:${payment.id}`, payload: { paymentId: payment.id }, maxAttempts: PAYMENT_JOB_MAX_ATTEMPTS },
    tx,
  );
}

function billableRowOf(payment: PaymentForInvoice & { paidAt: Date }, form: string, now: Date): repo.NewBillable {
  return {
    paymentId: payment.id,
    userId: payment.userId,
    paymentFolio: payment.numberOfOrder,
    method: payment.method,
    purpose: payment.purpose,
    amountCentavos: payment.amountCentavos,
    paymentForm: form,
    walletEntryId: payment.purpose === 'topup' ? payment.walletEntryId : null,
    description: paymentDescription(payment),
    paidAt: payment.paidAt,
    period: monthOf(payment.paidAt),
    createdAt: now,
    updatedAt: now,
  };
}

/** The payment if it is to be invoiced (paid, with money from outside the wallet), with its form of payment. */
async function invoiceablePayment(
  deps: InvoicesDeps,
  paymentId: string,
  ex: Executor = deps.db,
): Promise<{ payment: PaymentForInvoice & { paidAt: Date }; form: string } | undefined> {
  const payment = await deps.payments.find(ex, paymentId);
  if (!payment || payment.status !== 'paid' || !payment.paidAt) return undefined;
  const form = paymentFormOf(payment.method, deps.settings);
  return form ? { payment: { ...payment, paidAt: payment.paidAt }, form } : undefined;
}

/** The payment as billable (recorded the first time), or undefined when it is not to be invoiced. */
export async function recordBillable(deps: InvoicesDeps, paymentId: string): Promise<repo.BillableRow | undefined> {
  const existing = await repo.findBillable(deps.db, paymentId);
  if (existing) return existing;
  const found = await invoiceablePayment(deps, paymentId);
  if (!found) return undefined;
  return (await repo.insertBillable(deps.db, billableRowOf(found.payment, found.form, deps.clock.now()))) ?? repo.findBillable(deps.db, paymentId);
}

export function receptorOf(tax: TaxInformation): repo.NewInvoice['receptor'] {
  return { rfc: tax.rfc, name: tax.name, tax_system: tax.tax_system, zip: tax.postal_code, email: tax.email };
}

/** What still blocks a stamp in the stored tax data, named for the seller; undefined when complete. */
export function taxDataProblem(tax: unknown): string | undefined {
  const parsed = taxInformationSchema.safeParse(tax);
  if (parsed.success) return undefined;
  if (!tax) return 'aún no los capturas.';
  return parsed.error.issues.map((i) => i.message).join(' ');
}

async function shipmentFacts(ex: Executor, ids: string[]): Promise<Map<string, ShipmentFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await shipmentsByIds(ex, [...new Set(ids)]);
  return new Map(
    rows.map((s) => [
      s._id,
      { folio: s.numberOfOrder, carrier: s.selected_service.carrier, service: s.selected_service.carrier_service_name, guide: s.number_guide },
    ]),
  );
}

/** The concepts of a payment's invoice, read now (a guide issued meanwhile is named); in `ex` when given. */
export async function conceptsFor(deps: InvoicesDeps, paymentId: string, read?: PaymentForInvoice, ex: Executor = deps.db): Promise<repo.NewInvoice['items']> {
  const payment = read ?? (await deps.payments.find(ex, paymentId));
  if (!payment) throw invoiceErrors.paymentNotFound();
  return paymentConcepts(
    payment,
    await shipmentFacts(
      ex,
      payment.shares.map((s) => s.shipmentId),
    ),
    deps.settings,
  );
}

/** A new payment invoice, pending, for the seller's tax data as they are now. */
function newPaymentInvoice(
  deps: InvoicesDeps,
  billable: Pick<repo.BillableRow, 'userId' | 'paymentId' | 'paymentForm' | 'period'>,
  tax: TaxInformation,
  items: repo.NewInvoice['items'],
  now: Date,
): repo.NewInvoice {
  return {
    kind: 'payment',
    userId: billable.userId,
    paymentId: billable.paymentId,
    status: 'pending',
    sandbox: deps.service.mode === 'sandbox',
    receptor: receptorOf(tax),
    use: tax.cfdi_use,
    paymentForm: billable.paymentForm,
    items,
    totalCentavos: items.reduce((s, i) => s + i.amountCentavos * i.quantity, 0),
    period: billable.period,
    externalId: billable.paymentId,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The payment's invoice row, created once under the billable row's lock: a second caller finds
 * it. A refused one starts a new round with the tax data as they are now; a cancelled one (02)
 * leaves room for a new invoice.
 */
export async function openPaymentInvoice(deps: InvoicesDeps, billable: repo.BillableRow, tax: TaxInformation): Promise<repo.InvoiceRow> {
  const items = await conceptsFor(deps, billable.paymentId);
  const totalCentavos = items.reduce((s, i) => s + i.amountCentavos * i.quantity, 0);
  const receptor = receptorOf(tax);
  return deps.db.transaction(async (tx) => {
    const b = await repo.lockBillable(tx, billable.paymentId);
    if (!b) throw invoiceErrors.paymentNotFound();
    if (b.excludedAt) throw invoiceErrors.excluded();
    if (b.globalInvoiceId) throw invoiceErrors.inGlobal();
    const now = deps.clock.now();
    const current = b.invoiceId ? await repo.findInvoice(tx, b.invoiceId) : undefined;
    if (current && current.status !== 'failed' && current.status !== 'cancelled') return current;
    if (current?.status === 'failed') {
      return repo.updateInvoice(tx, current.id, {
        status: 'pending',
        stampRound: current.stampRound + 1,
        stampAttempts: 0,
        receptor,
        use: tax.cfdi_use,
        items,
        totalCentavos,
        failureMessage: null,
        failurePath: null,
        failedAt: null,
        updatedAt: now,
      });
    }
    const row = await repo.insertInvoice(tx, newPaymentInvoice(deps, b, tax, items, now));
    await repo.updateBillable(tx, b.paymentId, { invoiceId: row.id }, now);
    return row;
  });
}

class AlreadyRecorded extends Error {}

/** What the first transaction of `invoices.payment` found or wrote. */
type Recorded = { kind: 'recorded'; billable: repo.BillableRow } | { kind: 'opened'; invoice: repo.InvoiceRow | undefined } | { kind: 'none' };

/**
 * `invoices.payment`: record the money, and invoice it at once when the seller asked for automatic
 * invoices. Everything before the call to the service is ONE transaction (the billable row read,
 * the payment, the account and its concepts read, the billable row and its invoice written): on
 * the embedded database every statement outside a transaction waits its turn behind the requests
 * of a burst of confirmations, a transaction waits once. A retry, or a second process, finds the
 * billable row and only finishes the invoice it opened.
 */
export async function runPaymentInvoiceJob(deps: InvoicesDeps, payload: PaymentInvoicePayload, ctx: JobContext): Promise<void> {
  // The invoice is written already claimed by this run (its first call to the service counted).
  const claim = newStampClaim(deps);
  let recorded: Recorded;
  try {
    recorded = await deps.db.transaction(async (tx): Promise<Recorded> => {
      const billable = await repo.findBillable(tx, payload.paymentId);
      if (billable) return { kind: 'recorded', billable };
      const found = await invoiceablePayment(deps, payload.paymentId, tx);
      if (!found) return { kind: 'none' };
      const account = await deps.findAccount(found.payment.userId, tx);
      const tax = account?.invoice ? taxInformationSchema.safeParse(account.taxInformation) : undefined;
      if (tax && !tax.success) {
        deps.log?.info(
          { paymentId: payload.paymentId, jobId: ctx.id },
          'facturación automática sin datos fiscales completos: el pago queda para la factura global',
        );
      }
      const now = deps.clock.now();
      const row = billableRowOf(found.payment, found.form, now);
      const opened = tax?.success
        ? await repo.insertInvoice(tx, {
            ...newPaymentInvoice(deps, row, tax.data, await conceptsFor(deps, payload.paymentId, found.payment, tx), now),
            claimToken: claim.token,
            claimedUntil: claim.until,
            stampAttempts: 1,
          })
        : undefined;
      if (!(await repo.insertBillable(tx, { ...row, invoiceId: opened?.id ?? null }))) throw new AlreadyRecorded();
      return { kind: 'opened', invoice: opened };
    });
  } catch (error) {
    // Another run recorded it meanwhile: that run's rows stand.
    if (error instanceof AlreadyRecorded) return runPaymentInvoiceJob(deps, payload, ctx);
    throw error;
  }
  if (recorded.kind === 'recorded') {
    const { billable } = recorded;
    if (billable.excludedAt || billable.globalInvoiceId || !billable.invoiceId) return;
    // A retry of this job: the invoice it opened may still be waiting for the service.
    const current = await repo.findInvoice(deps.db, billable.invoiceId);
    if (current?.status === 'pending') await stampOrRetry(deps, current.id);
    return;
  }
  if (recorded.kind === 'none' || !recorded.invoice) return;
  const stamped = await stampClaimed(deps, recorded.invoice, claim.token);
  if (stamped.status === 'pending') throw new StampUnavailableError(`La factura ${recorded.invoice.id} la está timbrando otro proceso.`);
}

/** Stamps now; a pending row held by another caller is theirs to finish (their job retries it). */
async function stampOrRetry(deps: InvoicesDeps, invoiceId: string): Promise<void> {
  const row = await stampInvoice(deps, invoiceId);
  if (row.status === 'pending') throw new StampUnavailableError(`La factura ${invoiceId} la está timbrando otro proceso.`);
}

/**
 * `POST /invoices {payment_id}`: the seller asks for a payment's invoice (same calendar month), or an
 * admin for any payment not in a global invoice. Stamps at once: the service's refusal comes back
 * in its words on the field it named; a service that does not answer leaves the invoice pending
 * and a durable job asks again.
 */
export async function requestInvoice(deps: InvoicesDeps, caller: Caller, input: { payment_id: string }): Promise<Invoice> {
  const billable = await recordBillable(deps, input.payment_id);
  if (!billable) {
    const payment = await deps.payments.find(deps.db, input.payment_id);
    if (!payment || (caller.rol !== 'admin' && payment.userId !== caller.id)) throw invoiceErrors.paymentNotFound();
    if (payment.method === 'monedero') throw invoiceErrors.walletPayment();
    throw invoiceErrors.paymentNotPaid();
  }
  if (caller.rol !== 'admin' && billable.userId !== caller.id) throw invoiceErrors.paymentNotFound();
  if (billable.excludedAt) throw invoiceErrors.excluded();
  if (billable.globalInvoiceId) throw invoiceErrors.inGlobal();
  const current = billable.invoiceId ? await repo.findInvoice(deps.db, billable.invoiceId) : undefined;
  if (current && (current.status === 'valid' || current.status === 'cancelling')) throw invoiceErrors.alreadyInvoiced();
  if (caller.rol !== 'admin' && billable.period !== monthOf(deps.clock.now())) throw invoiceErrors.monthClosed(monthName(billable.period));
  const account = await deps.findAccount(billable.userId);
  const tax = taxInformationSchema.safeParse(account?.taxInformation);
  if (!tax.success) throw invoiceErrors.taxDataIncomplete(taxDataProblem(account?.taxInformation) ?? '');
  const invoice = current?.status === 'pending' ? current : await openPaymentInvoice(deps, billable, tax.data);
  let row: repo.InvoiceRow;
  try {
    row = await stampInvoice(deps, invoice.id);
  } catch (error) {
    if (!(error instanceof StampUnavailableError)) throw error;
    await enqueueStamp(deps.jobs, invoice, undefined, new Date(deps.clock.now().getTime() + 60_000));
    throw invoiceErrors.unavailable(error);
  }
  if (row.status === 'failed') throw invoiceErrors.refused(row.failureMessage ?? 'El servicio de facturación rechazó la factura.', row.failurePath);
  return toInvoiceDto(row, { billable });
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** «noviembre de 2026». */
export function monthName(period: string): string {
  const [year, month] = period.split('-');
  return `${MONTHS[Number(month) - 1]} de ${year}`;
}

/** A seller's payments of a month (the current one by default) and where each stands with its invoice. */
export async function billablePayments(
  deps: InvoicesDeps,
  caller: Caller,
  query: { page: number; limit: number; month?: string | undefined; user?: string | undefined },
): Promise<BillablePaymentList> {
  if (query.user && query.user !== caller.id && caller.rol !== 'admin') throw commonErrors.forbidden();
  const userId = query.user ?? caller.id;
  const current = monthOf(deps.clock.now());
  const account = await deps.findAccount(userId);
  const taxProblem = taxDataProblem(account?.taxInformation);
  const { rows, count } = await repo.listBillable(
    deps.db,
    { userId, period: query.month ?? current },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  const canRequest = (state: BillingState) => {
    if (state !== 'awaiting' && state !== 'failed') return { ok: false, reason: null };
    if (taxProblem) return { ok: false, reason: `Completa tus datos fiscales: ${taxProblem}` };
    return { ok: true, reason: null };
  };
  return toPage(
    rows.map((r) => toBillableDto(r, current, canRequest)),
    count,
    query.page,
    query.limit,
  );
}

/** The invoice state of payments and top-ups shown on other screens (one's own; an admin's, anyone's). */
export async function invoiceLinks(
  deps: InvoicesDeps,
  caller: Caller,
  query: { payments?: string[] | undefined; wallet_entries?: string[] | undefined },
): Promise<InvoiceLinks> {
  const rows = await repo.billableFor(deps.db, {
    paymentIds: query.payments ?? [],
    walletEntryIds: query.wallet_entries ?? [],
    userId: caller.rol === 'admin' ? undefined : caller.id,
  });
  const current = monthOf(deps.clock.now());
  return { links: rows.map((r) => toLinkDto(r, current)) };
}
