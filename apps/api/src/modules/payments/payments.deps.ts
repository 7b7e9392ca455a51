import type { CashProvider } from './adapters/conekta-types.js';
import type { PaymentProvider } from './adapters/payment-provider.js';
import type { PaymentsCoreDeps } from './payments.core.js';

/*
 * The payments service's collaborators and switches, apart from the façade (payments.usecases.ts):
 * the parts (wallet, cancel, OXXO, PayPal) import them from here, so no part imports the file that
 * re-exports it.
 */

/** How a payment provider runs: with its keys (real money), as the offline sandbox, or switched off. */
export type ProviderMode = 'live' | 'sandbox' | 'disabled';

export interface PaymentModes {
  paypal: ProviderMode;
  oxxo: ProviderMode;
}

/**
 * What the payments use cases need, built once in app.ts (`createPaymentsDeps`).
 */
export interface PaymentsDeps extends PaymentsCoreDeps {
  /** PayPal Orders v2: the real client when PAYPAL_CLIENT_ID + PAYPAL_SECRET are set, else the offline sandbox. */
  paypal: PaymentProvider;
  modes: PaymentModes;
  /** The card option (paypal-plus, card through PayPal) is offered. */
  cardEnabled: boolean;
  /** The OXXO provider (Conekta or its sandbox): references, their cancellation, the webhook's signature. */
  cash: CashProvider;
  /** The payer's name and phone for Conekta's customer_info. */
  findAccount: (userId: string) => Promise<{ firstName: string; lastName: string; email: string; phone: string } | undefined>;
}

/** What invoicing reads of a payment (a type only: the invoices module imports it from here, never from the façade, which imports invoicing back). */
export type { PaymentForInvoice } from './payments.invoicing.repository.js';
