import { accountStatusOf, type User } from '@envios/contracts/accounts';
import type { Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { AccountsDeps } from './accounts.deps.js';
import { accountErrors } from './accounts.errors.js';
import * as repo from './accounts.repository.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Sessions last a fixed 30 days from sign-in (no sliding), and end earlier at sign-out. */
export const SESSION_TTL_MS = 30 * 24 * HOUR;
export const RESET_TOKEN_TTL_MS = HOUR;

/**
 * Brute-force and abuse limits, counted in the database so all processes share them. A guess is
 * charged to the address that makes it, never to the account it targets: whoever guesses one
 * account's password is slowed and then refused, while its owner, signing in from anywhere else,
 * always gets in.
 */
export const limits = {
  /** Attempts at one account from one address, counted before the check, reset by a success. */
  signInPerAccountAndAddress: { limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** From this many attempts at one account from one address, each waits a little longer. */
  signInSlowFrom: 3,
  /** Failed attempts per client address, whatever the account (one address trying many accounts). */
  signInFailuresPerAddress: { limit: 30, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Attempts at one account from every address: past this, each one waits, and none is refused. */
  signInAccountCeiling: { limit: 50, windowMs: 15 * MINUTE },
  /** Recovery e-mails per account; past it the request succeeds without a new e-mail (earlier links stay valid). */
  recoveryMailsPerAccount: { limit: 5, windowMs: HOUR },
  recoveryPerAddress: { limit: 10, windowMs: HOUR, blockMs: HOUR },
  signUpPerAddress: { limit: 10, windowMs: HOUR, blockMs: HOUR },
};

/** How long the n-th attempt at one account from one address waits (from `signInSlowFrom`). */
export function signInDelayMs(attemptsFromAddress: number, attemptsAtAccount: number): number {
  const fromAddress = attemptsFromAddress >= limits.signInSlowFrom ? 500 * 2 ** (attemptsFromAddress - limits.signInSlowFrom) : 0;
  const atAccount = attemptsAtAccount > limits.signInAccountCeiling.limit ? 2_000 : 0;
  return Math.min(4_000, Math.max(fromAddress, atAccount));
}

/** A throttle limit that is never reached: the counter only counts. */
export const COUNT_ONLY = 2_147_483_647;

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function url(deps: AccountsDeps, path: string): string {
  return `${deps.appUrl.replace(/\/+$/, '')}${path}`;
}

export function toUserDto(row: repo.UserRow): User {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    website: row.website,
    rol: row.rol,
    active: row.active,
    locked: row.locked,
    purchasesBlocked: row.purchasesBlocked,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    status: accountStatusOf(row),
    invoice: row.invoice,
    taxInformation: row.taxInformation,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Counts `cost` attempts for `key` (shared by every process) and answers 429 once past `limit` in the window. */
export async function guardRate(
  deps: { db: Executor; clock: Clock },
  key: string,
  rule: { limit: number; windowMs: number; blockMs: number },
  cost = 1,
): Promise<void> {
  const now = deps.clock.now();
  const hit = await repo.hitThrottle(deps.db, { key, ...rule, now, cost });
  if (hit.blockedUntil && hit.blockedUntil > now) throw accountErrors.tooManyRequests(hit.blockedUntil, now);
}
