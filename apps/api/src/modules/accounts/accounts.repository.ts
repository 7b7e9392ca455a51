import { and, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../shared/pagination.js';
import { accountErrors } from './accounts.errors.js';
import { authThrottle, passwordResetTokens, sessions, users, type TaxInformationColumn } from './accounts.table.js';

export interface UserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  website: string | null;
  rol: 'user' | 'admin';
  active: boolean;
  locked: boolean;
  purchasesBlocked: boolean;
  approvedAt: Date | null;
  invoice: boolean;
  taxInformation: TaxInformationColumn | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Every column a caller may see; the password hash is selected only where it is checked. */
const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  website: users.website,
  rol: users.rol,
  active: users.active,
  locked: users.locked,
  purchasesBlocked: users.purchasesBlocked,
  approvedAt: users.approvedAt,
  invoice: users.invoice,
  taxInformation: users.taxInformation,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function insertUser(
  db: Executor,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    phone: string;
    website: string | null;
    passwordHash: string;
    rol: 'user' | 'admin';
    active: boolean;
    now: Date;
  },
): Promise<UserRow> {
  const { now, ...values } = input;
  try {
    const rows = await db
      .insert(users)
      // An account created active (by an admin, or the bootstrap admin) is approved at once.
      .values({ ...values, approvedAt: values.active ? now : null, createdAt: now, updatedAt: now })
      .returning(userColumns);
    return rows[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw accountErrors.emailTaken();
    throw error;
  }
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const rows = await db.select(userColumns).from(users).where(eq(users.id, id));
  return rows[0];
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await db.select(userColumns).from(users).where(eq(users.email, email));
  return rows[0];
}

export async function findCredentialsByEmail(db: Executor, email: string): Promise<(UserRow & { passwordHash: string }) | undefined> {
  const rows = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  return rows[0];
}

export async function findPasswordHash(db: Executor, id: string): Promise<string | undefined> {
  const rows = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  return rows[0]?.passwordHash;
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Partial<{
    firstName: string;
    lastName: string;
    website: string | null;
    passwordHash: string;
    rol: 'user' | 'admin';
    active: boolean;
    locked: boolean;
    purchasesBlocked: boolean;
    approvedAt: Date;
    invoice: boolean;
    taxInformation: TaxInformationColumn;
  }>,
  now: Date,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, id))
    .returning(userColumns);
  return rows[0];
}

