import { bindUseCases } from '../../shared/use-cases.js';
import type { AccountsDeps } from './accounts.deps.js';
import { guardRate } from './accounts.shared.js';
import { authenticate, findSession, requestPasswordRecovery, resetPassword, signIn, signOut, signUp } from './accounts.sessions.js';
import { createUserFromDashboard, ensureBootstrapAdmin, findUser, getUser, listUsers, updateUser } from './accounts.users.js';

/*
 * Accounts: getting in (accounts.sessions.ts) and the accounts themselves (accounts.users.ts).
 * Routes and other modules (through app.ts) use the object `createAccounts` returns; the reads
 * other modules make inside their own work take the executor (`db`, or their transaction).
 */

export type { AccountsDeps, ClientInfo } from './accounts.deps.js';
export type { SessionUser } from './accounts.repository.js';
export type { Caller } from '../../plugins/auth.js';
export { guardRate, limits, RESET_TOKEN_TTL_MS, SESSION_TTL_MS, signInDelayMs, toUserDto } from './accounts.shared.js';
export { activeAdminEmails, findContact, findInvoicingAccount, findUserIdsMatching, userSummaries, type UpdateUserData } from './accounts.users.js';

/** The accounts use cases, bound once. `secureCookie`: the session cookie is `Secure` when the app is served over HTTPS. */
export function createAccounts(deps: AccountsDeps) {
  return {
    ...bindUseCases(deps, {
      signUp,
      signIn,
      signOut,
      findSession,
      authenticate,
      requestPasswordRecovery,
      resetPassword,
      getUser,
      findUser,
      updateUser,
      listUsers,
      createUserFromDashboard,
      ensureBootstrapAdmin,
      guardRate,
    }),
    secureCookie: deps.appUrl.startsWith('https://'),
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
