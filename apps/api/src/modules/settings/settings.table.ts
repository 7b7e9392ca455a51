import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Values the installation itself owns, shared by every process on the database: the generated
 * signing and encryption key, and the fingerprint of the key the installation runs with.
 */
export const appSettings = pgTable('app_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
