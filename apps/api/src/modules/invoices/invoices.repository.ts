import { and, asc, count, desc, eq, inArray, isNull, like, lt, or, sql, sum, type SQL } from 'drizzle-orm';
import type { InvoiceKind, InvoiceStatus } from '@envios/contracts/invoices';
import type { Executor } from '../../db/client.js';
import { billablePayments, invoiceCustomers, invoices } from './invoices.table.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'number'>;
export type BillableRow = typeof billablePayments.$inferSelect;
export type NewBillable = typeof billablePayments.$inferInsert;

/** A billable payment with the state of the invoice it points at. */
export type BillableWithInvoice = BillableRow & { invoiceStatus: InvoiceStatus | null; invoiceSandbox: boolean | null; invoiceFailure: string | null };

// ---------------------------------------------------------------- billable payments

/** Records the payment once (its id is the key): a second job or process changes nothing (undefined). */
export async function insertBillable(tx: Executor, row: NewBillable): Promise<BillableRow | undefined> {
  const [inserted] = await tx.insert(billablePayments).values(row).onConflictDoNothing({ target: billablePayments.paymentId }).returning();
  return inserted;
}

export async function lockBillable(tx: Executor, paymentId: string): Promise<BillableRow | undefined> {
  const [row] = await tx.select().from(billablePayments).where(eq(billablePayments.paymentId, paymentId)).for('update');
  return row;
}

export async function findBillable(ex: Executor, paymentId: string): Promise<BillableRow | undefined> {
  const [row] = await ex.select().from(billablePayments).where(eq(billablePayments.paymentId, paymentId));
  return row;
}

export async function updateBillable(
  tx: Executor,
  paymentId: string,
  set: Partial<Pick<BillableRow, 'invoiceId' | 'globalInvoiceId' | 'excludedAt'>>,
  now: Date,
): Promise<void> {
  await tx
    .update(billablePayments)
    .set({ ...set, updatedAt: now })
    .where(eq(billablePayments.paymentId, paymentId));
}

const withInvoice = {
  paymentId: billablePayments.paymentId,
  userId: billablePayments.userId,
  paymentFolio: billablePayments.paymentFolio,
  method: billablePayments.method,
  purpose: billablePayments.purpose,
  amountCentavos: billablePayments.amountCentavos,
  paymentForm: billablePayments.paymentForm,
  walletEntryId: billablePayments.walletEntryId,
  description: billablePayments.description,
  paidAt: billablePayments.paidAt,
  period: billablePayments.period,
  invoiceId: billablePayments.invoiceId,
  globalInvoiceId: billablePayments.globalInvoiceId,
  excludedAt: billablePayments.excludedAt,
  createdAt: billablePayments.createdAt,
  updatedAt: billablePayments.updatedAt,
  invoiceStatus: invoices.status,
  invoiceSandbox: invoices.sandbox,
  invoiceFailure: invoices.failureMessage,
};

