import { bindUseCases } from '../../shared/use-cases.js';
import { listPayments, walletReconciliation } from './payments.admin.js';
import { cancelOpenAttempts, listOpenPayments } from './payments.cancel.js';
import { paymentConfig } from './payments.config.js';
import type { PaymentsDeps } from './payments.deps.js';
import { handleCashWebhook, registerOxxoExpiryJob, sandboxSettle } from './payments.oxxo-settle.js';
import { payWithOxxo, type OxxoDeps } from './payments.oxxo.js';
import { captureByOrder, executeById, registerPayPalSettleJob, sandboxAction, sandboxOrder, startShipmentsOrder, startTopUpOrder } from './payments.paypal.js';
import { paymentStats as paymentStatsRows } from './payments.repository.js';
import { oxxoSlips, shipmentsByReference } from './payments.slip.js';
import { availabilityFor, generateGuidesAfterPay, payOverweight, payOverweightIn, payWithWallet } from './payments.wallet.js';
import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import { developersErrors } from '../developers/developers.errors.js';
import { isTestKey } from '../developers/developers.usecases.js';

/*
 * Payments: the core every method shares (payments.core.ts opens and closes an attempt,
 * payments.confirm.ts confirms it once), PayPal, the wallet, OXXO and the admin's screen. Routes
 * and other modules (through app.ts) use the object `createPayments` returns.
 */

export type { PaymentModes, PaymentsDeps, ProviderMode } from './payments.deps.js';
export { createPaymentsDeps, isSandboxMode, paymentModes } from './payments.config.js';
export { cashProviderFromConfig } from './payments.oxxo.js';
export { findOpenAttempt } from './payments.cancel.js';
/** Read-only: what invoicing needs of a payment. */
export { findPaymentForInvoice, paidPaymentIdsBetween, type PaymentForInvoice } from './payments.invoicing.repository.js';

/**
 * The payments use cases, bound once; creating them registers the durable jobs that settle an
 * abandoned PayPal order and expire an OXXO reference. `payOverweightIn` runs in the caller's
 * transaction (the overweight module's), which it takes first.
 */
export function createPayments(deps: PaymentsDeps) {
  const oxxo: OxxoDeps = { ...deps, provider: deps.cash, mode: deps.modes.oxxo };
  registerPayPalSettleJob(deps);
  registerOxxoExpiryJob(oxxo);
  const bound = bindUseCases(deps, {
    paymentConfig,
    availabilityFor,
    startShipmentsOrder,
    startTopUpOrder,
    captureByOrder,
    executeById,
    cancelOpenAttempts,
    listOpenPayments,
    payWithWallet,
    payOverweight,
    payOverweightIn,
    generateGuidesAfterPay,
    sandboxOrder,
    sandboxAction,
    listPayments,
    walletReconciliation,
    oxxoSlips,
    shipmentsByReference,
  });
  const cash = bindUseCases(oxxo, { payWithOxxo, handleCashWebhook, sandboxSettle });
  // A test API key moves no real money: it pays, captures and reads only through providers that run as sandboxes, never from the wallet.
  const paypalSandbox = () => deps.paypal.sandbox;
  const oxxoSandbox = () => deps.modes.oxxo === 'sandbox';
  return {
    ...bound,
    ...cash,
    startShipmentsOrder: testKeysOnly(paypalSandbox, bound.startShipmentsOrder),
    startTopUpOrder: testKeysOnly(paypalSandbox, bound.startTopUpOrder),
    captureByOrder: testKeysOnly(paypalSandbox, bound.captureByOrder),
    executeById: testKeysOnly(paypalSandbox, bound.executeById),
    payWithWallet: testKeysOnly(() => false, bound.payWithWallet),
    payOverweight: testKeysOnly(() => false, bound.payOverweight),
    payOverweightIn: (tx: Executor, caller: Caller, shipmentId: string) => {
      if (isTestKey(caller)) throw developersErrors.testKeyPayment();
      return bound.payOverweightIn(tx, caller, shipmentId);
    },
    payWithOxxo: testKeysOnly(oxxoSandbox, cash.payWithOxxo),
    oxxoSlips: testKeysOnly(oxxoSandbox, bound.oxxoSlips),
    shipmentsByReference: testKeysOnly(oxxoSandbox, bound.shipmentsByReference),
  };
}

/** The use case, refused (403) to a test key unless the provider behind it is a sandbox. */
function testKeysOnly<A extends unknown[], R>(
  sandbox: () => boolean,
  useCase: (caller: Caller, ...rest: A) => Promise<R>,
): (caller: Caller, ...rest: A) => Promise<R> {
  return async (caller, ...rest) => {
    if (isTestKey(caller) && !sandbox()) throw developersErrors.testKeyPayment();
    return useCase(caller, ...rest);
  };
}

export type Payments = ReturnType<typeof createPayments>;

/** Payment attempts by method and status, counted and summed in centavos (the operators' metrics). */
export function paymentStats(db: Database): ReturnType<typeof paymentStatsRows> {
  return paymentStatsRows(db);
}
