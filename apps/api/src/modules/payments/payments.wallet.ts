import { randomUUID } from 'node:crypto';
import { fromCentavos } from '@envios/contracts/money';
import type { GenerateGuidesResult, GuidesAvailability, OverweightPaymentResult, WalletPaymentResult } from '@envios/contracts/payments';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import { commonErrors } from '../../shared/errors.js';
import { findContact } from '../accounts/accounts.usecases.js';
import { enqueueGuideIssue, guidesAvailability } from '../guides/guides.usecases.js';
import { lockShipmentsForPayment, readShipmentsForPayment } from '../shipments/shipments.usecases.js';
import { charge, ownerFor, walletBalance } from '../wallet/wallet.usecases.js';
import { confirmPaymentIn } from './payments.confirm.js';
import { openShipmentsPayment } from './payments.core.js';
import * as repo from './payments.repository.js';
import { paymentErrors } from './payments.errors.js';
import type { PaymentsDeps } from './payments.deps.js';

/**
 * Paying from the wallet ('Monedero'): the attempt opens (guides reserved), the
 * wallet is charged (its row locked, never below zero) and the payment confirmed in ONE
 * transaction, so a refusal (no guides, short balance) takes no money and reserves nothing.
 */

const isAdmin = (caller: Caller) => caller.rol === 'admin';

/** `POST /payments/many/monedero`. 409 wallet.insufficient_balance, guides.none_available, payments.already_paid. */
export async function payWithWallet(
  deps: PaymentsDeps,
  caller: Caller,
  input: { email?: string | undefined; user?: string | undefined; shipments: string[] },
): Promise<WalletPaymentResult> {
  const owner = ownerFor(caller, input.user);
  // Receipts go to the wallet owner's own address, whatever e-mail the request names.
  const email = (await findContact(deps.db, owner))?.email ?? null;
  const result = await deps.db.transaction(async (tx) => {
    const opened = await openShipmentsPayment(deps, tx, {
      userId: owner,
      callerIsAdmin: isAdmin(caller),
      method: 'monedero',
      shipmentIds: input.shipments,
      email,
      requestId: randomUUID(),
      sandbox: false,
      status: 'created',
    });
    // One movement per shipment ('cargo') and one per earlier overweight it also pays ('pago_sobrepeso').
    await charge(tx, owner, opened.amountCentavos, {
      shipmentIds: [...opened.shipments.map((s) => s.id), ...opened.overweight.map((o) => o.id)],
      perShipmentCentavos: [...opened.shipments.map((s) => s.totalCentavos), ...opened.overweight.map((o) => o.amountCentavos)],
      types: [...opened.shipments.map(() => 'cargo' as const), ...opened.overweight.map(() => 'pago_sobrepeso' as const)],
      now: deps.clock.now(),
    });
    await confirmPaymentIn(deps, tx, opened.paymentId, { providerCaptureId: null, providerData: { wallet: true } });
    return { paymentId: opened.paymentId, amountCentavos: opened.amountCentavos, balance: await walletBalance(tx, owner) };
  });
  deps.jobs.wake();
  return { message: 'ok', error: null, payment_id: result.paymentId, amount: fromCentavos(result.amountCentavos), balance: fromCentavos(result.balance) };
}

/**
 * `POST /prepaid/payOverWeight/{shipmentId}`: the shipment owner's wallet pays its overweight
 * ('pago_sobrepeso'). Recording an overweight already charges a wallet that covers it, and a client
 * following the specification calls this right after: an overweight already paid answers its paid
 * state (the payment that paid it, `already_paid: true`) and charges nothing.
 */
export async function payOverweight(deps: PaymentsDeps, caller: Caller, shipmentId: string): Promise<OverweightPaymentResult> {
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await lockShipmentsForPayment(tx, [shipmentId]);
    if (row && !row.deleted && (row.userId === caller.id || isAdmin(caller)) && row.overweightPaid && (row.overweightCentavos ?? 0) > 0) {
      const paidBy = await repo.lastOverweightPayment(tx, shipmentId);
      if (paidBy) return { paymentId: paidBy.id, amountCentavos: row.overweightCentavos!, balance: await walletBalance(tx, row.userId), alreadyPaid: true };
    }
    return { ...(await payOverweightIn(deps, tx, caller, shipmentId)), alreadyPaid: false };
  });
  return {
    message: 'ok',
    error: null,
    payment_id: result.paymentId,
    amount: fromCentavos(result.amountCentavos),
    balance: fromCentavos(result.balance),
    overweight_status: 'paid',
    already_paid: result.alreadyPaid,
  };
}