/** One account's payments of a month (or all months), newest first, with their invoice's state. */
export async function listBillable(
  ex: Executor,
  filter: { userId?: string | undefined; period?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: BillableWithInvoice[]; count: number }> {
  const where = and(
    filter.userId ? eq(billablePayments.userId, filter.userId) : undefined,
    filter.period ? eq(billablePayments.period, filter.period) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ex
      .select(withInvoice)
      .from(billablePayments)
      .leftJoin(invoices, eq(invoices.id, billablePayments.invoiceId))
      .where(where)
      .orderBy(desc(billablePayments.paidAt), desc(billablePayments.paymentFolio))
      .limit(page.limit)
      .offset(page.offset),
    ex.select({ n: count() }).from(billablePayments).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The billable payments among these payments or top-ups (Monedero, the admin's Pagos); one account's only, unless admin. */
export async function billableFor(
  ex: Executor,
  query: { paymentIds: string[]; walletEntryIds: string[]; userId?: string | undefined },
): Promise<BillableWithInvoice[]> {
  const of: SQL[] = [];
  if (query.paymentIds.length > 0) of.push(inArray(billablePayments.paymentId, query.paymentIds));
  if (query.walletEntryIds.length > 0) of.push(inArray(billablePayments.walletEntryId, query.walletEntryIds));
  if (of.length === 0) return [];
  return ex
    .select(withInvoice)
    .from(billablePayments)
    .leftJoin(invoices, eq(invoices.id, billablePayments.invoiceId))
    .where(and(or(...of), query.userId ? eq(billablePayments.userId, query.userId) : undefined));
}

/**
 * Payments of a month still without an invoice of their own (none, or one the service refused),
 * not in a global invoice, not excluded: what the month's global invoice takes.
 */
function openInPeriod(period: string): SQL {
  return and(
    eq(billablePayments.period, period),
    isNull(billablePayments.globalInvoiceId),
    isNull(billablePayments.excludedAt),
    or(isNull(billablePayments.invoiceId), eq(invoices.status, 'failed')),
  )!;
}

export async function openBillableOfPeriod(ex: Executor, period: string, opts: { lock?: boolean } = {}): Promise<BillableRow[]> {
  const query = ex
    .select({ row: billablePayments })
    .from(billablePayments)
    .leftJoin(invoices, eq(invoices.id, billablePayments.invoiceId))
    .where(openInPeriod(period))
    .orderBy(asc(billablePayments.paidAt), asc(billablePayments.paymentFolio));
  const rows = opts.lock ? await query.for('update', { of: billablePayments }) : await query;
  return rows.map((r) => r.row);
}

export async function openBillableSummary(ex: Executor, period: string): Promise<{ payments: number; totalCentavos: number }> {
  const [row] = await ex
    .select({ n: count(), total: sum(billablePayments.amountCentavos) })
    .from(billablePayments)
    .leftJoin(invoices, eq(invoices.id, billablePayments.invoiceId))
    .where(openInPeriod(period));
  return { payments: row?.n ?? 0, totalCentavos: Number(row?.total ?? 0) };
}

export async function assignGlobal(tx: Executor, paymentIds: string[], globalInvoiceId: string, now: Date): Promise<void> {
  if (paymentIds.length === 0) return;
  await tx.update(billablePayments).set({ globalInvoiceId, updatedAt: now }).where(inArray(billablePayments.paymentId, paymentIds));
}

/** A global invoice refused or cancelled gives its payments back (or hands them to its replacement). */
export async function moveGlobal(tx: Executor, from: string, to: string | null, now: Date): Promise<number> {
  const rows = await tx
    .update(billablePayments)
    .set({ globalInvoiceId: to, updatedAt: now })
    .where(eq(billablePayments.globalInvoiceId, from))
    .returning({ id: billablePayments.paymentId });
  return rows.length;
}

export async function paymentsOfGlobal(ex: Executor, globalInvoiceId: string): Promise<BillableRow[]> {
  return ex.select().from(billablePayments).where(eq(billablePayments.globalInvoiceId, globalInvoiceId)).orderBy(asc(billablePayments.paidAt));
}

// ---------------------------------------------------------------- invoices

export async function insertInvoice(tx: Executor, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}

export async function findInvoice(ex: Executor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await ex.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export async function lockInvoice(tx: Executor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

export async function findReplacement(ex: Executor, replacedId: string): Promise<InvoiceRow | undefined> {
  const [row] = await ex.select().from(invoices).where(eq(invoices.replacesInvoiceId, replacedId));
  return row;
}

export async function updateInvoice(ex: Executor, id: string, set: Partial<NewInvoice>): Promise<InvoiceRow> {
  const [row] = await ex.update(invoices).set(set).where(eq(invoices.id, id)).returning();
  return row!;
}

/**
 * Takes the right to call the service about a pending invoice until `until`, unless someone holds
 * it: answers the row (attempts counted) or undefined. A holder that died loses it at `until`.
 */
export async function claimForStamping(ex: Executor, id: string, claim: { token: string; now: Date; until: Date }): Promise<InvoiceRow | undefined> {
  const [row] = await ex
    .update(invoices)
    .set({ claimToken: claim.token, claimedUntil: claim.until, stampAttempts: sql`${invoices.stampAttempts} + 1`, updatedAt: claim.now })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'pending'), or(isNull(invoices.claimedUntil), lt(invoices.claimedUntil, claim.now))))
    .returning();
  return row;
}

/** Writes the outcome only if the claim is still ours (a later holder's outcome wins). */
export async function settleClaim(ex: Executor, id: string, token: string, set: Partial<NewInvoice>): Promise<InvoiceRow | undefined> {
  const [row] = await ex
    .update(invoices)
    .set({ ...set, claimToken: null, claimedUntil: null })
    .where(and(eq(invoices.id, id), eq(invoices.claimToken, token)))
    .returning();
  return row;
}

export async function listInvoices(
  ex: Executor,
  filter: { userId?: string | undefined; status?: InvoiceStatus | undefined; kind?: InvoiceKind | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: InvoiceRow[]; count: number }> {
  const where = and(
    filter.userId ? eq(invoices.userId, filter.userId) : undefined,
    filter.status ? eq(invoices.status, filter.status) : undefined,
    filter.kind ? eq(invoices.kind, filter.kind) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ex.select().from(invoices).where(where).orderBy(desc(invoices.createdAt), desc(invoices.number)).limit(page.limit).offset(page.offset),
    ex.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function globalInvoicesOf(ex: Executor, period: string): Promise<InvoiceRow[]> {
  return ex
    .select()
    .from(invoices)
    .where(and(eq(invoices.kind, 'global'), like(invoices.globalKey, `global:${period}:%`)))
    .orderBy(asc(invoices.number));
}

/** Serializes the global invoice of one month across processes until the transaction ends. */
export async function lockGlobalMonth(tx: Executor, period: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invoices:global:${period}`}, 0))`);
}

// ---------------------------------------------------------------- customers

export async function findCustomer(ex: Executor, userId: string): Promise<typeof invoiceCustomers.$inferSelect | undefined> {
  const [row] = await ex.select().from(invoiceCustomers).where(eq(invoiceCustomers.userId, userId));
  return row;
}

export async function saveCustomer(ex: Executor, row: typeof invoiceCustomers.$inferInsert): Promise<void> {
  await ex
    .insert(invoiceCustomers)
    .values(row)
    .onConflictDoUpdate({ target: invoiceCustomers.userId, set: { providerCustomerId: row.providerCustomerId, live: row.live, checkedAt: row.checkedAt } });
}
