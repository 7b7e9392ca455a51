import { sql } from 'drizzle-orm';
import type { ContactStatus } from '@envios/contracts/contact';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';

/** Messages from the contact form ('Ponte en contacto con nosotros'), read and answered by admins. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The sender's account when they wrote signed in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    web: text('web').notNull(),
    message: text('message').notNull(),
    /** Shipments a month, asked only of people who already ship. */
    numberShipment: integer('number_shipment'),
    status: text('status').$type<ContactStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc()),
    index('contact_messages_status_idx').on(t.status, t.createdAt.desc()),
    check('contact_messages_status', sql`${t.status} in ('open', 'answered', 'closed')`),
  ],
);

/** What admins answered, by e-mail; one row per answer. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written at the time, so the history reads the same if the admin account goes. */
    authorName: text('author_name').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
);
