import {
  billingStateLabels,
  cancellationMotiveLabels,
  invoiceStatusLabels,
  type BillablePayment,
  type BillingState,
  type Invoice,
  type InvoiceLink,
} from '@envios/contracts/invoices';
import { fromCentavos } from '@envios/contracts/money';
import { formaPagoLabel } from '@envios/contracts/sat/catalogs';
import { taxBreakdown } from './invoices.concepts.js';
import type { BillableRow, BillableWithInvoice, InvoiceRow } from './invoices.repository.js';

/** Invoices and billable payments as the API answers them. */

export function toInvoiceDto(
  row: InvoiceRow,
  extra: { billable?: Pick<BillableRow, 'paymentFolio' | 'method'> | undefined; user?: { name: string; email: string } | undefined } = {},
): Invoice {
  const { subtotalCentavos, ivaCentavos, totalCentavos } = taxBreakdown(row.items);
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    status_label: invoiceStatusLabels[row.status],
    sandbox: row.sandbox,
    uuid: row.uuid,
    series: row.series,
    folio_number: row.folioNumber,
    issued_at: row.issuedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    period: row.period,
    total: fromCentavos(totalCentavos),
    subtotal: fromCentavos(subtotalCentavos),
    iva: fromCentavos(ivaCentavos),
    payment_id: row.paymentId,
    payment_folio: extra.billable?.paymentFolio ?? null,
    payment_method: extra.billable?.method ?? null,
    user: row.userId && extra.user ? { _id: row.userId, ...extra.user } : null,
    receptor: row.receptor,
    use: row.use,
    payment_form: row.paymentForm,
    payment_form_label: formaPagoLabel(row.paymentForm),
    items: row.items.map((i) => ({
      description: i.description,
      quantity: i.quantity,
      amount: fromCentavos(i.amountCentavos),
      product_key: i.product_key,
      unit_key: i.unit_key,
    })),
    failure: row.failureMessage && row.failedAt ? { message: row.failureMessage, path: row.failurePath, at: row.failedAt.toISOString() } : null,
    cancellation:
      row.cancelMotive && row.cancelRequestedAt
        ? {
            motive: row.cancelMotive,
            motive_label: cancellationMotiveLabels[row.cancelMotive],
            substitution: row.cancelSubstitution,
            status: row.cancellationStatus ?? 'pending',
            requested_at: row.cancelRequestedAt.toISOString(),
          }
        : null,
    replaces: row.replacesInvoiceId,
    global: row.kind === 'global' ? { month: row.period, payments: row.globalPayments ?? row.items.length } : null,
  };
}

/** Where a billable payment stands: its invoice, the global one, or still without one. */
export function billingStateOf(row: BillableWithInvoice, currentMonth: string): BillingState {
  if (row.excludedAt) return 'excluded';
  if (row.globalInvoiceId) return 'global';
  switch (row.invoiceStatus) {
    case 'valid':
    case 'cancelling':
      return 'invoiced';
    case 'pending':
      return 'pending';
    case 'failed':
      return row.period < currentMonth ? 'closed' : 'failed';
    default:
      return row.period < currentMonth ? 'closed' : 'awaiting';
  }
}

export function toBillableDto(
  row: BillableWithInvoice,
  currentMonth: string,
  canRequest: (state: BillingState) => { ok: boolean; reason: string | null },
): BillablePayment {
  const state = billingStateOf(row, currentMonth);
  const request = canRequest(state);
  return {
    payment_id: row.paymentId,
    payment_folio: row.paymentFolio,
    paid_at: row.paidAt.toISOString(),
    period: row.period,
    amount: fromCentavos(row.amountCentavos),
    method: row.method,
    purpose: row.purpose,
    description: row.description,
    state,
    state_label: billingStateLabels[state],
    invoice_id: row.invoiceId,
    can_request: request.ok,
    reason: request.reason,
  };
}

export function toLinkDto(row: BillableWithInvoice, currentMonth: string): InvoiceLink {
  const state = billingStateOf(row, currentMonth);
  return {
    payment_id: row.paymentId,
    wallet_entry_id: row.walletEntryId,
    state,
    state_label: billingStateLabels[state],
    invoice_id: state === 'global' ? row.globalInvoiceId : row.invoiceId,
    sandbox: row.invoiceSandbox ?? false,
    failure: row.invoiceStatus === 'failed' ? row.invoiceFailure : null,
  };
}
