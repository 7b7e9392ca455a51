import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod, PaymentStatus } from '@envios/contracts/payments';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../shared/pagination.js';
import { shipments } from '../shipments/shipments.table.js';
import { payments, paymentShipments, paypalSandboxOrders } from './payments.table.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'numberOfOrder'>;
export type PaymentShareRow = typeof paymentShipments.$inferSelect;
export type SandboxOrderRow = typeof paypalSandboxOrders.$inferSelect;

/** The statuses a payment can still be paid from without surprise (an attempt in flight). */
export const OPEN_STATUSES: readonly PaymentStatus[] = ['created', 'pending'];

export async function insertPayment(tx: Executor, values: NewPayment): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

export async function insertShares(tx: Executor, rows: PaymentShareRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(paymentShipments).values(rows);
}

export async function findPayment(ex: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await ex.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

/** The payment row, locked FOR UPDATE until the transaction ends: every confirmation goes through here. */
export async function lockPayment(tx: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function findByProviderOrder(ex: Executor, methods: readonly PaymentMethod[], providerOrderId: string): Promise<PaymentRow | undefined> {
  const [row] = await ex
    .select()
    .from(payments)
    .where(and(inArray(payments.method, [...methods]), eq(payments.providerOrderId, providerOrderId)))
    .limit(1);
  return row;
}

export async function sharesOf(ex: Executor, paymentId: string): Promise<PaymentShareRow[]> {
  return ex.select().from(paymentShipments).where(eq(paymentShipments.paymentId, paymentId)).orderBy(paymentShipments.shipmentId);
}

export async function updatePayment(tx: Executor, id: string, set: Partial<NewPayment>): Promise<PaymentRow> {
  const [row] = await tx.update(payments).set(set).where(eq(payments.id, id)).returning();
  return row!;
}

/** Adds keys to provider_data without losing what is there. */
export async function mergeProviderData(tx: Executor, id: string, data: Record<string, unknown>, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ providerData: sql`coalesce(${payments.providerData}, '{}'::jsonb) || ${JSON.stringify(data)}::jsonb`, updatedAt: now })
    .where(eq(payments.id, id));
}

/**
 * Serializes the attempts one user opens, across processes, until the transaction ends: the
 * per-user limit on held guides is then counted without a race.
 */
export async function lockUserAttempts(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payments:${userId}`}, 0))`);
}

/** Ids of the user's attempts still open (money may still arrive for them). */
export async function openPaymentIdsOf(ex: Executor, userId: string): Promise<string[]> {
  const rows = await ex
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), inArray(payments.status, [...OPEN_STATUSES])));
  return rows.map((r) => r.id);
}

/** The open attempts that cover a shipment, newest first. */
export async function openAttemptsFor(ex: Executor, shipmentId: string): Promise<PaymentRow[]> {
  const rows = await ex
    .select({ payment: payments })
    .from(paymentShipments)
    .innerJoin(payments, eq(payments.id, paymentShipments.paymentId))
    .where(and(eq(paymentShipments.shipmentId, shipmentId), inArray(payments.status, [...OPEN_STATUSES])))
    .orderBy(sql`${payments.createdAt} desc`);
  return rows.map((r) => r.payment);
}

/**
 * The shipment payments still open that a buyer could still pay (an OXXO reference, a PayPal order
 * with its approval link): the user's own, or those covering the shipments named; newest first.
 */
