import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { fromCentavos } from '@envios/contracts/money';
import { PAYMENT_METHODS, type Payment, type PaymentList, type PaymentMethod, type PaymentStatus, type WalletReconciliation } from '@envios/contracts/payments';
import type { Executor } from '../../db/client.js';
import { escapeLike, toPage } from '../../shared/pagination.js';
import { findUserIdsMatching, userSummaries } from '../accounts/accounts.usecases.js';
import { ledgerSummary } from '../wallet/wallet.usecases.js';
import { toPaymentDto, type PaymentRow } from './payments.core.js';
import { payments, paymentShipments } from './payments.table.js';

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
    db
      .select({ paymentId: paymentShipments.paymentId, shipmentId: paymentShipments.shipmentId })
      .from(paymentShipments)
      .where(
        inArray(
          paymentShipments.paymentId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(paymentShipments.shipmentId)),
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

export async function listPayments(db: Executor, query: PaymentListQuery): Promise<PaymentList> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(payments.status, query.status));
  if (query.method) conditions.push(eq(payments.method, query.method));
  const q = query.q?.trim();
  if (q) {
    const matches: SQL[] = [ilike(payments.oxxoReference, `%${escapeLike(q)}%`), eq(payments.providerOrderId, q)];
    if (/^\d{1,15}$/.test(q)) matches.push(eq(payments.numberOfOrder, Number(q)));
    const userIds = await findUserIdsMatching(db, q);
    if (userIds.length > 0) matches.push(inArray(payments.userId, userIds));
    conditions.push(or(...matches)!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.numberOfOrder))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return toPage(await toPaymentDtos(db, rows), totals[0]?.n ?? 0, query.page, query.limit);
}

/**
 * Every wallet's running balance beside the sum of its paid ledger entries (they must match), the
 * totals, and the money received per method (paid payments).
 */
export async function walletReconciliation(db: Executor): Promise<WalletReconciliation> {
  const [ledger, received] = await Promise.all([
    ledgerSummary(db),
    db
      .select({ method: payments.method, total: sql<string>`sum(${payments.amountCentavos})` })
      .from(payments)
      .where(eq(payments.status, 'paid'))
      .groupBy(payments.method),
  ]);
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
  const byMethod = new Map(received.map((r) => [r.method, Number(r.total)]));
  return {
    ok: users.every((u) => u.ok),
    total_balance: fromCentavos(ledger.reduce((s, l) => s + l.balanceCentavos, 0)),
    total_ledger: fromCentavos(ledger.reduce((s, l) => s + l.ledgerCentavos, 0)),
    received: Object.fromEntries(PAYMENT_METHODS.map((m) => [m, fromCentavos(byMethod.get(m) ?? 0)])) as Record<PaymentMethod, number>,
    users,
  };
}
