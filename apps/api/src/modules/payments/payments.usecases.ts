import type { FastifyBaseLogger } from 'fastify';
import type { PaymentConfig } from '@envios/contracts/payments';
import type { Config } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import type { PaymentProvider } from './adapters/payment-provider.js';
import { createPayPalClient } from './adapters/paypal-client.js';
import { createPayPalSandbox, type PayPalSandbox } from './adapters/paypal-sandbox.js';
import type { PaymentsCoreDeps } from './payments.core.js';

const PAYPAL_BASE_URLS = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

/**
 * What the payment routes need, built once in app.ts (`createPaymentsDeps`). Other payment
 * methods (OXXO) add their own fields here.
 */
export interface PaymentsDeps extends PaymentsCoreDeps {
  /** PayPal Orders v2: the real client when PAYPAL_CLIENT_ID + PAYPAL_SECRET are set, else the offline sandbox. */
  paypal: PaymentProvider;
  /** Where the buyer comes back to (return and cancel URLs). */
  appUrl: string;
  /** The card option (paypal-plus, card through PayPal) is offered. */
  cardEnabled: boolean;
  /** The OXXO provider is the offline sandbox (no CONEKTA_API_KEY). */
  oxxoSandbox: boolean;
}

/** PayPal from the configuration (DESIGN §6): the real client with credentials, else the sandbox. */
export function paypalFromConfig(config: Config, opts: { fetch?: typeof fetch } = {}): PaymentProvider {
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_SECRET) {
    return createPayPalClient({
      baseUrl: config.PAYPAL_API_URL ?? PAYPAL_BASE_URLS[config.PAYPAL_ENV],
      clientId: config.PAYPAL_CLIENT_ID,
      secret: config.PAYPAL_SECRET,
      brandName: 'Envíos',
      fetch: opts.fetch,
    });
  }
  return createPayPalSandbox({ appUrl: config.APP_URL });
}

export function createPaymentsDeps(input: {
  config: Config;
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  log?: FastifyBaseLogger;
  /** Tests inject a client pointed at the local fake; by default from the configuration. */
  paypal?: PaymentProvider;
}): PaymentsDeps {
  return {
    db: input.db,
    clock: input.clock,
    jobs: input.jobs,
    log: input.log,
    paypal: input.paypal ?? paypalFromConfig(input.config),
    appUrl: input.config.APP_URL.replace(/\/+$/, ''),
    cardEnabled: input.config.PAYPAL_CARD,
    oxxoSandbox: !input.config.CONEKTA_API_KEY,
  };
}

/** The sandbox PayPal when it is the active provider (its approval page exists only then). */
export function paypalSandboxOf(deps: Pick<PaymentsDeps, 'paypal'>): PayPalSandbox | undefined {
  const p = deps.paypal as Partial<PayPalSandbox>;
  return p.sandbox === true && typeof p.findOrder === 'function' ? (deps.paypal as PayPalSandbox) : undefined;
}

/** `GET /payments/config`: which providers are sandboxes, so screens can say so. */
export function paymentConfig(deps: PaymentsDeps): PaymentConfig {
  return { paypal: { sandbox: deps.paypal.sandbox }, oxxo: { sandbox: deps.oxxoSandbox }, card: { enabled: deps.cardEnabled } };
}