export async function openShipmentPayments(ex: Executor, scope: { userId: string } | { shipmentIds: string[] }, limit: number): Promise<PaymentRow[]> {
  const covering =
    'userId' in scope
      ? eq(payments.userId, scope.userId)
      : inArray(
          payments.id,
          ex
            .select({ id: paymentShipments.paymentId })
            .from(paymentShipments)
            .where(and(inArray(paymentShipments.shipmentId, scope.shipmentIds), eq(paymentShipments.kind, 'shipment'))),
        );
  return ex
    .select()
    .from(payments)
    .where(
      and(
        covering,
        inArray(payments.status, [...OPEN_STATUSES]),
        eq(payments.purpose, 'shipments'),
        inArray(payments.method, ['oxxo', 'paypal', 'paypal-plus']),
        sql`${payments.providerOrderId} is not null`,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

/** The shipments each payment pays (not the earlier overweight it carries), with their folios. */
export async function shipmentsPaidBy(ex: Executor, paymentIds: string[]): Promise<{ paymentId: string; shipmentId: string; numberOfOrder: number }[]> {
  if (paymentIds.length === 0) return [];
  return ex
    .select({ paymentId: paymentShipments.paymentId, shipmentId: paymentShipments.shipmentId, numberOfOrder: shipments.numberOfOrder })
    .from(paymentShipments)
    .innerJoin(shipments, eq(shipments.id, paymentShipments.shipmentId))
    .where(and(inArray(paymentShipments.paymentId, paymentIds), eq(paymentShipments.kind, 'shipment')))
    .orderBy(asc(shipments.numberOfOrder));
}

/** The newest paid payment that paid a shipment's overweight (on its own or within a purchase). */
export async function lastOverweightPayment(ex: Executor, shipmentId: string): Promise<{ id: string } | undefined> {
  const [row] = await ex
    .select({ id: payments.id })
    .from(paymentShipments)
    .innerJoin(payments, eq(payments.id, paymentShipments.paymentId))
    .where(and(eq(paymentShipments.shipmentId, shipmentId), eq(paymentShipments.kind, 'overweight'), eq(payments.status, 'paid')))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------- sandbox PayPal orders

export async function insertSandboxOrder(ex: Executor, row: typeof paypalSandboxOrders.$inferInsert): Promise<SandboxOrderRow | undefined> {
  const [inserted] = await ex.insert(paypalSandboxOrders).values(row).onConflictDoNothing({ target: paypalSandboxOrders.requestId }).returning();
  return inserted;
}

export async function findSandboxOrder(ex: Executor, orderId: string, opts: { lock?: boolean } = {}): Promise<SandboxOrderRow | undefined> {
  const query = ex.select().from(paypalSandboxOrders).where(eq(paypalSandboxOrders.orderId, orderId)).limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

export async function findSandboxOrderByRequest(ex: Executor, requestId: string): Promise<SandboxOrderRow | undefined> {
  const [row] = await ex.select().from(paypalSandboxOrders).where(eq(paypalSandboxOrders.requestId, requestId)).limit(1);
  return row;
}

export async function updateSandboxOrder(ex: Executor, orderId: string, set: Partial<typeof paypalSandboxOrders.$inferInsert>): Promise<SandboxOrderRow> {
  const [row] = await ex.update(paypalSandboxOrders).set(set).where(eq(paypalSandboxOrders.orderId, orderId)).returning();
  return row!;
}

/** OXXO attempts still waiting for their money, with the moment their reference expires. */
export async function pendingOxxoExpiries(ex: Executor): Promise<{ id: string; expiresAt: Date }[]> {
  const rows = await ex
    .select({ id: payments.id, expiresAt: payments.expiresAt })
    .from(payments)
    .where(and(eq(payments.method, 'oxxo'), eq(payments.status, 'pending'), sql`${payments.expiresAt} is not null`));
  return rows.map((r) => ({ id: r.id, expiresAt: r.expiresAt! }));
}

/** Payment attempts counted and summed (centavos) by method and status. */
export async function paymentStats(ex: Executor): Promise<{ method: string; status: string; count: number; centavos: number }[]> {
  const rows = await ex
    .select({
      method: payments.method,
      status: payments.status,
      count: sql<number>`count(*)::int`,
      centavos: sql<string | null>`sum(${payments.amountCentavos})`,
    })
    .from(payments)
    .groupBy(payments.method, payments.status);
  return rows.map((r) => ({ method: r.method, status: r.status, count: Number(r.count), centavos: Number(r.centavos ?? 0) }));
}

// ---------------------------------------------------------------- OXXO

/** Serializes the OXXO attempts of one user across processes, until the transaction ends. */
export async function lockOxxoUser(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`oxxo:${userId}`}, 0))`);
}

/** A pending, unexpired OXXO attempt of this user for exactly these shipments (or this top-up), newest first. */
export async function findOpenOxxoAttempt(
  tx: Executor,
  userId: string,
  target: { shipmentIds: string[] } | { walletEntryId: string },
  now: Date,
): Promise<PaymentRow | undefined> {
  const base = [
    eq(payments.userId, userId),
    eq(payments.method, 'oxxo'),
    eq(payments.status, 'pending'),
    or(isNull(payments.expiresAt), gt(payments.expiresAt, now))!,
  ];
  const which =
    'walletEntryId' in target
      ? eq(payments.walletEntryId, target.walletEntryId)
      : and(
          eq(payments.purpose, 'shipments'),
          sql`(select string_agg(${paymentShipments.shipmentId}::text, ',' order by ${paymentShipments.shipmentId}) from ${paymentShipments} where ${paymentShipments.paymentId} = ${payments.id} and ${paymentShipments.kind} = 'shipment') = ${[
            ...target.shipmentIds,
          ]
            .map((id) => id.toLowerCase())
            .sort()
            .join(',')}`,
        )!;
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(...base, which))
    .orderBy(sql`${payments.createdAt} desc`)
    .limit(1);
  return row;
}

/** The OXXO attempt opened with this request id (our idempotency key at Conekta). */
export async function findOxxoByRequest(ex: Executor, requestId: string): Promise<PaymentRow | undefined> {
  const [row] = await ex
    .select()
    .from(payments)
    .where(and(eq(payments.requestId, requestId), eq(payments.method, 'oxxo')));
  return row;
}

/** OXXO attempts by their references (the slip). */
export async function findOxxoByReferences(ex: Executor, references: readonly string[]): Promise<PaymentRow[]> {
  if (references.length === 0) return [];
  return ex
    .select()
    .from(payments)
    .where(and(eq(payments.method, 'oxxo'), inArray(payments.oxxoReference, [...references])));
}

/** The owner of one OXXO reference. */
export async function findOxxoOwnerByReference(ex: Executor, reference: string): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await ex
    .select({ id: payments.id, userId: payments.userId })
    .from(payments)
    .where(and(eq(payments.method, 'oxxo'), eq(payments.oxxoReference, reference)))
    .limit(1);
  return row;
}

/** The shares of several payments, by shipment id. */
export async function sharesOfPayments(ex: Executor, paymentIds: readonly string[]): Promise<PaymentShareRow[]> {
  if (paymentIds.length === 0) return [];
  return ex
    .select()
    .from(paymentShipments)
    .where(inArray(paymentShipments.paymentId, [...paymentIds]))
    .orderBy(asc(paymentShipments.shipmentId));
}

// ---------------------------------------------------------------- the admin's payments screen

export interface PaymentRowFilter {
  status?: PaymentStatus | undefined;
  method?: PaymentMethod | undefined;
  /** Matches the OXXO reference (part of it), the provider's order id, the folio or these users. */
  q?: { text: string; userIds: readonly string[] } | undefined;
}

/** A page of attempts, newest first, and how many match in all. */
export async function listPaymentRows(
  ex: Executor,
  filter: PaymentRowFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PaymentRow[]; count: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(payments.status, filter.status));
  if (filter.method) conditions.push(eq(payments.method, filter.method));
  if (filter.q) {
    const { text, userIds } = filter.q;
    const matches: SQL[] = [ilike(payments.oxxoReference, `%${escapeLike(text)}%`), eq(payments.providerOrderId, text)];
    if (/^\d{1,15}$/.test(text)) matches.push(eq(payments.numberOfOrder, Number(text)));
    if (userIds.length > 0) matches.push(inArray(payments.userId, [...userIds]));
    conditions.push(or(...matches)!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    ex.select().from(payments).where(where).orderBy(desc(payments.createdAt), desc(payments.numberOfOrder)).limit(page.limit).offset(page.offset),
    ex.select({ n: count() }).from(payments).where(where),
  ]);
  return { rows, count: totals[0]?.n ?? 0 };
}

/** Money received per method (paid attempts), in centavos. */
export async function receivedByMethod(ex: Executor): Promise<Map<PaymentMethod, number>> {
  const rows = await ex
    .select({ method: payments.method, total: sql<string>`sum(${payments.amountCentavos})` })
    .from(payments)
    .where(eq(payments.status, 'paid'))
    .groupBy(payments.method);
  return new Map(rows.map((r) => [r.method, Number(r.total)]));
}
