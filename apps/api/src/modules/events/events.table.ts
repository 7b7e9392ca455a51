import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';

/**
 * The outbox: one row per domain event, inserted in the same transaction as the change it tells
 * (a rolled-back change leaves none). Subscribers are handed each event from here (events.usecases.ts);
 * `id` is the event's identity everywhere (webhook receivers deduplicate by it).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey(),
    /** Insertion order, for stable listings. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    type: text('type').notNull(),
    /** The account the event belongs to (its webhooks receive it); null for none. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What changed (a shipment's or a payment's id), for lookups. */
    subjectId: text('subject_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('domain_events_user_idx').on(t.userId, t.seq.desc()),
    index('domain_events_subject_idx').on(t.subjectId),
    index('domain_events_created_idx').on(t.createdAt),
  ],
);
