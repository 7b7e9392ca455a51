import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WalletEntryType, WalletProvider } from '@envios/contracts/wallet';
import { users } from '../accounts/accounts.table.js';
import { shipments } from '../shipments/shipments.table.js';

/**
 * The wallet ('Monedero') ledger, append-only: a top-up ('abono', positive, pending
 * until paid), a charge for a shipment ('cargo', negative) or an overweight payment
 * ('pago_sobrepeso', negative). Balance = sum of the paid entries.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The human folio (`numberOfOrder`), sequential. */
    numberOfOrder: bigint('number_of_order', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 1000 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<WalletEntryType>().notNull(),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
    paid: boolean('paid').notNull().default(false),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    /** The admin who credited it ('Abonar' in Usuarios), for admin credits. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').$type<WalletProvider>(),
    providerReference: text('provider_reference'),
    /** Why the movement exists, in Spanish, when its type alone does not say it (a refund, a credit). */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * A top-up left unpaid (abandoned or declined, no payment open for it) after a day: shown as
     * 'Cancelado' and no longer payable. Money that still arrives for it is credited (paid wins).
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_entries_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('wallet_entries_type', sql`${t.type} in ('abono', 'cargo', 'pago_sobrepeso')`),
    check('wallet_entries_sign', sql`(${t.type} = 'abono' and ${t.amountCentavos} > 0) or (${t.type} <> 'abono' and ${t.amountCentavos} < 0)`),
    check('wallet_entries_provider', sql`${t.provider} is null or ${t.provider} in ('admin', 'paypal', 'oxxo', 'wallet')`),
  ],
);

/**
 * The running balance of each user, kept in the same transaction as every paid entry and locked
 * (SELECT … FOR UPDATE) by a charge, so concurrent charges never take it below zero.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balanceCentavos: bigint('balance_centavos', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallets_balance_not_negative', sql`${t.balanceCentavos} >= 0`)],
);
