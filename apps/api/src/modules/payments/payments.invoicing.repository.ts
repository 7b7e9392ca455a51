import { and, eq, gte, lt, ne } from 'drizzle-orm';
import { toCentavos } from '@envios/contracts/money';
import type { PaymentMethod, PaymentPurpose, PaymentShareKind, PaymentStatus } from '@envios/contracts/payments';
import type { Executor } from '../../db/client.js';
import { walletEntries } from '../wallet/wallet.table.js';
import { payments, paymentShipments } from './payments.table.js';

/** What invoicing reads of a payment (read-only): who paid, how, for what, and what went to the wallet instead. */
export interface PaymentForInvoice {
  id: string;
  numberOfOrder: number;
  userId: string;
  method: PaymentMethod;
  purpose: PaymentPurpose;
  status: PaymentStatus;
  amountCentavos: number;
  paidAt: Date | null;
  sandbox: boolean;
  /** The top-up it paid, and that movement's folio (MON-…). */
  walletEntryId: string | null;
  walletFolio: number | null;
  shares: { shipmentId: string; kind: PaymentShareKind; amountCentavos: number }[];
  /** Shares whose money was credited to the payer's wallet at confirmation, and why. */
  credited: { shipment: string | null; amountCentavos: number; reason: string }[];
}

function creditedOf(data: Record<string, unknown> | null): PaymentForInvoice['credited'] {
  const list = Array.isArray(data?.credited) ? (data.credited as unknown[]) : [];
  return list.flatMap((item) => {
    const c = item as { shipment?: unknown; amount?: unknown; reason?: unknown };
    if (typeof c.amount !== 'number' || typeof c.reason !== 'string') return [];
    return [{ shipment: typeof c.shipment === 'string' ? c.shipment : null, amountCentavos: toCentavos(c.amount), reason: c.reason }];
  });
}

export async function findPaymentForInvoice(ex: Executor, id: string): Promise<PaymentForInvoice | undefined> {
  const [row] = await ex
    .select({
      id: payments.id,
      numberOfOrder: payments.numberOfOrder,
      userId: payments.userId,
      method: payments.method,
      purpose: payments.purpose,
      status: payments.status,
      amountCentavos: payments.amountCentavos,
      paidAt: payments.paidAt,
      sandbox: payments.sandbox,
      walletEntryId: payments.walletEntryId,
      walletFolio: walletEntries.numberOfOrder,
      providerData: payments.providerData,
    })
    .from(payments)
    .leftJoin(walletEntries, eq(walletEntries.id, payments.walletEntryId))
    .where(eq(payments.id, id));
  if (!row) return undefined;
  const shares = await ex
    .select({ shipmentId: paymentShipments.shipmentId, kind: paymentShipments.kind, amountCentavos: paymentShipments.amountCentavos })
    .from(paymentShipments)
    .where(eq(paymentShipments.paymentId, id))
    .orderBy(paymentShipments.kind, paymentShipments.shipmentId);
  const { providerData, ...rest } = row;
  return { ...rest, shares, credited: creditedOf(providerData) };
}

/** Payments paid in [from, to) with money from outside the wallet: each must end up invoiced. */
export async function paidPaymentIdsBetween(ex: Executor, from: Date, to: Date): Promise<string[]> {
  const rows = await ex
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.status, 'paid'), ne(payments.method, 'monedero'), gte(payments.paidAt, from), lt(payments.paidAt, to)))
    .orderBy(payments.paidAt);
  return rows.map((r) => r.id);
}
