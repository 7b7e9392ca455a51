import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { idempotencyKeys } from './idempotency.table.js';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** Takes the key for this request; false when a row exists already (read it). */
export async function claimKey(
  ex: Executor,
  values: { userId: string; key: string; fingerprint: string; now: Date; lockedUntil: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await ex
    .insert(idempotencyKeys)
    .values({
      userId: values.userId,
      key: values.key,
      fingerprint: values.fingerprint,
      status: 'running',
      lockedUntil: values.lockedUntil,
      createdAt: values.now,
      expiresAt: values.expiresAt,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findKey(ex: Executor, userId: string, key: string): Promise<IdempotencyRow | undefined> {
  const [row] = await ex
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** Drops a key whose 24 hours are over (then the request takes it anew). */
export async function dropExpired(ex: Executor, userId: string, key: string, now: Date): Promise<void> {
  await ex.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), lt(idempotencyKeys.expiresAt, now)));
}

export async function saveAnswer(ex: Executor, userId: string, key: string, answer: { status: number; type: string; body: string }): Promise<void> {
  await ex
    .update(idempotencyKeys)
    .set({ status: 'done', responseStatus: answer.status, responseType: answer.type, responseBody: answer.body, lockedUntil: null })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, 'running')));
}

/** A request that failed on our side (5xx) or could not be kept gives its key back: a retry runs again. */
export async function releaseKey(ex: Executor, userId: string, key: string): Promise<void> {
  await ex.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, 'running')));
}

export async function deleteExpired(ex: Executor, now: Date): Promise<number> {
  const rows = await ex.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now)).returning({ key: idempotencyKeys.key });
  return rows.length;
}

export async function countKeys(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.userId, userId));
  return Number(row?.n ?? 0);
}
