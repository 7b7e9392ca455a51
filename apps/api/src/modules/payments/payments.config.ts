import type { PaymentConfig } from '@envios/contracts/payments';
import { isProduction, type Config } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import type { CashProvider } from './adapters/conekta-types.js';
import type { PaymentProvider } from './adapters/payment-provider.js';
import { createPayPalClient } from './adapters/paypal-client.js';
import { createPayPalSandbox, type PayPalSandbox } from './adapters/paypal-sandbox.js';
import type { PaymentsCoreDeps } from './payments.core.js';
import type { PaymentModes, PaymentsDeps, ProviderMode } from './payments.deps.js';
import { paymentErrors } from './payments.errors.js';
import { databaseSandboxStore } from './payments.sandbox-store.js';

/*
 * Which payment providers run, and how: the real clients with their keys, the offline sandboxes,
 * or switched off; and what the screens are told about it.
 */

const PAYPAL_BASE_URLS = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

/**
 * A provider without keys is a sandbox only where no real customer can be fooled by it: by
 * default in development, never in production (NODE_ENV=production or an https APP_URL) unless
 * PAYMENTS_SANDBOX=1 says so on purpose. Otherwise free sandbox top-ups would buy real guides.
 */
export function paymentModes(config: Pick<Config, 'NODE_ENV' | 'APP_URL' | 'PAYMENTS_SANDBOX' | 'PAYPAL_CLIENT_ID' | 'CONEKTA_API_KEY'>): PaymentModes {
  const production = isProduction(config);
  const flag = config.PAYMENTS_SANDBOX;
  const sandboxAllowed = flag === undefined ? !production : flag === '1' || flag === 'true';
  const without: ProviderMode = sandboxAllowed ? 'sandbox' : 'disabled';
  return { paypal: config.PAYPAL_CLIENT_ID ? 'live' : without, oxxo: config.CONEKTA_API_KEY ? 'live' : without };
}

/** Some method takes no real money: the web app shows a "modo de pruebas" banner on every page. */
export function isSandboxMode(modes: PaymentModes): boolean {
  return modes.paypal === 'sandbox' || modes.oxxo === 'sandbox';
}

/** PayPal from the configuration: the real client with credentials, else the sandbox (orders kept in the database). */
export function paypalFromConfig(config: Config, opts: { db: Database; now: () => Date; fetch?: typeof fetch }): PaymentProvider {
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_SECRET) {
    return createPayPalClient({
      baseUrl: config.PAYPAL_API_URL ?? PAYPAL_BASE_URLS[config.PAYPAL_ENV],
      clientId: config.PAYPAL_CLIENT_ID,
      secret: config.PAYPAL_SECRET,
      brandName: 'Envíos',
      fetch: opts.fetch,
    });
  }
  return createPayPalSandbox({ appUrl: config.APP_URL, store: databaseSandboxStore(opts.db, opts.now) });
}

export function createPaymentsDeps(input: {
  config: Config;
  core: PaymentsCoreDeps;
  cash: CashProvider;
  /** Tests inject a client pointed at the local fake; by default from the configuration. */
  paypal?: PaymentProvider;
  findAccount: PaymentsDeps['findAccount'];
}): PaymentsDeps {
  const { config, core } = input;
  return {
    ...core,
    paypal: input.paypal ?? paypalFromConfig(config, { db: core.db, now: () => core.clock.now() }),
    modes: paymentModes(config),
    cardEnabled: config.PAYPAL_CARD,
    cash: input.cash,
    findAccount: input.findAccount,
  };
}

/** The sandbox PayPal when it is the active provider (its approval page exists only then). */
export function paypalSandboxOf(deps: Pick<PaymentsDeps, 'paypal'>): PayPalSandbox | undefined {
  const p = deps.paypal as Partial<PayPalSandbox>;
  return p.sandbox === true && typeof p.findOrder === 'function' ? (deps.paypal as PayPalSandbox) : undefined;
}

/** Refuses to start a PayPal payment while PayPal is switched off. */
export function requirePayPal(deps: Pick<PaymentsDeps, 'modes'>): void {
  if (deps.modes.paypal === 'disabled') throw paymentErrors.disabled();
}

/** `GET /payments/config`: which providers are sandboxes or switched off, so screens can say so. */
export function paymentConfig(deps: PaymentsDeps): PaymentConfig {
  const paypalOn = deps.modes.paypal !== 'disabled';
  return {
    paypal: { sandbox: deps.paypal.sandbox, enabled: paypalOn },
    oxxo: { sandbox: deps.modes.oxxo === 'sandbox', enabled: deps.modes.oxxo !== 'disabled' },
    card: { enabled: deps.cardEnabled && paypalOn },
    sandbox_mode: isSandboxMode(deps.modes),
  };
}