/**
 * The same payment inside a transaction the caller holds (recording an overweight charges it in
 * the transaction that records it): the shipment locked, one 'overweight' payment, the wallet
 * charged and the payment confirmed. Throws 409 wallet.insufficient_balance when the wallet is short.
 */
export async function payOverweightIn(
  deps: PaymentsDeps,
  tx: Executor,
  caller: Caller,
  shipmentId: string,
): Promise<{ paymentId: string; amountCentavos: number; balance: number }> {
  const [row] = await lockShipmentsForPayment(tx, [shipmentId]);
  if (!row || row.deleted) throw paymentErrors.shipmentNotFound();
  if (row.userId !== caller.id && !isAdmin(caller)) throw commonErrors.forbidden();
  if (!row.overweightCentavos || row.overweightCentavos <= 0) throw paymentErrors.noOverweight();
  if (row.overweightPaid) throw paymentErrors.overweightAlreadyPaid();
  const now = deps.clock.now();
  const payment = await repo.insertPayment(tx, {
    userId: row.userId,
    method: 'monedero',
    purpose: 'overweight',
    amountCentavos: row.overweightCentavos,
    status: 'created',
    requestId: randomUUID(),
    createdAt: now,
    updatedAt: now,
  });
  await repo.insertShares(tx, [{ paymentId: payment.id, shipmentId: row.id, amountCentavos: row.overweightCentavos, serviceId: null, kind: 'overweight' }]);
  await charge(tx, row.userId, row.overweightCentavos, { shipmentIds: [row.id], type: 'pago_sobrepeso', now });
  await confirmPaymentIn(deps, tx, payment.id, { providerCaptureId: null, providerData: { wallet: true } });
  return { paymentId: payment.id, amountCentavos: row.overweightCentavos, balance: await walletBalance(tx, row.userId) };
}

async function ownedShipments(deps: PaymentsDeps, caller: Caller, ids: string[]) {
  const rows = new Map((await readShipmentsForPayment(deps.db, ids)).map((r) => [r.id, r]));
  for (const [i, id] of ids.entries()) {
    const row = rows.get(id);
    if (!row || row.deleted) throw paymentErrors.shipmentNotFound(ids.length > 1 ? `shipments.${i}` : undefined);
  }
  for (const id of ids) if (rows.get(id)!.userId !== caller.id && !isAdmin(caller)) throw commonErrors.forbidden();
  return ids.map((id) => rows.get(id)!);
}

/**
 * `/generate-guides-after-pay/{id}` and `/many`: guides are issued by a durable job enqueued when
 * the payment was confirmed; this enqueues it again if it is missing (same key: never twice) and
 * answers where each shipment stands.
 */
export async function generateGuidesAfterPay(
  deps: PaymentsDeps,
  caller: Caller,
  input: { user?: string | undefined; shipments: string[] },
): Promise<GenerateGuidesResult> {
  ownerFor(caller, input.user);
  const rows = await ownedShipments(deps, caller, input.shipments);
  const waiting = rows.filter((r) => r.paid && !r.numberGuide).map((r) => r.id);
  if (waiting.length > 0) {
    await deps.db.transaction((tx) => enqueueGuideIssue(deps.jobs, tx, waiting));
    deps.jobs.wake();
  }
  return {
    execute: rows.every((r) => r.paid),
    shipments: rows.map((r) => ({ _id: r.id, status: r.paid, number_guide: r.numberGuide, guide: r.guideUrl })),
  };
}

/** `GET /payments/guides-availability`: own shipments only (admin: any). */
export async function availabilityFor(deps: PaymentsDeps, caller: Caller, shipmentIds: string[]): Promise<GuidesAvailability> {
  await ownedShipments(deps, caller, shipmentIds);
  return guidesAvailability(deps.db, shipmentIds);
}
