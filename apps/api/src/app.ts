import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { applySpanishValidationMessages } from '@envios/contracts/messages';
import type { Config } from './config/env.js';
import { createChangeVersions } from './db/change-versions.js';
import type { DatabaseHandle } from './db/client.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerClosingGuard, serverErrorOptions } from './plugins/server-errors.js';
import { registerSecurity } from './plugins/security.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSpa } from './plugins/spa.js';
import { registerCompression } from './plugins/compression.js';
import { registerStartup } from './plugins/startup.js';
import './shared/route-guard.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { siteInfoFromConfig } from './modules/site/site.usecases.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { createContact } from './modules/contact/contact.usecases.js';
import { geographyRoutes } from './modules/geography/geography.routes.js';
import { registerAuth } from './plugins/auth.js';
import { systemClock, type Clock } from './shared/clock.js';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './modules/jobs/jobs.usecases.js';
import { createNotifier, type Notifier } from './modules/notifications/notifications.usecases.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { activeAdminEmails, createAccounts, guardRate, userSummaries } from './modules/accounts/accounts.usecases.js';
import { accountErrors } from './modules/accounts/accounts.errors.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { registerAccountsCleanup } from './modules/accounts/accounts.cleanup.js';
import { registerTopUpExpiry } from './modules/wallet/wallet.expiry.js';
import { registerDbMaintenance } from './modules/jobs/db-maintenance.js';
import { createSessionCache } from './modules/accounts/session-cache.js';
import { createGeography } from './modules/geography/geography.usecases.js';
import { carrierApisFromConfig, createCarriers } from './modules/carriers/carriers.usecases.js';
import { AppError } from './shared/errors.js';
import { carriersRoutes } from './modules/carriers/carriers.routes.js';
import { createQuoting, type OverweightProvider } from './modules/quotes/quotes.usecases.js';
import { quotesRoutes } from './modules/quotes/quotes.routes.js';
import { createShipments, overweightOwedProvider, SHIPMENT_LIST_CHANNEL } from './modules/shipments/shipments.usecases.js';
import { shipmentsRoutes } from './modules/shipments/shipments.routes.js';
import { addressesRoutes } from './modules/addresses/addresses.routes.js';
import { createAddresses } from './modules/addresses/addresses.usecases.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { cashProviderFromConfig, createPayments, createPaymentsDeps, findOpenAttempt, isSandboxMode, paymentModes, paymentStats } from './modules/payments/payments.usecases.js';
import type { PaymentsCoreDeps } from './modules/payments/payments.core.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import type { PaymentProvider } from './modules/payments/adapters/payment-provider.js';
import { oxxoRoutes } from './modules/payments/payments.oxxo.routes.js';
import { webhooksRoutes } from './modules/payments/payments.webhooks.routes.js';
import { paymentsAdminRoutes } from './modules/payments/payments.admin.routes.js';
import type { CashProvider } from './modules/payments/adapters/conekta-types.js';
import { guidesRoutes } from './modules/guides/guides.routes.js';
import { createGuides, seedDemoInventory } from './modules/guides/guides.usecases.js';
import { pickupsRoutes } from './modules/pickups/pickups.routes.js';
import { createPickups } from './modules/pickups/pickups.usecases.js';
import { registerGuidesJob } from './modules/guides/guides.job.js';
import { guideIssuersFromConfig } from './modules/carriers/adapters/guide-issuers.js';
import type { GuideIssuer } from './modules/carriers/adapters/guide-issuer.js';
import type { CarrierCode } from '@envios/contracts/carriers';
import { trackingAdaptersFromConfig } from './modules/carriers/adapters/tracking-adapters.js';
import type { TrackingAdapter } from './modules/carriers/adapters/tracking-adapter.js';
import { createCarrierLimiter, createTracking, type TrackingDeps } from './modules/tracking/tracking.usecases.js';
import { registerTrackingRefresh, type TrackingJobOptions } from './modules/tracking/tracking.job.js';
import { trackingRoutes } from './modules/tracking/tracking.routes.js';
import { createOverweight, noteOverweightPaidByPurchase, statusOf, type Overweight } from './modules/overweight/overweight.usecases.js';
import { overweightRoutes } from './modules/overweight/overweight.routes.js';
import { createReports } from './modules/reports/reports.usecases.js';
import { localChangeFeed, noChangeFeed, postgresChangeFeed } from './modules/reports/reports.changes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { jobsQueries } from './modules/jobs/jobs.usecases.js';
import { createWallet, walletTotals } from './modules/wallet/wallet.usecases.js';
import { createMetrics, type Metrics } from './modules/metrics/metrics.usecases.js';
import { instrumentCarrierApis, instrumentGuideIssuers, instrumentTrackingAdapters } from './modules/metrics/carrier-calls.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { markedChildLogger, registerObservability } from './plugins/observability.js';
import { pendingMigrations } from './db/migrate.js';
import { createIntegrations, type IntakeOptions, type IntegrationsJobOptions } from './modules/integrations/integrations.usecases.js';
import { integrationsRoutes, integrationsWebhookRoutes } from './modules/integrations/integrations.routes.js';

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
  /** How a slowed-down sign-in waits (tests record the waits instead of sleeping). */
  signInSleep?: (ms: number) => Promise<void>;
  /** Per-account hourly limits (tests lower them). */
  rateLimits?: Partial<typeof defaultRateLimits>;
  /** Prometheus registry and counters; by default a new one per app (tests read it). */
  metrics?: Metrics;
  /** Online stores (tests): how real stores are reached (the fake store's fetch), call time limit, sync interval, order intake tuning. */
  integrations?: { fetch?: typeof fetch; storeTimeoutMs?: number; jobs?: IntegrationsJobOptions; intake?: IntakeOptions };
  /**
   * The server listens before the start-up work (catalogues, first admin…) is done and holds
   * every request but the health checks until it is (plugins/startup.ts); by default (tests)
   * `app.ready()` waits for it.
   */
  startInBackground?: boolean;
}

