import type { GlobalSummary } from '@envios/contracts/invoices';
import { fromCentavos } from '@envios/contracts/money';
import { RFC_PUBLICO_GENERAL } from '@envios/contracts/sat/rfc';
import type { Clock } from '../../shared/clock.js';
import { mexicoCityDayStart } from '../../shared/mexico-city-time.js';
import type { JobContext, JobQueue } from '../jobs/jobs.usecases.js';
import { StampUnavailableError } from './adapters/stamping-service.js';
import { globalConcept, monthOf } from './invoices.concepts.js';
import type { InvoicesDeps } from './invoices.deps.js';
import { invoiceErrors } from './invoices.errors.js';
import { toInvoiceDtos } from './invoices.files.js';
import { recordBillable } from './invoices.payments.js';
import * as repo from './invoices.repository.js';
import { enqueueStamp, stampInvoice } from './invoices.stamp.js';

/*
 * The month's global invoice to the general public (XAXX010101000, régimen 616, uso S01, our CP):
 * every payment of the month that has no invoice of its own when the month is over, one concept
 * per payment (01010101, ACT, «Venta», its folio), one invoice per form of payment (a CFDI has
 * one) and at most 5,000 concepts each. A durable monthly chain issues it at 01:00 of the next
 * month; an admin may issue it again for payments recorded later.
 */

export const GLOBAL_JOB = 'invoices.global';
/** Facturapi's limit of concepts per invoice. */
export const GLOBAL_MAX_ITEMS = 5000;

export function nextMonth(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export function previousMonth(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The instants a Mexico City month starts and ends. */
export function monthRange(period: string): { from: Date; to: Date } {
  return { from: mexicoCityDayStart(`${period}-01`), to: mexicoCityDayStart(`${nextMonth(period)}-01`) };
}

/** When a month's global invoice is issued: 01:00 (Mexico City) of the first day of the next month. */
export function globalRunAt(period: string): Date {
  return new Date(monthRange(period).to.getTime() + 3_600_000);
}

/**
 * Issues the global invoices of a closed month for the payments still without an invoice and
 * stamps them (and any left pending). Answers the month's global invoices.
 */
export async function issueGlobalInvoices(deps: InvoicesDeps, period: string): Promise<repo.InvoiceRow[]> {
  if (period >= monthOf(deps.clock.now())) throw invoiceErrors.monthOpen(period);
  const zip = deps.settings.issuer.zip;
  if (!zip) throw invoiceErrors.issuerMissing(['COMPANY_TAX_ZIP']);
  // Every payment of the month is on the books first: a payment's own job may not have run yet.
  const { from, to } = monthRange(period);
  for (const id of await deps.payments.paidBetween(deps.db, from, to)) await recordBillable(deps, id);

  await deps.db.transaction(async (tx) => {
    await repo.lockGlobalMonth(tx, period);
    const open = await repo.openBillableOfPeriod(tx, period, { lock: true });
    if (open.length === 0) return;
    let part = (await repo.globalInvoicesOf(tx, period)).length;
    const byForm = new Map<string, repo.BillableRow[]>();
    for (const b of open) byForm.set(b.paymentForm, [...(byForm.get(b.paymentForm) ?? []), b]);
    const now = deps.clock.now();
    for (const [form, rows] of [...byForm.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      for (let i = 0; i < rows.length; i += GLOBAL_MAX_ITEMS) {
        const chunk = rows.slice(i, i + GLOBAL_MAX_ITEMS);
        part += 1;
        const key = `global:${period}:${form}:${part}`;
        const items = chunk.map(globalConcept);
        const invoice = await repo.insertInvoice(tx, {
          kind: 'global',
          userId: null,
          paymentId: null,
          status: 'pending',
          sandbox: deps.service.mode === 'sandbox',
          receptor: { rfc: RFC_PUBLICO_GENERAL, name: 'PUBLICO EN GENERAL', tax_system: '616', zip, email: null },
          use: 'S01',
          paymentForm: form,
          items,
          totalCentavos: items.reduce((s, it) => s + it.amountCentavos, 0),
          period,
          globalKey: key,
          globalPayments: chunk.length,
          externalId: key,
          createdAt: now,
          updatedAt: now,
        });
        await repo.assignGlobal(
          tx,
          chunk.map((b) => b.paymentId),
          invoice.id,
          now,
        );
      }
    }
  });

  for (const row of await repo.globalInvoicesOf(deps.db, period)) {
    if (row.status === 'pending') await stampInvoice(deps, row.id);
  }
  return repo.globalInvoicesOf(deps.db, period);
}

/** The admin's view of a month: what its global invoice would take now, and the ones issued. */
export async function globalSummary(deps: InvoicesDeps, month: string): Promise<GlobalSummary> {
  const [open, invoices] = await Promise.all([repo.openBillableSummary(deps.db, month), repo.globalInvoicesOf(deps.db, month)]);
  return {
    month,
    pending_payments: open.payments,
    pending_total: fromCentavos(open.totalCentavos),
    closed: month < monthOf(deps.clock.now()),
    invoices: await toInvoiceDtos(deps, invoices),
  };
}

/** `POST /invoices/global`: an admin issues a closed month's global invoice now. */
export async function issueGlobal(deps: InvoicesDeps, input: { month: string }): Promise<GlobalSummary> {
  try {
    await issueGlobalInvoices(deps, input.month);
  } catch (error) {
    if (!(error instanceof StampUnavailableError)) throw error;
    for (const row of await repo.globalInvoicesOf(deps.db, input.month)) if (row.status === 'pending') await enqueueStamp(deps.jobs, row);
    throw invoiceErrors.unavailable(error);
  }
  return globalSummary(deps, input.month);
}

interface GlobalJobPayload {
  month: string;
}

/** One link of the monthly chain: the month's global invoice, then the next month's job, in the same commit as this one's end. */
export async function runGlobalJob(deps: InvoicesDeps, payload: GlobalJobPayload, ctx: JobContext): Promise<void> {
  try {
    const issued = await issueGlobalInvoices(deps, payload.month);
    if (issued.length > 0) deps.log?.info({ month: payload.month, invoices: issued.length }, 'factura global del mes emitida');
  } catch (error) {
    // Without our CP de expedición there is no global invoice: the admin view says so; the chain goes on.
    if (!(error instanceof Error && 'code' in error && error.code === 'invoices.issuer_missing')) throw error;
    deps.log?.warn({ month: payload.month }, 'factura global no emitida: falta COMPANY_TAX_ZIP (código postal de expedición)');
  }
  const next = nextMonth(payload.month);
  await ctx.commit(async (tx) => {
    await deps.jobs.enqueue<GlobalJobPayload>({ type: GLOBAL_JOB, key: `${GLOBAL_JOB}:${next}`, payload: { month: next }, runAt: globalRunAt(next) }, tx);
  });
}

/** Starts the monthly chain (idempotent by key): last month's if it never ran, and this month's. */
export async function scheduleGlobalInvoices(jobs: JobQueue, clock: Clock): Promise<void> {
  const current = monthOf(clock.now());
  for (const month of [previousMonth(current), current]) {
    await jobs.enqueue<GlobalJobPayload>({ type: GLOBAL_JOB, key: `${GLOBAL_JOB}:${month}`, payload: { month }, runAt: globalRunAt(month) });
  }
}
