import { sql } from 'drizzle-orm';
import type { CancellationMotive, InvoiceItem, InvoiceKind, InvoiceStatus, Receptor } from '@envios/contracts/invoices';
import type { PaymentMethod, PaymentPurpose } from '@envios/contracts/payments';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { payments } from '../payments/payments.table.js';

/** A concept as stored: what the stamping service is sent and what the sandbox documents print. */
export interface StoredItem extends Omit<InvoiceItem, 'amount'> {
  amountCentavos: number;
  /** NoIdentificacion (the payment folio of a global invoice's concept). */
  sku?: string | undefined;
}

/**
 * Every CFDI we ask the stamping service for: one per payment (kind `payment`) or a month's global
 * invoice to the general public (kind `global`). The row exists before the service is called, so
 * a retry or a second process finds it: `idempotency_key` (the row and its round) goes to the
 * service, which answers the same invoice for the same key; a claim with a lease
 * (`claim_token`, `claimed_until`) lets one caller at a time talk to the service about it.
 * Fiscal documents outlive the account and the payment: those references only turn null.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Our own sequential number, the folio the sandbox prints. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 1 }).notNull(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    status: text('status').$type<InvoiceStatus>().notNull(),
    /** Issued offline or with a test key: «Sin validez fiscal». */
    sandbox: boolean('sandbox').notNull(),
    receptor: jsonb('receptor').$type<Receptor>().notNull(),
    use: text('use').notNull(),
    paymentForm: text('payment_form').notNull(),
    paymentMethod: text('payment_method').notNull().default('PUE'),
    items: jsonb('items').$type<StoredItem[]>().notNull(),
    totalCentavos: bigint('total_centavos', { mode: 'number' }).notNull(),
    /** The Mexico City month of the money it covers, `YYYY-MM`. */
    period: text('period').notNull(),
    /** A global invoice's month, form of payment and part: one invoice per key. */
    globalKey: text('global_key'),
    globalPayments: integer('global_payments'),
    /** Sent as `external_id`: our payment id (a global invoice: its key). */
    externalId: text('external_id').notNull(),
    /** Each new round (after a refusal the seller fixed) is a new request, with a new idempotency key. */
    stampRound: integer('stamp_round').notNull().default(1),
    /** Calls made in this round: after the first, the service is asked whether it already made it. */
    stampAttempts: integer('stamp_attempts').notNull().default(0),
    claimToken: text('claim_token'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The stamping service's invoice id, its folio fiscal, series and folio. */
    providerId: text('provider_id'),
    uuid: text('uuid'),
    series: text('series'),
    folioNumber: integer('folio_number'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** The service's refusal, in its words, and the field it named. */
    failureMessage: text('failure_message'),
    failurePath: text('failure_path'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    cancelMotive: text('cancel_motive').$type<CancellationMotive>(),
    cancelSubstitution: text('cancel_substitution'),
    cancellationStatus: text('cancellation_status'),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Motive 01: the invoice this one replaces (its folio fiscal goes in related_documents). */
    replacesInvoiceId: uuid('replaces_invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('invoices_status_created_idx').on(t.status, t.createdAt.desc()),
    index('invoices_payment_idx').on(t.paymentId),
    uniqueIndex('invoices_uuid_unique')
      .on(t.uuid)
      .where(sql`${t.uuid} is not null`),
    uniqueIndex('invoices_global_key_unique')
      .on(t.globalKey)
      .where(sql`${t.globalKey} is not null`),
    uniqueIndex('invoices_replaces_unique')
      .on(t.replacesInvoiceId)
      .where(sql`${t.replacesInvoiceId} is not null`),
    check('invoices_kind', sql`${t.kind} in ('payment', 'global')`),
    check('invoices_status', sql`${t.status} in ('pending', 'valid', 'failed', 'cancelling', 'cancelled')`),
    check('invoices_total', sql`${t.totalCentavos} > 0`),
  ],
);

/**
 * The money we received that must be invoiced: one row per paid payment that was not paid from the
 * wallet, written by the durable job the payment's confirmation enqueues (its primary key is the
 * payment: never twice). It points at the payment's own invoice, or at the month's global invoice
 * that took it, or says it is not to be invoiced (cancelled with motive 03).
 */
export const billablePayments = pgTable(
  'billable_payments',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentFolio: bigint('payment_folio', { mode: 'number' }).notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
    /** c_FormaPago of the method when it was paid. */
    paymentForm: text('payment_form').notNull(),
    /** The top-up it paid (Monedero links its invoice). */
    walletEntryId: uuid('wallet_entry_id'),
    description: text('description').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    period: text('period').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    globalInvoiceId: uuid('global_invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** Cancelled with motive 03 (the operation did not happen): never invoiced again. */
    excludedAt: timestamp('excluded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billable_payments_user_paid_idx').on(t.userId, t.paidAt.desc()),
    index('billable_payments_wallet_entry_idx')
      .on(t.walletEntryId)
      .where(sql`${t.walletEntryId} is not null`),
    index('billable_payments_invoice_idx').on(t.invoiceId),
    index('billable_payments_global_invoice_idx').on(t.globalInvoiceId),
    // The month's global invoice reads the payments not in one yet.
    index('billable_payments_open_period_idx')
      .on(t.period, t.paidAt)
      .where(sql`${t.globalInvoiceId} is null and ${t.excludedAt} is null`),
  ],
);

/** The stamping service's customer record of an account («Validar datos» creates it, then updates it). */
export const invoiceCustomers = pgTable('invoice_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  providerCustomerId: text('provider_customer_id').notNull(),
  /** Which service made it: a sandbox id means nothing to the real one. */
  live: boolean('live').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
