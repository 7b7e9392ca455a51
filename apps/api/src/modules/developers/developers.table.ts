import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyMode, ApiKeyScope } from '@envios/contracts/developers';
import { users } from '../accounts/accounts.table.js';

/**
 * API keys («Desarrolladores»): like sessions, only the SHA-256 of the key is stored; the key is
 * shown once. A revoked key stays (with `revoked_at`) so the page can show it; nothing accepts it.
 * `rate_tokens`/`rate_at` are the key's token bucket when several processes share a PostgreSQL
 * (the embedded database keeps it in its one process's memory).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope').$type<ApiKeyScope>().notNull(),
    mode: text('mode').$type<ApiKeyMode>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    rateTokens: doublePrecision('rate_tokens'),
    rateAt: timestamp('rate_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_unique').on(t.tokenHash),
    index('api_keys_user_idx').on(t.userId, t.createdAt.desc()),
    check('api_keys_scope', sql`${t.scope} in ('read', 'write')`),
    check('api_keys_mode', sql`${t.mode} in ('live', 'test')`),
  ],
);

/** The channel a trigger (migration) announces a changed key or account on: the user's id. */
export const API_KEY_CHANNEL = 'api_keys';
