import { sql } from 'drizzle-orm';
import type { PaymentMethod, PaymentPurpose, PaymentShareKind, PaymentStatus } from '@envios/contracts/payments';
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { shipments } from '../shipments/shipments.table.js';
import { walletEntries } from '../wallet/wallet.table.js';

/**
 * One row per payment attempt: who pays, how, how much and for what. The row is
 * locked (FOR UPDATE) by every confirmation, so a capture answer and a webhook arriving together,
 * or the same webhook ten times, apply once: only the change from an open status to `paid` has
 * effects.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Folio shown to admins. */
    numberOfOrder: bigint('number_of_order', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 1000 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').$type<PaymentMethod>().notNull(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    /** The top-up this payment pays (purpose `topup`). */
    walletEntryId: uuid('wallet_entry_id').references(() => walletEntries.id, { onDelete: 'set null' }),
    /** Where the receipt and label links go. */
    email: text('email'),
    /** Offline provider (no real money). */
    sandbox: boolean('sandbox').notNull().default(false),
    /** PayPal order id or Conekta order id. */
    providerOrderId: text('provider_order_id'),
    /** PayPal capture id or Conekta charge id, once paid. */
    providerCaptureId: text('provider_capture_id'),
    /** The OXXO reference the buyer dictates at the store. */
    oxxoReference: text('oxxo_reference'),
    oxxoBarcodeUrl: text('oxxo_barcode_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Sent to the provider so a retried call never creates or captures twice. */
    requestId: text('request_id').notNull(),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** Anything the provider answered that explains the outcome (issue, debug id, event ids). */
    providerData: jsonb('provider_data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('payments_status_created_idx').on(t.status, t.createdAt.desc()),
    uniqueIndex('payments_provider_order_unique')
      .on(t.method, t.providerOrderId)
      .where(sql`${t.providerOrderId} is not null`),
    uniqueIndex('payments_oxxo_reference_unique')
      .on(t.oxxoReference)
      .where(sql`${t.oxxoReference} is not null`),
    uniqueIndex('payments_request_id_unique').on(t.requestId),
    check('payments_amount', sql`${t.amountCentavos} > 0`),
    check('payments_method', sql`${t.method} in ('paypal', 'paypal-plus', 'oxxo', 'monedero')`),
    check('payments_purpose', sql`${t.purpose} in ('shipments', 'topup', 'overweight')`),
    check('payments_status', sql`${t.status} in ('created', 'pending', 'paid', 'declined', 'expired', 'cancelled', 'failed')`),
  ],
);

/** The shipments a payment covers and each one's share (the shipment's total, or its overweight). */
export const paymentShipments = pgTable(
  'payment_shipments',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
    /**
     * The service the shipment had when the attempt opened. A confirmation pays the shipment only
     * if its total and service are still these; otherwise the money goes to the payer's wallet.
     */
    serviceId: uuid('service_id'),
    /**
     * What the share pays: the shipment itself, or the overweight an admin recorded on an earlier
     * (already paid) shipment of the same customer, which joins their next purchase.
     */
    kind: text('kind').$type<PaymentShareKind>().notNull().default('shipment'),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.shipmentId] }),
    index('payment_shipments_shipment_idx').on(t.shipmentId),
    check('payment_shipments_kind', sql`${t.kind} in ('shipment', 'overweight')`),
  ],
);

/**
 * The offline PayPal's orders (no real money). In the database rather than in memory, so an
 * order approved before a restart can still be captured, and any process can capture it.
 */
export const paypalSandboxOrders = pgTable(
  'paypal_sandbox_orders',
  {
    orderId: text('order_id').primaryKey(),
    /** PayPal-Request-Id of the creation: the same id answers the same order. */
    requestId: text('request_id').notNull(),
    status: text('status').notNull(),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
    referenceId: text('reference_id').notNull(),
    customId: text('custom_id'),
    description: text('description').notNull(),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** The buyer chose "decline" on the sandbox page: the next capture is refused. */
    declineNextCapture: boolean('decline_next_capture').notNull().default(false),
    captureId: text('capture_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('paypal_sandbox_orders_request_unique').on(t.requestId)],
);
