import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiKeyMode, ApiKeyScope } from '@envios/contracts/developers';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { apiKeys } from './developers.table.js';

export type ApiKeyRow = Omit<typeof apiKeys.$inferSelect, 'tokenHash' | 'rateTokens' | 'rateAt'>;

const rowColumns = {
  id: apiKeys.id,
  userId: apiKeys.userId,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scope: apiKeys.scope,
  mode: apiKeys.mode,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

/** A live key with its account's state, for the auth hook. */
export interface KeyAuth {
  keyId: string;
  userId: string;
  prefix: string;
  scope: ApiKeyScope;
  mode: ApiKeyMode;
  rol: 'user' | 'admin';
  active: boolean;
  locked: boolean;
  purchasesBlocked: boolean;
}

const authColumns = {
  keyId: apiKeys.id,
  userId: apiKeys.userId,
  prefix: apiKeys.prefix,
  scope: apiKeys.scope,
  mode: apiKeys.mode,
  rol: users.rol,
  active: users.active,
  locked: users.locked,
  purchasesBlocked: users.purchasesBlocked,
};

export async function insertKey(
  tx: Executor,
  values: { userId: string; name: string; prefix: string; tokenHash: string; scope: ApiKeyScope; mode: ApiKeyMode; createdAt: Date },
): Promise<ApiKeyRow> {
  const [row] = await tx.insert(apiKeys).values(values).returning(rowColumns);
  return row!;
}

export async function countLiveKeys(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return Number(row?.n ?? 0);
}

/** The account's keys, live first, newest first (revoked ones stay listed). */
export async function listKeys(ex: Executor, userId: string): Promise<ApiKeyRow[]> {
  return ex
    .select(rowColumns)
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt))
    .limit(200);
}

/** Revokes one of the account's keys; a key already revoked keeps its date. Undefined: not the account's. */
export async function revokeKey(ex: Executor, userId: string, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  const [row] = await ex
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning(rowColumns);
  return row;
}

/** The live key behind a hash, with its account (no write): the embedded database's lookup, then cached. */
export async function findLiveKey(ex: Executor, tokenHash: string): Promise<KeyAuth | undefined> {
  const [row] = await ex
    .select(authColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.tokenHash, tokenHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row;
}

export async function touchLastUsed(ex: Executor, keyId: string, now: Date): Promise<void> {
  await ex.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, keyId));
}

/**
 * One statement per use where several processes share the database: the key is live, its token
 * bucket (`rate`/s, at most `burst`) has a token (taken), and its last use is now. No row: the
 * key is unknown or revoked, or its bucket is empty (`peekBucket` tells which).
 */
export async function takeToken(ex: Executor, tokenHash: string, now: Date, rate: number, burst: number): Promise<KeyAuth | undefined> {
  const at = now.toISOString();
  const refilled = sql`least(${burst}::float8, coalesce(${apiKeys.rateTokens}, ${burst}::float8) + greatest(0, extract(epoch from (${at}::timestamptz - coalesce(${apiKeys.rateAt}, ${at}::timestamptz)))) * ${rate}::float8)`;
  const [row] = await ex
    .update(apiKeys)
    .set({ rateTokens: sql`${refilled} - 1`, rateAt: now, lastUsedAt: now })
    .from(users)
    .where(and(eq(apiKeys.tokenHash, tokenHash), isNull(apiKeys.revokedAt), eq(users.id, apiKeys.userId), sql`${refilled} >= 1`))
    .returning(authColumns);
  return row;
}

/** The tokens a live key's bucket holds now (undefined: no live key with this hash). */
export async function peekBucket(ex: Executor, tokenHash: string, now: Date, rate: number, burst: number): Promise<number | undefined> {
  const at = now.toISOString();
  const [row] = await ex
    .select({
      tokens: sql<number>`least(${burst}::float8, coalesce(${apiKeys.rateTokens}, ${burst}::float8) + greatest(0, extract(epoch from (${at}::timestamptz - coalesce(${apiKeys.rateAt}, ${at}::timestamptz)))) * ${rate}::float8)`,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.tokenHash, tokenHash), isNull(apiKeys.revokedAt)));
  return row === undefined ? undefined : Number(row.tokens);
}
