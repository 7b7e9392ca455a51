import { bindUseCases } from '../../shared/use-cases.js';
import { listPayments, walletReconciliation } from './payments.admin.js';
import { cancelOpenAttempts } from './payments.cancel.js';
import { paymentConfig } from './payments.config.js';
import type { PaymentsDeps } from './payments.deps.js';
import { handleCashWebhook, registerOxxoExpiryJob, sandboxSettle } from './payments.oxxo-settle.js';
import { payWithOxxo, type OxxoDeps } from './payments.oxxo.js';
import { captureByOrder, executeById, registerPayPalSettleJob, sandboxAction, sandboxOrder, startShipmentsOrder, startTopUpOrder } from './payments.paypal.js';
import { paymentStats as paymentStatsRows } from './payments.repository.js';
import { oxxoSlips, shipmentsByReference } from './payments.slip.js';
import { availabilityFor, generateGuidesAfterPay, payOverweight, payOverweightIn, payWithWallet } from './payments.wallet.js';
import type { Database } from '../../db/client.js';

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
  return {
    ...bindUseCases(deps, {
      paymentConfig,
      availabilityFor,
      startShipmentsOrder,
      startTopUpOrder,
      captureByOrder,
      executeById,
      cancelOpenAttempts,
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
    }),
    ...bindUseCases(oxxo, { payWithOxxo, handleCashWebhook, sandboxSettle }),
  };
}

export type Payments = ReturnType<typeof createPayments>;

/** Payment attempts by method and status, counted and summed in centavos (the operators' metrics). */
export function paymentStats(db: Database): ReturnType<typeof paymentStatsRows> {
  return paymentStatsRows(db);
}
