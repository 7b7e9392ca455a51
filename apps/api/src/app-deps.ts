import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config/env.js';
import type { DatabaseHandle } from './db/client.js';
import type { Clock } from './shared/clock.js';
import type { JobQueueOptions } from './modules/jobs/jobs.usecases.js';
import type { createNotifier } from './modules/notifications/notifications.usecases.js';
import type { OverweightProvider } from './modules/quotes/quotes.usecases.js';
import type { PaymentProvider } from './modules/payments/adapters/payment-provider.js';
import type { CashProvider } from './modules/payments/adapters/conekta-types.js';
import type { GuideIssuer } from './modules/carriers/adapters/guide-issuer.js';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { TrackingAdapter } from './modules/carriers/adapters/tracking-adapter.js';
import type { TrackingDeps } from './modules/tracking/tracking.usecases.js';
import type { TrackingJobOptions } from './modules/tracking/tracking.job.js';
import type { Metrics } from './modules/metrics/metrics.usecases.js';
import type { OutboundHttp, OutboundPolicy } from './shared/outbound-http.js';
import type { IntakeOptions, IntegrationsDeps, IntegrationsJobOptions } from './modules/integrations/integrations.usecases.js';
import type { StampingService } from './modules/invoices/invoices.usecases.js';

/* What buildApp is given (app.ts) and hands on to the modules (app-modules.ts). */

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Tests pass a clock they can move. */
  clock?: Clock;
  /** Job-queue tuning (poll interval, lease, back-off); the worker starts only when told (server.ts). */
  jobs?: Omit<JobQueueOptions, 'db' | 'clock' | 'log'>;
  /** Replace the mail or WhatsApp delivery (tests); by default they follow the configuration. */
  notifications?: Pick<Parameters<typeof createNotifier>[0], 'mailer' | 'whatsapp'>;
  /** The caller's unpaid overweight, added once to every quote; by default the shipments module's figure. */
  overweightOwed?: OverweightProvider;
  /** Replace the OXXO cash provider (tests: the real client against the local Conekta fake); by default from CONEKTA_*. */
  cashProvider?: CashProvider;
  /** Replace carriers' guide issuers (tests); by default sandbox, or the live client when DHL_* / FEDEX_* are set. */
  guideIssuers?: Partial<Record<CarrierCode, GuideIssuer>>;
  /** Replace carriers' tracking adapters (tests); by default sandbox, or the live client when DHL_* / FEDEX_* are set. */
  trackingAdapters?: Partial<Record<CarrierCode, TrackingAdapter>>;
  /** Tracking tuning (tests): inline time limit, freshness, answer cache, carrier rate limit, the refresh job. */
  tracking?: Partial<Pick<TrackingDeps, 'inlineTimeoutMs' | 'freshForMs' | 'cacheTtlMs' | 'limiter' | 'limitLookup'>> & { job?: TrackingJobOptions };
  /** Replace PayPal (tests: the real client against the local PayPal fake); by default from PAYPAL_*. */
  paypal?: PaymentProvider;
  /** Replace the stamping service (tests: Facturapi's real client against the local fake); by default from FACTURAPI_*. */
  stampingService?: StampingService;
  /** How a slowed-down sign-in waits (tests record the waits instead of sleeping). */
  signInSleep?: (ms: number) => Promise<void>;
  /** Per-account hourly limits (tests lower them). */
  rateLimits?: Partial<typeof defaultRateLimits>;
  /** Prometheus registry and counters; by default a new one per app (tests read it). */
  metrics?: Metrics;
  /**
   * What the outbound client may reach besides the public internet, and how it resolves names
   * (tests: a local fake's address and certificate, a DNS table). Production passes nothing.
   */
  outbound?: OutboundPolicy;
  /** Online stores (tests): call time limit, sync interval, order intake tuning. */
  integrations?: {
    storeTimeoutMs?: number;
    jobs?: IntegrationsJobOptions;
    intake?: IntakeOptions;
    /** Our app on each OAuth platform (tests: the fake's); default from SHOPIFY_* and TIENDANUBE_*. */
    storeApps?: IntegrationsDeps['storeApps'];
    /** The outbound client stores are reached with (tests: one that routes a shop domain to its local fake). */
    outbound?: OutboundHttp;
    /** How throttled calls wait (tests: at once). */
    sleep?: (ms: number) => Promise<void>;
  };
  /** The general report's export cap (tests lower it); by default the contract's 100,000 rows. */
  reports?: { exportMaxRows?: number };
  /**
   * The server listens before the start-up work (catalogues, first admin…) is done and holds
   * every request but the health checks until it is (plugins/startup.ts); by default (tests)
   * `app.ready()` waits for it.
   */
  startInBackground?: boolean;
}

/** Per account and hour: shipments created (new or duplicated), and payment attempts that hold guides. */
export const defaultRateLimits = { shipmentsPerHour: 10_000, paymentAttemptsPerHour: 30 };
