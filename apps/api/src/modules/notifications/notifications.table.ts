import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Messages kept instead of sent when no SMTP server (or WhatsApp account) is configured; admins
 * read them in the app. `key` is the sending job's key, so a retried job never stores twice.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    channel: text('channel', { enum: ['email', 'whatsapp'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    html: text('html'),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbox_key_unique').on(t.key),
    index('outbox_created_idx').on(t.createdAt),
    check('outbox_channel_check', sql`${t.channel} in ('email', 'whatsapp')`),
  ],
);
