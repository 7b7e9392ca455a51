import { taxInformationSchema, type User } from '@envios/contracts/accounts';
import { fromCentavos } from '@envios/contracts/money';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import { commonErrors } from '../../shared/errors.js';
import { toPage } from '../../shared/pagination.js';
import { balancesFor } from '../wallet/wallet.usecases.js';
import { accountApprovedMail, accountApprovedWhatsApp } from '../notifications/notifications.usecases.js';
import { accountErrors } from './accounts.errors.js';
import * as repo from './accounts.repository.js';
import type { TaxInformationColumn } from './accounts.table.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { AccountsDeps } from './accounts.deps.js';
import { toUserDto, url } from './accounts.shared.js';

/*
 * The accounts themselves: a profile and its edits, the admins' list and 'Crear usuario', the
 * first admin at start-up, and the reads other modules make of an account.
 */

// ---------------------------------------------------------------- profile

/** The account, or undefined when there is none (the look-ups other modules make through app.ts). */
export async function findUser(deps: Pick<AccountsDeps, 'db'>, id: string): Promise<User | undefined> {
  const row = await repo.findUserById(deps.db, id);
  return row ? toUserDto(row) : undefined;
}

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
  // CFDI 4.0 checks the domicilio fiscal's postal code: it must exist.
  if (input.taxInformation && deps.postalCodeKnown && !deps.postalCodeKnown(input.taxInformation.postal_code)) {
    throw accountErrors.unknownTaxPostalCode(input.taxInformation.postal_code);
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
          ...(deps.whatsappApprovalTemplate ? { template: { name: deps.whatsappApprovalTemplate, language: 'es_MX', bodyParameters: [row.firstName] } } : {}),
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

/** An account's automatic-invoice choice and tax data as stored, for invoicing; inside its transaction when given. */
export async function findInvoicingAccount(
  ex: Executor,
  id: string,
): Promise<{ firstName: string; lastName: string; email: string; invoice: boolean; taxInformation: unknown } | undefined> {
  const row = await repo.findUserById(ex, id);
  return row ? { firstName: row.firstName, lastName: row.lastName, email: row.email, invoice: row.invoice, taxInformation: row.taxInformation } : undefined;
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
