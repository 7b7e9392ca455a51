import { sql } from 'drizzle-orm';
import type { PackageType } from '@envios/contracts/quotes';
import { bigint, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';

/**
 * Package templates ('Paquetes'): each belongs to one account and is found by its name (`name_key`
 * folds case, accents and spaces, so two templates never answer one name).
 */
export const parcelTemplates = pgTable(
  'parcel_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    shipmentType: text('shipment_type').$type<PackageType>().notNull(),
    /** Largo, Ancho, Alto in whole cm (the wizard's width, depth, height). */
    width: integer('width').notNull(),
    depth: integer('depth').notNull(),
    height: integer('height').notNull(),
    weightKg: numeric('weight_kg', { precision: 8, scale: 1, mode: 'number' }).notNull(),
    description: text('description').notNull(),
    insuredCentavos: bigint('insured_centavos', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('parcel_templates_user_name_unique').on(t.userId, t.nameKey),
    index('parcel_templates_user_created_idx').on(t.userId, t.createdAt),
    check('parcel_templates_type', sql`${t.shipmentType} in ('document', 'box', 'pallet')`),
    check('parcel_templates_insured', sql`${t.insuredCentavos} is null or ${t.insuredCentavos} > 0`),
  ],
);