export async function listUsers(
  db: Executor,
  opts: { filter?: string | undefined; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  let where: SQL | undefined;
  if (opts.filter) {
    const pattern = `%${escapeLike(opts.filter)}%`;
    where = or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern), ilike(users.phone, pattern));
  }
  const [rows, totals] = await Promise.all([
    db.select(userColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(opts.limit).offset(opts.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Name and e-mail of these users (other modules' lists show who paid). */
export async function findUserSummaries(db: Executor, ids: readonly string[]): Promise<{ id: string; email: string; firstName: string; lastName: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** Ids of the users whose first name, last name or e-mail contains `text` (case-insensitive), at most `limit`. */
export async function findUserIdsMatching(db: Executor, text: string, limit: number): Promise<string[]> {
  const pattern = `%${escapeLike(text)}%`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function findActiveAdminEmails(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.rol, 'admin'), eq(users.active, true), eq(users.locked, false)));
  return rows.map((r) => r.email);
}

// ---------------------------------------------------------------- sessions

export async function insertSession(
  db: Executor,
  input: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<{ id: string }> {
  const rows = await db.insert(sessions).values(input).returning({ id: sessions.id });
  return rows[0]!;
}

export interface SessionUser {
  sessionId: string;
  id: string;
  rol: 'user' | 'admin';
  active: boolean;
  locked: boolean;
  purchasesBlocked: boolean;
}

/** The user behind a live session: not revoked and not expired. */
export async function findSessionUser(db: Executor, tokenHash: string, now: Date): Promise<SessionUser | undefined> {
  const rows = await db
    .select({ sessionId: sessions.id, id: users.id, rol: users.rol, active: users.active, locked: users.locked, purchasesBlocked: users.purchasesBlocked })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return rows[0];
}

export async function revokeSessionByHash(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Executor, userId: string, now: Date, exceptSessionId?: string): Promise<void> {
  const filters = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) filters.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...filters));
}

// ---------------------------------------------------------------- password recovery

export async function insertResetToken(db: Executor, input: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(input);
}

/** Older unused links stop working when a new one is requested or one is used. */
export async function invalidateResetTokens(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Uses the link atomically: answers its user only for an unused, unexpired link. */
export async function consumeResetToken(db: Executor, tokenHash: string, now: Date): Promise<string | undefined> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  return rows[0]?.userId;
}

// ---------------------------------------------------------------- throttle

/**
 * Counts one attempt for `key` in a fixed window and blocks the key for `blockMs` once the count
 * passes `limit`. One statement, so concurrent attempts from many processes count exactly.
 */
export async function hitThrottle(
  db: Executor,
  opts: { key: string; limit: number; windowMs: number; blockMs: number; now: Date; cost?: number },
): Promise<{ attempts: number; blockedUntil: Date | null }> {
  const cost = opts.cost ?? 1;
  const windowStart = new Date(opts.now.getTime() - opts.windowMs);
  const blockUntil = new Date(opts.now.getTime() + opts.blockMs);
  // Raw SQL gets ISO strings: PGlite does not serialise Date parameters of unknown type.
  const expired = sql`${authThrottle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  const nextAttempts = sql`case when ${expired} then ${cost}::int else ${authThrottle.attempts} + ${cost}::int end`;
  const rows = await db
    .insert(authThrottle)
    .values({ key: opts.key, attempts: cost, windowStartedAt: opts.now, blockedUntil: opts.limit < cost ? blockUntil : null })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        attempts: nextAttempts,
        windowStartedAt: sql`case when ${expired} then ${opts.now.toISOString()}::timestamptz else ${authThrottle.windowStartedAt} end`,
        blockedUntil: sql`case when ${nextAttempts} > ${opts.limit}::int then ${blockUntil.toISOString()}::timestamptz else ${authThrottle.blockedUntil} end`,
      },
    })
    .returning({ attempts: authThrottle.attempts, blockedUntil: authThrottle.blockedUntil });
  return rows[0]!;
}

/** The latest moment until which any of the keys is blocked, if one is blocked now. */
export async function findThrottleBlock(db: Executor, keys: string[], now: Date): Promise<Date | undefined> {
  const rows = await db
    .select({ blockedUntil: authThrottle.blockedUntil })
    .from(authThrottle)
    .where(and(inArray(authThrottle.key, keys), gt(authThrottle.blockedUntil, now)));
  const times = rows.map((r) => r.blockedUntil!.getTime());
  return times.length ? new Date(Math.max(...times)) : undefined;
}

export async function clearThrottle(db: Executor, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** Removes one key and every key that starts with `prefix`. */
export async function clearThrottlesOf(db: Executor, key: string, prefix: string): Promise<void> {
  await db.delete(authThrottle).where(or(eq(authThrottle.key, key), like(authThrottle.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`)));
}

export async function clearThrottles(db: Executor, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
}

// ---------------------------------------------------------------- daily cleanup

const DAY = 86_400_000;
/** Sessions and links are kept this long after they end, for support questions. */
export const ENDED_SESSION_RETENTION_MS = 7 * DAY;

/** Attempt counters whose window and block are long over, sessions ended a week ago, spent recovery links. */
export async function deleteStaleAccountRows(db: Executor, now: Date): Promise<{ throttles: number; sessions: number; resetTokens: number }> {
  const dayAgo = new Date(now.getTime() - DAY);
  const retention = new Date(now.getTime() - ENDED_SESSION_RETENTION_MS);
  const throttles = await db
    .delete(authThrottle)
    .where(and(lt(authThrottle.windowStartedAt, dayAgo), or(isNull(authThrottle.blockedUntil), lt(authThrottle.blockedUntil, now))))
    .returning({ key: authThrottle.key });
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, retention), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, retention))))
    .returning({ id: sessions.id });
  const links = await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, retention)).returning({ id: passwordResetTokens.id });
  return { throttles: throttles.length, sessions: ended.length, resetTokens: links.length };
}
