import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentMethod, PaymentStatus } from '@envios/contracts/payments';
import type { Executor } from '../../db/client.js';
import { payments, paymentShipments } from './payments.table.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'numberOfOrder'>;
export type PaymentShareRow = typeof paymentShipments.$inferSelect;

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