/** Per account and hour: shipments created (new or duplicated), and payment attempts that hold guides. */
export const defaultRateLimits = { shipmentsPerHour: 1000, paymentAttemptsPerHour: 30 };

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue; `app.jobs.start()` runs the worker, closing the app stops it. */
    jobs: JobQueue;
    /** The counters and gauges `GET /metrics` shows. */
    metrics: Metrics;
    notifier: Notifier;
    /** Every route as registered, with its guard (tests and the ROUTES.md generator read it). */
    routeTable: { method: string; url: string; guard: string | undefined; ownerParam: string | undefined }[];
  }
}

export { logSerializers, redactedLogPaths } from './shared/log-safety.js';
export { logMixin } from './shared/request-context.js';

/** Builds the whole application without listening: plugins first, then one visible module list. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  applySpanishValidationMessages();
  const { config, database } = deps;
  const rateLimits = { ...defaultRateLimits, ...deps.rateLimits };
  const app = Fastify({
    logger: deps.logger ?? false,
    // Client addresses feed the per-address sign-in limits: trust X-Forwarded-For only behind a known proxy.
    trustProxy: config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY : false,
    bodyLimit: 1_048_576,
    // The start-up work (plugins/startup.ts) runs as one onReady hook in the foreground; on a busy
    // machine it takes longer than Fastify's default 10 s limit for a hook.
    pluginTimeout: 120_000,
    requestIdHeader: 'x-request-id',
    // Unique across processes and restarts (the default counter starts again at req-1 in each).
    genReqId: () => randomUUID(),
    childLoggerFactory: markedChildLogger,
    ...serverErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every /api/v1 route must say who may call it (shared/route-guard.ts).
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, guard: route.config?.guard, ownerParam: route.config?.ownerParam });
    }
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.guard) {
      throw new Error(`La ruta ${String(route.method)} ${route.url} no declara config.guard`);
    }
    if (route.config?.guard === 'self' && !route.config.ownerParam && !route.url.includes(':userId')) {
      throw new Error(`La ruta ${String(route.method)} ${route.url} es 'self' pero no dice en qué parámetro está el dueño (config.ownerParam)`);
    }
  });

  const clock = deps.clock ?? systemClock;
  const metrics =
    deps.metrics ??
    createMetrics({
      now: () => clock.now(),
      sources: { jobs: (now) => jobsQueries.stats(database.db, now), payments: () => paymentStats(database.db), wallet: () => walletTotals(database.db) },
    });
  app.decorate('metrics', metrics);
  registerObservability(app, metrics);
  registerErrorHandler(app);
  registerClosingGuard(app);
  // Before every other request hook: nothing reaches a route until the start-up work below is done.
  registerStartup(app, () => startUp(), { background: deps.startInBackground ?? false });
  registerInputGuard(app);
  // Third-party origins only when configured: the chat widget's own origin (script, its calls,
  // its frame and images); the ad pixel's script and the endpoint it reports to.
  const chatOrigin = config.CHAT_WIDGET_SRC ? [new URL(config.CHAT_WIDGET_SRC).origin] : [];
  const pixel = config.META_PIXEL_ID ? { script: ['https://connect.facebook.net'], report: ['https://www.facebook.com'] } : { script: [], report: [] };
  await registerSecurity(app, {
    cookieSecret: config.SECRET_KEY,
    scriptOrigins: [...chatOrigin, ...pixel.script],
    connectOrigins: [...chatOrigin, ...pixel.script, ...pixel.report],
    imgOrigins: [...chatOrigin, ...pixel.report],
    frameOrigins: [...chatOrigin, ...pixel.report],
  });
  await registerOpenApi(app);
  await registerCompression(app, { minBytes: config.COMPRESSION_MIN_BYTES });

  // Background work and notices: the queue lives with the app; server.ts starts it.
  const jobs = createJobQueue({ db: database.db, clock, log: app.log, pollIntervalMs: config.JOBS_POLL_INTERVAL_MS, onRun: (run) => metrics.observeJobRun(run), ...deps.jobs });
  const notifier = createNotifier({
    db: database.db,
    queue: jobs,
    clock,
    log: app.log,
    config: {
      smtpUrl: config.SMTP_URL,
      mailFrom: config.MAIL_FROM,
      whatsapp:
        config.WHATSAPP_API_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID
          ? { apiUrl: config.WHATSAPP_API_URL, token: config.WHATSAPP_API_TOKEN, phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID }
          : undefined,
    },
    ...deps.notifications,
  });
  app.decorate('jobs', jobs);
  app.decorate('notifier', notifier);
  registerAccountsCleanup(jobs, clock, app.log);
  registerDbMaintenance(jobs, database, clock, app.log);
  registerTopUpExpiry(jobs, clock, app.log);
  app.addHook('onClose', async () => {
    await jobs.stop();
    notifier.close();
  });
  const accounts = createAccounts({
    db: database.db,
    clock,
    notifier,
    queue: jobs,
    appUrl: config.APP_URL,
    whatsappApprovalTemplate: config.WHATSAPP_APPROVAL_TEMPLATE,
    log: app.log,
    sessionCache: config.SESSION_CACHE_MS > 0 ? createSessionCache({ ttlMs: config.SESSION_CACHE_MS }) : undefined,
    sleep: deps.signInSleep,
  });
  registerAuth(app, { authenticate: (token) => accounts.authenticate(token), purchasesBlocked: accountErrors.purchasesBlocked, secureCookie: accounts.secureCookie });

  // Modules, in one visible list.
  const readiness = {
    pendingMigrations: () => pendingMigrations(database),
    // Loaded by the start-up work; ready once all of that work is over.
    cataloguesLoaded: () => app.startup.done && geography.catalogueInfo().rowCount > 0 && carriers.snapshot().version > 0,
    accepting: () => !app.draining.active,
  };
  await app.register(healthRoutes, { db: database.db, readiness });
  await app.register(metricsRoutes, { metrics, token: config.METRICS_TOKEN });
  await app.register(accountsRoutes, { accounts });
  await app.register(notificationsRoutes, { db: database.db, notifier });
  await app.register(addressesRoutes, { addresses: createAddresses({ db: database.db, clock }) });
  await app.register(walletRoutes, { wallet: createWallet({ db: database.db, clock }) });
  const geography = createGeography({ db: database.db, refreshIntervalMs: config.POSTAL_CODES_REFRESH_MS, logger: app.log });
  await app.register(geographyRoutes, { geography, compress: config.COMPRESSION_MIN_BYTES > 0 });
  const carriers = createCarriers({
    db: database.db,
    clock,
    refreshIntervalMs: config.TARIFFS_REFRESH_MS,
    logger: app.log,
    apis: instrumentCarrierApis(carrierApisFromConfig(config), metrics),
    userExists: (id) =>
      accounts.getUser(id).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError && error.statusCode === 404) return false;
          throw error;
        },
      ),
  });
  await app.register(carriersRoutes, { carriers });
  const quoting = createQuoting({
    carriers,
    geography,
    clock,
    rateTimeoutMs: config.CARRIER_RATE_TIMEOUT_MS,
    overweightOwed: deps.overweightOwed ?? overweightOwedProvider(database.db),
    logger: app.log,
    liveRateLimit: (clientKey) => accounts.guardRate(`quote-live:${clientKey}`, { limit: config.LIVE_QUOTES_PER_MINUTE, windowMs: 60_000, blockMs: 60_000 }),
  });
  await app.register(quotesRoutes, { quoting });
  // Created with the payments below; 'Editar sobrepeso' on PUT /shipments/{id} is handed to it.
  const later: { overweight?: Overweight } = {};
  const shipments = createShipments({
    recordOverweight: (caller, id, input) => later.overweight!.record(caller, id, input),
    db: database.db,
    listVersions: createChangeVersions(database, SHIPMENT_LIST_CHANNEL),
    openPaymentFor: findOpenAttempt,
    limitCreation: (userId, count) => accounts.guardRate(`shipments:create:${userId}`, { limit: rateLimits.shipmentsPerHour, windowMs: 3_600_000, blockMs: 15 * 60_000 }, count),
    clock,
    quoting,
    carriers,
    findAccount: (id) =>
      accounts.getUser(id).then(
        (u) => ({ id: u._id, firstName: u.firstName, lastName: u.lastName, email: u.email, active: u.active, locked: u.locked, purchasesBlocked: u.purchasesBlocked }),
        (error: unknown) => {
          if (error instanceof AppError && error.statusCode === 404) return undefined;
          throw error;
        },
      ),
  });
  await app.register(shipmentsRoutes, { shipments });
  const integrations = createIntegrations(
    {
      db: database.db,
      clock,
      jobs,
      notifier,
      lookupPostalCode: (country, code) => geography.lookupPostalCode({ country, code }).country_codes,
      appUrl: config.APP_URL,
      secret: config.SECRET_KEY,
      fetch: deps.integrations?.fetch,
      storeTimeoutMs: deps.integrations?.storeTimeoutMs,
      findAccount: (id) =>
        accounts.getUser(id).then(
          (u) => ({ firstName: u.firstName, email: u.email }),
          (error: unknown) => {
            if (error instanceof AppError && error.statusCode === 404) return undefined;
            throw error;
          },
        ),
      // The demo store lives in this app: its key callback and webhooks reach our routes in-process.
      deliverLocal: async (request) => {
        const url = new URL(request.url);
        const answer = await app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: request.headers, payload: request.body });
        return { status: answer.statusCode };
      },
      log: app.log,
    },
    { jobs: deps.integrations?.jobs, intake: deps.integrations?.intake },
  );
  await app.register(integrationsRoutes, {
    integrations,
    limit: (key, rule) => accounts.guardRate(key, rule),
  });
  await app.register(integrationsWebhookRoutes, { integrations });
  const guideIssuers = instrumentGuideIssuers({ ...guideIssuersFromConfig(config), ...deps.guideIssuers }, metrics);
  registerGuidesJob(jobs, {
    db: database.db,
    clock,
    notifier,
    issuerFor: (code) => guideIssuers[code],
    appUrl: config.APP_URL,
    secret: config.SECRET_KEY,
    log: app.log,
    onGuideIssued: integrations.onGuideIssued,
  });
  await app.register(guidesRoutes, { guides: createGuides({ db: database.db, clock, secret: config.SECRET_KEY }) });
  await app.register(pickupsRoutes, { pickups: createPickups({ db: database.db, clock }) });
  const { job: trackingJob, ...trackingTuning } = deps.tracking ?? {};
  const tracking = createTracking({
    db: database.db,
    clock,
    notifier,
    adapters: instrumentTrackingAdapters({ ...trackingAdaptersFromConfig(config), ...deps.trackingAdapters }, metrics),
    // At most 5 calls a second to each carrier from this process.
    limiter: createCarrierLimiter(5),
    appUrl: config.APP_URL,
    whatsapp: Boolean(config.WHATSAPP_API_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID) || Boolean(deps.notifications?.whatsapp),
    wake: () => jobs.wake(),
    // Lookups that reach the database (not a freshly built answer): 60 a minute per address.
    limitLookup: (clientKey) => accounts.guardRate(`tracking:${clientKey}`, { limit: 60, windowMs: 60_000, blockMs: 60_000 }),
    onStateChange: integrations.onTrackingState,
    log: app.log,
    ...trackingTuning,
  });
  registerTrackingRefresh(jobs, { db: database.db, clock, tracking, log: app.log }, trackingJob);
  await app.register(trackingRoutes, { tracking });
  const findPayer = (id: string) =>
    accounts.getUser(id).then(
      (u) => ({ firstName: u.firstName, lastName: u.lastName, email: u.email, phone: u.phone }),
      (error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404) return undefined;
        throw error;
      },
    );
  const paymentsCore: PaymentsCoreDeps = {
    db: database.db,
    clock,
    jobs,
    log: app.log,
    notifier,
    appUrl: config.APP_URL.replace(/\/+$/, ''),
    guideHoldsPerUser: config.GUIDE_HOLDS_PER_USER,
    limitAttempts: (ex, userId) => guardRate({ db: ex, clock }, `payments:open:${userId}`, { limit: rateLimits.paymentAttemptsPerHour, windowMs: 3_600_000, blockMs: 15 * 60_000 }),
    onOverweightPaid: noteOverweightPaidByPurchase,
  };
  const modes = paymentModes(config);
  const cashProvider = deps.cashProvider ?? cashProviderFromConfig(config, { clock });
  const payments = createPayments(createPaymentsDeps({ config, core: paymentsCore, cash: cashProvider, paypal: deps.paypal, findAccount: findPayer }));
  await app.register(paymentsRoutes, { payments });
  await app.register(oxxoRoutes, { payments });
  await app.register(webhooksRoutes, { payments });
  await app.register(paymentsAdminRoutes, { payments });
  // Report answers are kept while nothing changed: the database's notices say when something did.
  const postgresUrl = database.raw.kind === 'postgres' ? (database.raw.pool.options as { connectionString?: string }).connectionString : undefined;
  const changes = database.listen ? localChangeFeed(database.listen, app.log) : postgresUrl ? postgresChangeFeed(postgresUrl, app.log) : noChangeFeed();
  app.addHook('onClose', () => changes.close());
  const overweight = createOverweight({
    onChange: () => changes.touch(),
    db: database.db,
    clock,
    notifier,
    appUrl: config.APP_URL,
    payments,
    carriers,
    stateOf: (postalCode) => {
      try {
        return geography.lookupPostalCode({ country: 'MX', code: postalCode }).country_codes.find((s) => s.state_short)?.state_short;
      } catch {
        return undefined;
      }
    },
    findAccount: (id) =>
      accounts.getUser(id).then(
        (u) => ({ firstName: u.firstName, email: u.email }),
        (error: unknown) => {
          if (error instanceof AppError && error.statusCode === 404) return undefined;
          throw error;
        },
      ),
    log: app.log,
  });
  later.overweight = overweight;
  await app.register(overweightRoutes, { overweight });
  const reports = createReports({ database, clock, changes, statusOf, log: app.log });
  await app.register(reportsRoutes, { reports });
  const siteInfo = siteInfoFromConfig(config, { paymentsSandbox: isSandboxMode(modes) });
  await app.register(siteRoutes, { info: siteInfo, appUrl: config.APP_URL });
  await app.register(contactRoutes, {
    contact: createContact({
      db: database.db,
      clock,
      notifier,
      queue: jobs,
      appUrl: config.APP_URL,
      supportEmail: config.SUPPORT_EMAIL,
      supportHours: config.SUPPORT_HOURS,
      limitPerAddress: (ip) => accounts.guardRate(`contact:ip:${ip}`, { limit: config.CONTACT_MESSAGES_PER_HOUR, windowMs: 3_600_000, blockMs: 3_600_000 }),
      adminEmails: () => activeAdminEmails(database.db),
      authorName: async (id) => {
        const who = (await userSummaries(database.db, [id])).get(id);
        return who ? `${who.name} <${who.email}>` : 'Administrador';
      },
      log: app.log,
    }),
  });

  const spa = await registerSpa(app, config.WEB_DIST_DIR, { site: siteInfo, appUrl: config.APP_URL }, config.COMPRESSION_MIN_BYTES > 0);

  // The start-up work, once the app is ready: independent steps side by side (on PostgreSQL they
  // truly overlap; on PGlite the hashing of the first admin's password overlaps the seeding).
  const seedDemoGuides = modes.paypal === 'sandbox' && modes.oxxo === 'sandbox';
  async function startUp(): Promise<void> {
    await Promise.all([
      (async () => {
        // Each catalogue seeds its demo set on a new database, loads into memory and starts polling.
        await Promise.all([geography.start(), carriers.start()]);
        // Demo guide numbers for inventory services never stocked, after the services exist: only
        // while payments are sandboxes too (an offline demo), never where real money buys guides.
        if (seedDemoGuides) {
          const added = await seedDemoInventory(database.db, clock.now());
          if (added > 0) app.log.info({ added }, 'inventario de guías de demostración creado');
        }
      })(),
      (async () => {
        // Guides issued before tracking existed get their row.
        const added = await tracking.backfill();
        if (added > 0) app.log.info({ added }, 'guías existentes incorporadas al rastreo');
      })(),
      config.ADMIN_EMAIL && config.ADMIN_PASSWORD ? accounts.ensureBootstrapAdmin({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }) : undefined,
    ]);
    // Rendering the public pages needs the web app's server bundle (a large import): begun once
    // everything else is ready, so it never delays the first answers; pages wait for it.
    void spa.prepare();
  }
  // Stopped once the start-up is over, so nothing of it still uses the database when it closes.
  app.addHook('onClose', async () => {
    await app.startup.settled();
    await Promise.all([geography.stop(), carriers.stop()]);
  });
  return app;
}
