import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';

/** Saved addresses ('Direcciones', `/api/v1/locations-user`): each belongs to one user. */
export const savedLocations = pgTable(
  'saved_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** The street alone; number and interior apart (the API also answers them joined). */
    street: text('street').notNull(),
    number: text('number').notNull(),
    intNumber: text('int_number').notNull().default(''),
    reference: text('reference').notNull().default(''),
    colony: text('colony').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    stateCode: text('state_code').notNull().default(''),
    countryCode: text('country_code').notNull().default('MX'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_locations_user_idx').on(t.userId, t.createdAt)],
);
