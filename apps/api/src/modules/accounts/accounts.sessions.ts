import type { FastifyBaseLogger } from 'fastify';
import { accountStatusOf, taxInformationSchema, type User } from '@envios/contracts/accounts';
import { fromCentavos } from '@envios/contracts/money';
import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { commonErrors } from '../../shared/errors.js';
import { toPage } from '../../shared/pagination.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import { balancesFor } from '../wallet/wallet.usecases.js';
import {
  accountApprovedMail,
  accountApprovedWhatsApp,
  accountAwaitingApprovalMail,
  passwordRecoveryMail,
  welcomePendingMail,
} from '../notifications/notifications.usecases.js';
import { accountErrors } from './accounts.errors.js';
import * as repo from './accounts.repository.js';
import type { TaxInformationColumn } from './accounts.table.js';
import { burnPasswordCheck, digestToken, hashPassword, newSecretToken, verifyPassword } from './passwords.js';
import type { SessionCache } from './session-cache.js';

export type { SessionUser } from './accounts.repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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
const COUNT_ONLY = 2_147_483_647;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface AccountsDeps {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  queue: JobQueue;
  appUrl: string;
  /** Name of the approved WhatsApp template for the approval notice, when there is one. */
  whatsappApprovalTemplate?: string | undefined;
  log?: FastifyBaseLogger;
  /** Recent session answers of this process (session-cache.ts); none: every request asks the database. */
  sessionCache?: SessionCache | undefined;
  /** How sign-in waits when slowed down (tests record it instead). */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

export type { Caller } from '../../plugins/auth.js';

export interface ClientInfo {
  ip: string;
  userAgent?: string | undefined;
}

function url(deps: AccountsDeps, path: string): string {
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
export async function guardRate(deps: { db: Executor; clock: Clock }, key: string, rule: { limit: number; windowMs: number; blockMs: number }, cost = 1): Promise<void> {
  const now = deps.clock.now();
  const hit = await repo.hitThrottle(deps.db, { key, ...rule, now, cost });
  if (hit.blockedUntil && hit.blockedUntil > now) throw accountErrors.tooManyRequests(hit.blockedUntil, now);
}

// ---------------------------------------------------------------- sign-up

/** The account starts inactive and always as `user`, whatever the body says. */
export async function signUp(
  deps: AccountsDeps,
  input: { firstName: string; lastName: string; email: string; phone: string; password: string; website?: string | undefined },
  client: ClientInfo,
): Promise<{ _id: string; active: boolean }> {
  await guardRate(deps, `signup:ip:${client.ip}`, limits.signUpPerAddress);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const user = await deps.db.transaction(async (tx) => {
    const created = await repo.insertUser(tx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      website: input.website ?? null,
      passwordHash,
      rol: 'user',
      active: false,
      now,
    });
    await deps.notifier.sendEmail({ key: `mail:welcome:${created.id}`, to: created.email, mail: welcomePendingMail(created) }, tx);
    for (const adminEmail of await repo.findActiveAdminEmails(tx)) {
      await deps.notifier.sendEmail(
        {
          key: `mail:awaiting-approval:${created.id}:${adminEmail}`,
          to: adminEmail,
          mail: accountAwaitingApprovalMail({ ...created, usersUrl: url(deps, '/users') }),
        },
        tx,
      );
    }
    return created;
  });
  deps.queue.wake();
  return { _id: user.id, active: user.active };
}

// ---------------------------------------------------------------- sign-in and sessions

export async function signIn(
  deps: AccountsDeps,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const pairKey = `login:pair:${input.email}:${client.ip}`;
  const accountKey = `login:account:${input.email}`;
  const addressKey = `login:ip:${client.ip}`;
  const startedAt = deps.clock.now();
  const blocked = await repo.findThrottleBlock(deps.db, [pairKey, addressKey], startedAt);
  if (blocked) throw accountErrors.tooManySignIns(blocked, startedAt);
  // Counted before the check, so a burst of parallel guesses cannot slip past the limit.
  const pair = await repo.hitThrottle(deps.db, { key: pairKey, ...limits.signInPerAccountAndAddress, now: startedAt });
  if (pair.blockedUntil && pair.blockedUntil > startedAt) throw accountErrors.tooManySignIns(pair.blockedUntil, startedAt);
  // The account-wide count only ever delays (never blocks): nobody can lock an owner out.
  const account = await repo.hitThrottle(deps.db, { key: accountKey, ...limits.signInAccountCeiling, blockMs: 0, limit: COUNT_ONLY, now: startedAt });
  const delay = signInDelayMs(pair.attempts, account.attempts);
  if (delay > 0) await (deps.sleep ?? realSleep)(delay);

  const user = await repo.findCredentialsByEmail(deps.db, input.email);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
  const now = deps.clock.now();
  if (!user || !valid) {
    await repo.hitThrottle(deps.db, { key: addressKey, ...limits.signInFailuresPerAddress, now });
    deps.log?.info({ event: 'sign_in_failed', known: Boolean(user) }, 'inicio de sesión rechazado');
    throw accountErrors.invalidCredentials();
  }
  await repo.clearThrottles(deps.db, [pairKey, accountKey]);
  if (user.locked) throw accountErrors.locked();
  if (!user.active) throw accountErrors.inactive();

  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await repo.insertSession(deps.db, {
    userId: user.id,
    tokenHash: digestToken(token),
    createdAt: now,
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  return { id: user.id, token, expiresAt };
}

export async function signOut(deps: AccountsDeps, token: string): Promise<void> {
  const hash = digestToken(token);
  await repo.revokeSessionByHash(deps.db, hash, deps.clock.now());
  deps.sessionCache?.forgetToken(hash);
}

/** The live session behind a token, with its account's state; undefined for a dead token. */
export async function findSession(deps: Pick<AccountsDeps, 'db' | 'clock'>, token: string): Promise<repo.SessionUser | undefined> {
  if (token.length < 20 || token.length > 200) return undefined;
  return repo.findSessionUser(deps.db, digestToken(token), deps.clock.now());
}

/**
 * The caller behind a token, for the auth plugin: 401 for a missing, expired or revoked session,
 * 403 when the account was deactivated or locked after signing in.
 */
export async function authenticate(deps: Pick<AccountsDeps, 'db' | 'clock' | 'sessionCache'>, token: string): Promise<Caller> {
  const cache = deps.sessionCache;
  let session: repo.SessionUser | undefined;
  if (cache && token.length >= 20 && token.length <= 200) {
    const hash = digestToken(token);
    const nowMs = deps.clock.now().getTime();
    session = cache.get(hash, nowMs);
    if (!session) {
      session = await repo.findSessionUser(deps.db, hash, deps.clock.now());
      if (session) cache.set(hash, session, nowMs);
    }
  } else {
    session = await findSession(deps, token);
  }
  if (!session) throw commonErrors.unauthenticated();
  if (session.locked) throw accountErrors.locked();
  if (!session.active) throw accountErrors.inactive();
  return { id: session.id, rol: session.rol, sessionId: session.sessionId, purchasesBlocked: session.purchasesBlocked };
}

// ---------------------------------------------------------------- password recovery

export async function requestPasswordRecovery(deps: AccountsDeps, input: { email: string }, client: ClientInfo): Promise<{ sent: boolean }> {
  await guardRate(deps, `recovery:ip:${client.ip}`, limits.recoveryPerAddress);
  const user = await repo.findUserByEmail(deps.db, input.email);
  // The spec tells an unknown address apart ('El correo no existe'); the per-address limit above
  // bounds how fast anyone can probe addresses that way.
  if (!user) throw accountErrors.emailNotFound();
  // Past a few e-mails an hour to one account nothing new is sent, but the request is never
  // refused: the links already sent stay valid (a new one does not cancel them), so a stranger
  // asking on the owner's behalf cannot keep the owner from resetting the password.
  const now = deps.clock.now();
  const mails = await repo.hitThrottle(deps.db, { key: `recovery:email:${user.id}`, ...limits.recoveryMailsPerAccount, limit: COUNT_ONLY, blockMs: 0, now });
  if (mails.attempts > limits.recoveryMailsPerAccount.limit) {
    deps.log?.info({ event: 'password_recovery_not_resent' }, 'recuperación pedida de nuevo: los enlaces ya enviados siguen vigentes');
    return { sent: false };
  }
  const token = newSecretToken();
  await deps.db.transaction(async (tx) => {
    await repo.insertResetToken(tx, {
      userId: user.id,
      tokenHash: digestToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    await deps.notifier.sendEmail(
      {
        key: `mail:password-recovery:${digestToken(token).slice(0, 24)}`,
        to: user.email,
        mail: passwordRecoveryMail({
          firstName: user.firstName,
          resetUrl: url(deps, `/password-recovery/${token}`),
          validMinutes: RESET_TOKEN_TTL_MS / MINUTE,
        }),
      },
      tx,
    );
  });
  deps.queue.wake();
  return { sent: true };
}

/** Uses a recovery link once: sets the password and ends every session of the account. */
export async function resetPassword(deps: AccountsDeps, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  const userId = await deps.db.transaction(async (tx) => {
    const owner = await repo.consumeResetToken(tx, digestToken(token), now);
    if (!owner) return undefined;
    await repo.updateUser(tx, owner, { passwordHash }, now);
    await repo.invalidateResetTokens(tx, owner, now);
    await repo.revokeUserSessions(tx, owner, now);
    return owner;
  });
  if (!userId) throw accountErrors.recoveryTokenInvalid();
  deps.sessionCache?.forgetUser(userId);
  const user = await repo.findUserById(deps.db, userId);
  // A new password starts every count against this account afresh, from every address.
  if (user) await repo.clearThrottlesOf(deps.db, `login:account:${user.email}`, `login:pair:${user.email}:`);
}

// ---------------------------------------------------------------- profile

export async function getUser(deps: AccountsDeps, id: string): Promise<User> {
  const row = await repo.findUserById(deps.db, id);
  if (!row) throw accountErrors.userNotFound();
  return toUserDto(row);
}

export interface UpdateUserData {
  active?: boolean | undefined;
  locked?: boolean | undefined;
  purchasesBlocked?: boolean | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  website?: string | null | undefined;
  password?: string | undefined;
  currentPassword?: string | undefined;
  taxInformation?: TaxInformationColumn | undefined;
  invoice?: boolean | undefined;
}

/**
 * `PUT /users/{id}`. The guard already let only the owner or an admin in; here:
 * `active`/`locked` are admin-only, changing one's own password needs the current one, and an
 * approval (inactive → active) notifies the person by e-mail and WhatsApp.
 */
export async function updateUser(deps: AccountsDeps, caller: Caller, id: string, input: UpdateUserData): Promise<User> {
  const isSelf = caller.id === id;
  if (!isSelf && caller.rol !== 'admin') throw commonErrors.forbidden();
  const adminFields = input.active !== undefined || input.locked !== undefined || input.purchasesBlocked !== undefined;
  if (adminFields && caller.rol !== 'admin') throw accountErrors.adminOnlyFields();
  if (isSelf && (input.active === false || input.locked === true || input.purchasesBlocked === true)) throw accountErrors.cannotDeactivateSelf();

  const before = await repo.findUserById(deps.db, id);
  if (!before) throw accountErrors.userNotFound();

  let passwordHash: string | undefined;
  if (input.password !== undefined) {
    if (isSelf) {
      if (!input.currentPassword) throw accountErrors.currentPasswordRequired();
      const current = await repo.findPasswordHash(deps.db, id);
      if (!current || !(await verifyPassword(current, input.currentPassword))) throw accountErrors.wrongCurrentPassword();
    }
    passwordHash = await hashPassword(input.password);
  }

  // Automatic invoices need someone to invoice: complete tax data, already kept or sent along.
  if (input.invoice === true && !taxInformationSchema.safeParse(input.taxInformation ?? before.taxInformation).success) {
    throw accountErrors.taxDataIncomplete();
  }

  const now = deps.clock.now();
  const patch: Parameters<typeof repo.updateUser>[2] = {};
  if (input.active !== undefined) patch.active = input.active;
  if (input.locked !== undefined) patch.locked = input.locked;
  if (input.purchasesBlocked !== undefined) patch.purchasesBlocked = input.purchasesBlocked;
  if (input.firstName !== undefined) patch.firstName = input.firstName;
  if (input.lastName !== undefined) patch.lastName = input.lastName;
  if (input.website !== undefined) patch.website = input.website;
  if (input.taxInformation !== undefined) patch.taxInformation = input.taxInformation;
  if (input.invoice !== undefined) patch.invoice = input.invoice;
  if (passwordHash) patch.passwordHash = passwordHash;

  const approved = input.active === true && !before.active;
  // The first approval ends 'Pendiente de aprobación' for good; a later deactivation is not pending.
  if (approved && !before.approvedAt) patch.approvedAt = now;
  // Status, locks or password: this process's remembered sessions of the account are re-read.
  if (passwordHash || adminFields) deps.sessionCache?.forgetUser(id);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await repo.updateUser(tx, id, patch, now);
    if (!row) throw accountErrors.userNotFound();
    // A new password ends the other sessions (all of them when an admin set it).
    if (passwordHash) await repo.revokeUserSessions(tx, id, now, isSelf ? caller.sessionId : undefined);
    // Deactivating ends every session: reactivating later must not bring them back.
    if (input.active === false && before.active) await repo.revokeUserSessions(tx, id, now);
    if (approved) {
      const signInUrl = url(deps, '/signin');
      const event = now.getTime();
      await deps.notifier.sendEmail(
        { key: `mail:account-approved:${id}:${event}`, to: row.email, mail: accountApprovedMail({ firstName: row.firstName, signInUrl }) },
        tx,
      );
      await deps.notifier.sendWhatsApp(
        {
          key: `whatsapp:account-approved:${id}:${event}`,
          to: row.phone,
          text: accountApprovedWhatsApp({ firstName: row.firstName, signInUrl }),
          ...(deps.whatsappApprovalTemplate
            ? { template: { name: deps.whatsappApprovalTemplate, language: 'es_MX', bodyParameters: [row.firstName] } }
            : {}),
        },
        tx,
      );
    }
    return row;
  });
  if (passwordHash || adminFields) deps.sessionCache?.forgetUser(id);
  if (approved) deps.queue.wake();
  return toUserDto(updated);
}

// ---------------------------------------------------------------- users admin

export async function listUsers(deps: AccountsDeps, query: { filter?: string | undefined; page: number; limit: number }) {
  const { rows, total } = await repo.listUsers(deps.db, {
    filter: query.filter || undefined,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const balances = await balancesFor(
    deps.db,
    rows.map((r) => r.id),
  );
  return toPage(
    rows.map((r) => ({ ...toUserDto(r), balance: fromCentavos(balances.get(r.id) ?? 0) })),
    total,
    query.page,
    query.limit,
  );
}

/** Name and e-mail per user id, for other modules' admin lists (payments, reconciliation). */
export async function userSummaries(db: Executor, ids: readonly string[]): Promise<Map<string, { email: string; name: string }>> {
  const rows = await repo.findUserSummaries(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { email: r.email, name: `${r.firstName} ${r.lastName}`.trim() }]));
}

/** How to reach an account (its own e-mail and phone), for other modules' notices; inside their transaction when given. */
export async function findContact(ex: Executor, id: string): Promise<{ firstName: string; lastName: string; email: string; phone: string } | undefined> {
  const row = await repo.findUserById(ex, id);
  return row ? { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone } : undefined;
}

/** Where notices for the staff go when no other address is configured (the contact form's copy). */
export async function activeAdminEmails(db: Executor): Promise<string[]> {
  return repo.findActiveAdminEmails(db);
}

/** Ids of the users whose name or e-mail contains `text`, for other modules' admin searches. */
export async function findUserIdsMatching(db: Executor, text: string, limit = 500): Promise<string[]> {
  return repo.findUserIdsMatching(db, text, limit);
}

/** An admin creates an account from the dashboard; it is a `user`, active at once. */
export async function createUserFromDashboard(
  deps: AccountsDeps,
  input: { firstName: string; lastName: string; email: string; phone: string; password: string },
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const user = await deps.db.transaction(async (tx) => {
    const created = await repo.insertUser(tx, { ...input, website: null, passwordHash, rol: 'user', active: true, now });
    await deps.notifier.sendEmail(
      {
        key: `mail:account-approved:${created.id}:${now.getTime()}`,
        to: created.email,
        mail: accountApprovedMail({ firstName: created.firstName, signInUrl: url(deps, '/signin') }),
      },
      tx,
    );
    return created;
  });
  deps.queue.wake();
  return toUserDto(user);
}

/**
 * At every start make sure ADMIN_EMAIL is an active admin. The password is set only
 * when the account is created; an existing account keeps its own.
 */
export async function ensureBootstrapAdmin(deps: Pick<AccountsDeps, 'db' | 'clock'>, admin: { email: string; password: string }): Promise<void> {
  const email = admin.email.trim().toLowerCase();
  const now = deps.clock.now();
  const existing = await repo.findUserByEmail(deps.db, email);
  if (!existing) {
    const passwordHash = await hashPassword(admin.password);
    try {
      await repo.insertUser(deps.db, {
        email,
        firstName: 'Administrador',
        lastName: 'Envíos MX',
        phone: '0000000000',
        website: null,
        passwordHash,
        rol: 'admin',
        active: true,
        now,
      });
      return;
    } catch (error) {
      // Another process created it at the same moment: fall through and make sure of its state.
      if (!(error instanceof Error && 'code' in error && error.code === 'accounts.email_taken')) throw error;
    }
  }
  const current = existing ?? (await repo.findUserByEmail(deps.db, email));
  if (current && (current.rol !== 'admin' || !current.active || current.locked)) {
    await repo.updateUser(deps.db, current.id, { rol: 'admin', active: true, locked: false }, now);
  }
}
