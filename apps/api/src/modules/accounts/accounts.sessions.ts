import type { Caller } from '../../plugins/auth.js';
import { commonErrors } from '../../shared/errors.js';
import { accountAwaitingApprovalMail, passwordRecoveryMail, welcomePendingMail } from '../notifications/notifications.usecases.js';
import { accountErrors } from './accounts.errors.js';
import * as repo from './accounts.repository.js';
import { burnPasswordCheck, digestToken, hashPassword, newSecretToken, verifyPassword } from './passwords.js';
import type { AccountsDeps, ClientInfo } from './accounts.deps.js';
import { COUNT_ONLY, guardRate, limits, MINUTE, realSleep, RESET_TOKEN_TTL_MS, SESSION_TTL_MS, signInDelayMs, url } from './accounts.shared.js';

/*
 * Getting in: sign-up, sign-in and the sessions it opens, and password recovery.
 */

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
