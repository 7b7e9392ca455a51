import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export interface TaxInformationColumn {
  name: string;
  rfc: string;
  phone: string;
  address: string;
  colony: string;
  postal_code: string;
  state_city: string;
}

/** People with an account. `email` is stored trimmed and lower-case, so the unique index is enough. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    website: text('website'),
    passwordHash: text('password_hash').notNull(),
    rol: text('rol', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    active: boolean('active').notNull().default(false),
    /** The whole account is locked: no sign-in, no session ('Bloquear cuenta'). */
    locked: boolean('locked').notNull().default(false),
    /** May sign in, look and quote, never buy ('Bloquear compras'). */
    purchasesBlocked: boolean('purchases_blocked').notNull().default(false),
    /** First approval by an admin; null while the sign-up is pending approval. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    invoice: boolean('invoice').notNull().default(false),
    taxInformation: jsonb('tax_information').$type<TaxInformationColumn>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_created_idx').on(t.createdAt),
    check('users_rol_check', sql`${t.rol} in ('user', 'admin')`),
  ],
);

/** Sign-in sessions: only the SHA-256 of the token is stored; the token itself is never kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Password-recovery links: single use, short-lived, stored as SHA-256 like sessions. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Attempt counters for brute-force defence and rate limits, keyed like `login:pair:<e-mail>:<address>` or
 * `login:ip:<address>`. In the database so every API process sees the same counts.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
