import { sql } from 'drizzle-orm';
import type { PickupStatus } from '@envios/contracts/pickups';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { shipments } from '../shipments/shipments.table.js';

/** Pickup requests ('Recolección'): one per paid shipment that asked for a local pickup. */
export const pickups = pgTable(
  'pickups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    service: text('service').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    address: text('address'),
    status: text('status').$type<PickupStatus>().notNull().default('Pendiente'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pickups_shipment_unique')
      .on(t.shipmentId)
      .where(sql`${t.shipmentId} is not null`),
    index('pickups_created_idx').on(t.createdAt.desc()),
    index('pickups_user_idx').on(t.userId, t.createdAt.desc()),
    check('pickups_status', sql`${t.status} in ('Pendiente', 'En Progreso', 'Completado', 'Cancelado')`),
  ],
);
