import { fromCentavos } from '@envios/contracts/money';
import { PAYMENT_METHODS, type Payment, type PaymentList, type PaymentMethod, type PaymentStatus, type WalletReconciliation } from '@envios/contracts/payments';
import type { Executor } from '../../db/client.js';
import { toPage } from '../../shared/pagination.js';
import { findUserIdsMatching, userSummaries } from '../accounts/accounts.usecases.js';
import { ledgerSummary } from '../wallet/wallet.usecases.js';
import { toPaymentDto, type PaymentRow, type PaymentsCoreDeps } from './payments.core.js';
import * as repo from './payments.repository.js';

/** The admin's payments screen (/admin/pagos): every attempt, newest first, and the wallet reconciliation. */

export interface PaymentListQuery {
  page: number;
  limit: number;
  status?: PaymentStatus | undefined;
  method?: PaymentMethod | undefined;
  /** Name, e-mail, OXXO reference, provider order id or folio. */
  q?: string | undefined;
}

/** Rows as the admin sees them: who paid (name, e-mail) and the shipments each one covers. */
export async function toPaymentDtos(db: Executor, rows: readonly PaymentRow[]): Promise<Payment[]> {
  if (rows.length === 0) return [];
  const [people, shares] = await Promise.all([
    userSummaries(
      db,
      rows.map((r) => r.userId),
    ),
    repo.sharesOfPayments(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((row) => {
    const who = people.get(row.userId);
    return toPaymentDto({
      ...row,
      userEmail: who?.email ?? '',
      userName: who?.name ?? '',
      shipmentIds: shares.filter((s) => s.paymentId === row.id).map((s) => s.shipmentId),
    });
  });
}

export async function listPayments({ db }: Pick<PaymentsCoreDeps, 'db'>, query: PaymentListQuery): Promise<PaymentList> {
  const q = query.q?.trim();
  const { rows, count } = await repo.listPaymentRows(
    db,
    { status: query.status, method: query.method, q: q ? { text: q, userIds: await findUserIdsMatching(db, q) } : undefined },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return toPage(await toPaymentDtos(db, rows), count, query.page, query.limit);
}

/**
 * Every wallet's running balance beside the sum of its paid ledger entries (they must match), the
 * totals, and the money received per method (paid payments).
 */
export async function walletReconciliation({ db }: Pick<PaymentsCoreDeps, 'db'>): Promise<WalletReconciliation> {
  const [ledger, byMethod] = await Promise.all([ledgerSummary(db), repo.receivedByMethod(db)]);
  const people = await userSummaries(
    db,
    ledger.map((l) => l.userId),
  );
  const users = ledger
    .map((l) => {
      const who = people.get(l.userId);
      return {
        user: l.userId,
        email: who?.email ?? '',
        name: who?.name ?? '',
        balance: fromCentavos(l.balanceCentavos),
        ledger: fromCentavos(l.ledgerCentavos),
        entries: l.entries,
        ok: l.balanceCentavos === l.ledgerCentavos,
      };
    })
    // Differences first, then by e-mail.
    .sort((a, b) => Number(a.ok) - Number(b.ok) || a.email.localeCompare(b.email, 'es'));
  return {
    ok: users.every((u) => u.ok),
    total_balance: fromCentavos(ledger.reduce((s, l) => s + l.balanceCentavos, 0)),
    total_ledger: fromCentavos(ledger.reduce((s, l) => s + l.ledgerCentavos, 0)),
    received: Object.fromEntries(PAYMENT_METHODS.map((m) => [m, fromCentavos(byMethod.get(m) ?? 0)])) as Record<PaymentMethod, number>,
    users,
  };
}
