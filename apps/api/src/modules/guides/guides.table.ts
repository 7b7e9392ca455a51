import { sql } from 'drizzle-orm';
import type { GuideSource, InventoryStatus, LabelFormat } from '@envios/contracts/guides';
import { boolean, check, customType, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { carrierServices } from '../carriers/carriers.table.js';
import { shipments } from '../shipments/shipments.table.js';
import { payments } from '../payments/payments.table.js';

/**
 * Prepaid guide numbers per service (guide source `inventory`). A payment attempt
 * reserves one per shipment (FOR UPDATE SKIP LOCKED), its confirmation keeps it, and the guide job
 * marks it used; an attempt that closes unpaid gives it back. A shipment holds at most one.
 */
export const guideInventory = pgTable(
  'guide_inventory',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => carrierServices.id, { onDelete: 'cascade' }),
    guideNumber: text('guide_number').notNull(),
    status: text('status').$type<InventoryStatus>().notNull().default('available'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    /** Seeded for the offline demo, not a real carrier guide. */
    demo: boolean('demo').notNull().default(false),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reservedAt: timestamp('reserved_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    unique('guide_inventory_service_number_unique').on(t.serviceId, t.guideNumber),
    uniqueIndex('guide_inventory_shipment_unique')
      .on(t.shipmentId)
      .where(sql`${t.shipmentId} is not null`),
    index('guide_inventory_service_status_idx').on(t.serviceId, t.status),
    index('guide_inventory_payment_idx')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    check('guide_inventory_status', sql`${t.status} in ('available', 'reserved', 'used')`),
  ],
);

/** Raw bytes: node-postgres reads a Buffer, PGlite a Uint8Array; code always sees a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * One row per issued guide (written by the guides job in the same transaction that sets
 * `shipments.number_guide`): where the number came from, whether it is a sandbox number (the label
 * then carries the sandbox band) and, when the carrier sent its own label, that PDF.
 */
export const guideLabels = pgTable(
  'guide_labels',
  {
    shipmentId: uuid('shipment_id')
      .primaryKey()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    guideNumber: text('guide_number').notNull(),
    source: text('source').$type<GuideSource>().notNull(),
    sandbox: boolean('sandbox').notNull(),
    pieceNumbers: text('piece_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The carrier's own label, served instead of ours; null: we draw it. */
    pdf: bytea('pdf'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('guide_labels_source', sql`${t.source} in ('inventory', 'carrier_api')`)],
);

/** «Configuración de impresión»: the label format an account's downloads use when none is asked. */
export const labelPreferences = pgTable(
  'label_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format').$type<LabelFormat>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('label_preferences_format', sql`${t.format} in ('pdf4x6', 'pdfletter', 'zpl')`)],
);
