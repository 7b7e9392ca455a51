import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentMethod, PaymentStatus } from '@envios/contracts/payments';
import type { Executor } from '../../db/client.js';
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
    .select({ method: payments.method, status: payments.status, count: sql<number>`count(*)::int`, centavos: sql<string | null>`sum(${payments.amountCentavos})` })
    .from(payments)
    .groupBy(payments.method, payments.status);
  return rows.map((r) => ({ method: r.method, status: r.status, count: Number(r.count), centavos: Number(r.centavos ?? 0) }));
}
