import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { changeSourceOf, createChangeFeed } from './db/change-feed.js';
import './shared/route-guard.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createHealth } from './modules/health/health.usecases.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { createSite, siteInfoFromConfig } from './modules/site/site.usecases.js';
import { launchChecklist } from './config/launch-checklist.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { CONTACT_ACKS_PER_ADDRESS_PER_DAY, createContact } from './modules/contact/contact.usecases.js';
import { AppError } from './shared/errors.js';
import { geographyRoutes } from './modules/geography/geography.routes.js';
import type { Clock } from './shared/clock.js';
import type { JobQueue } from './modules/jobs/jobs.usecases.js';
import type { Events } from './modules/events/events.usecases.js';
import { createOutbox, creditMailOnPayment, type Notifier } from './modules/notifications/notifications.usecases.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { activeAdminEmails, findContact, findInvoicingAccount, guardRate, userSummaries } from './modules/accounts/accounts.usecases.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { createGeography } from './modules/geography/geography.usecases.js';
import { carrierApisFromConfig, createCarriers, guideIssuersFromConfig, trackingAdaptersFromConfig } from './modules/carriers/carriers.usecases.js';
import { carriersRoutes } from './modules/carriers/carriers.routes.js';
import { createQuoting } from './modules/quotes/quotes.usecases.js';
import { quotesRoutes } from './modules/quotes/quotes.routes.js';
import { createShipments, overweightOwedProvider, SHIPMENT_LIST_CHANNEL } from './modules/shipments/shipments.usecases.js';
import { shipmentsRoutes } from './modules/shipments/shipments.routes.js';
import { addressesRoutes } from './modules/addresses/addresses.routes.js';
import { createAddresses } from './modules/addresses/addresses.usecases.js';
import { parcelsRoutes } from './modules/parcels/parcels.routes.js';
import { createParcels } from './modules/parcels/parcels.usecases.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import {
  cashProviderFromConfig,
  createPayments,
  createPaymentsDeps,
  findOpenAttempt,
  findPaymentForInvoice,
  isSandboxMode,
  paidPaymentIdsBetween,
  paymentModes,
} from './modules/payments/payments.usecases.js';
import { createInvoices, invoicesOnPayment, invoiceSettingsFromConfig, stampingServiceFromConfig } from './modules/invoices/invoices.usecases.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import type { PaymentsCoreDeps } from './modules/payments/payments.core.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { oxxoRoutes } from './modules/payments/payments.oxxo.routes.js';
import { webhooksRoutes } from './modules/payments/payments.webhooks.routes.js';
import { paymentsAdminRoutes } from './modules/payments/payments.admin.routes.js';
import { guidesRoutes } from './modules/guides/guides.routes.js';
import { createGuides, guidesOnPayment } from './modules/guides/guides.usecases.js';
import { pickupsRoutes } from './modules/pickups/pickups.routes.js';
import { createPickups, pickupsOnPayment } from './modules/pickups/pickups.usecases.js';
import { registerGuidesJob } from './modules/guides/guides.job.js';
import { createCarrierLimiter, createTracking } from './modules/tracking/tracking.usecases.js';
import { registerTrackingRefresh } from './modules/tracking/tracking.job.js';
import { trackingRoutes } from './modules/tracking/tracking.routes.js';
import { createOverweight, OVERWEIGHT_CHANNEL, overweightOnPayment, statusOf, type Overweight } from './modules/overweight/overweight.usecases.js';
import { overweightRoutes } from './modules/overweight/overweight.routes.js';
import { createReports, REPORT_TOPICS } from './modules/reports/reports.usecases.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { createWallet } from './modules/wallet/wallet.usecases.js';
import { createMetricsScrape, metricsAccess, type Metrics } from './modules/metrics/metrics.usecases.js';
import { instrumentCarrierApis, instrumentGuideIssuers, instrumentTrackingAdapters } from './modules/metrics/carrier-calls.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { pendingMigrations } from './db/migrate.js';
import { createIntegrations } from './modules/integrations/integrations.usecases.js';
import { integrationsRoutes, integrationsWebhookRoutes } from './modules/integrations/integrations.routes.js';
import { bulkRoutes } from './modules/bulk/bulk.routes.js';
import { createBulk, registerBulkJob, type BulkDeps } from './modules/bulk/bulk.usecases.js';
import type { AppDeps, defaultRateLimits } from './app-deps.js';
import type { Accounts } from './modules/accounts/accounts.usecases.js';
import type { Developers } from './modules/developers/developers.usecases.js';
import { developersRoutes } from './modules/developers/developers.routes.js';
import { createWebhooks } from './modules/webhooks/webhooks.usecases.js';
import { outgoingWebhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import type { OutboundHttp } from './shared/outbound-http.js';
import { answerCaching } from './shared/kept-answers.js';

/** What the app's plugins built before the modules: the collaborators every module may need. */
export interface ModuleContext {
  deps: AppDeps;
  clock: Clock;
  metrics: Metrics;
  jobs: JobQueue;
  /** The domain events: each module publishes its changes; the subscribers are registered below. */
  events: Events;
  notifier: Notifier;
  accounts: Accounts;
  /** API keys (built with the auth hook, which uses them); the developer page's routes. */
  developers: Developers;
  rateLimits: typeof defaultRateLimits;
  /** The HTTP client for every call made on a user's behalf: public internet only (shared/outbound-http.ts). */
  outbound: OutboundHttp;
  /** The same guarded client with more connections per host, for outgoing webhooks. */
  webhooksOutbound: OutboundHttp;
}

/**
 * The API's modules, in one visible list: each one's use cases are created once here, from the
 * configuration and the other modules they need, and handed to its routes. Answers what the
 * start-up work and the close need (the catalogues, tracking, the payment modes, the site's facts).
 */
export async function registerModules(
  app: FastifyInstance,
  { deps, clock, metrics, jobs, events, notifier, accounts, developers, outbound, webhooksOutbound, rateLimits }: ModuleContext,
) {
  const { config, database } = deps;
  const readiness = {
    pendingMigrations: () => pendingMigrations(database),
    // Loaded by the start-up work; ready once all of that work is over.
    cataloguesLoaded: () => app.startup.done && geography.catalogueInfo().rowCount > 0 && carriers.snapshot().version > 0,
    accepting: () => !app.draining.active,
  };
  // Speed behind one seam: one change feed per process (the database's notices of every topic a
  // kept answer follows) and one switch for every kept answer (ANSWER_CACHE=off keeps none).
  const changes = createChangeFeed(changeSourceOf(database), [...new Set([SHIPMENT_LIST_CHANNEL, ...REPORT_TOPICS])], app.log);
  app.addHook('onClose', () => changes.close());
  const caching = answerCaching({ enabled: config.ANSWER_CACHE === 'on' });
  await app.register(healthRoutes, { health: createHealth({ db: database.db, readiness }) });
  const metricsAccessRule = metricsAccess(config);
  // Said once per start (the first worker of a cluster says it for all).
  if (metricsAccessRule.kind === 'off' && (!cluster.isWorker || cluster.worker?.id === 1)) {
    app.log.warn('métricas apagadas: en producción GET /metrics responde 404 mientras no se defina METRICS_TOKEN');
  }
  await app.register(metricsRoutes, { metrics: createMetricsScrape({ metrics, access: metricsAccessRule }) });
  await app.register(accountsRoutes, { accounts });
  await app.register(developersRoutes, { developers });
  await app.register(notificationsRoutes, { outbox: createOutbox({ db: database.db, notifier }) });
  await app.register(addressesRoutes, { addresses: createAddresses({ db: database.db, clock }) });
  await app.register(parcelsRoutes, { parcels: createParcels({ db: database.db, clock }) });
  await app.register(walletRoutes, { wallet: createWallet({ db: database.db, clock, events }) });
  const geography = createGeography({
    db: database.db,
    refreshIntervalMs: config.POSTAL_CODES_REFRESH_MS,
    logger: app.log,
    compress: config.COMPRESSION_MIN_BYTES > 0,
  });
  await app.register(geographyRoutes, { geography, caching });
  const carriers = createCarriers({
    db: database.db,
    clock,
    refreshIntervalMs: config.TARIFFS_REFRESH_MS,
    logger: app.log,
    apis: instrumentCarrierApis(carrierApisFromConfig(config), metrics),
    userExists: (id) => accounts.findUser(id).then((u) => u !== undefined),
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
    caching,
  });
  await app.register(quotesRoutes, { quoting, caching });
  // Created with the payments below; 'Editar sobrepeso' on PUT /shipments/{id} is handed to it.
  const later: { overweight?: Overweight } = {};
  const shipments = createShipments({
    recordOverweight: (caller, id, input) => later.overweight!.record(caller, id, input),
    db: database.db,
    events,
    changes,
    caching,
    openPaymentFor: findOpenAttempt,
    limitCreation: (userId, count) =>
      accounts.guardRate(`shipments:create:${userId}`, { limit: rateLimits.shipmentsPerHour, windowMs: 3_600_000, blockMs: 15 * 60_000 }, count),
    clock,
    quoting,
    carriers,
    findAccount: (id) =>
      accounts.findUser(id).then(
        (u) =>
          u && {
            id: u._id,
            firstName: u.firstName,
            lastName: u.lastName,
            email: u.email,
            active: u.active,
            locked: u.locked,
            purchasesBlocked: u.purchasesBlocked,
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
      outbound: deps.integrations?.outbound ?? outbound,
      storeTimeoutMs: deps.integrations?.storeTimeoutMs,
      storeApps: deps.integrations?.storeApps ?? {
        ...(config.SHOPIFY_API_KEY && config.SHOPIFY_API_SECRET
          ? { shopify: { clientId: config.SHOPIFY_API_KEY, clientSecret: config.SHOPIFY_API_SECRET } }
          : {}),
        ...(config.TIENDANUBE_APP_ID && config.TIENDANUBE_CLIENT_SECRET
          ? { tiendanube: { clientId: config.TIENDANUBE_APP_ID, clientSecret: config.TIENDANUBE_CLIENT_SECRET } }
          : {}),
      },
      sleep: deps.integrations?.sleep,
      // The store rules buy with the same use cases as a click (payments is created below; jobs run after start).
      autoShip: {
        quote: (request, caller) => quoting.quote(request, caller),
        async createShipment(caller, body, inTransaction) {
          const result = await shipments.create(caller, [body], { kind: 'one', inTransaction: (tx, created) => inTransaction(tx, created[0]![0]!.id) });
          return result.answer._id;
        },
        async payWithWallet(caller, shipmentIds) {
          await payments.payWithWallet(caller, { shipments: shipmentIds });
        },
        purchasesBlocked: (userId) => accounts.findUser(userId).then((u) => !u || u.purchasesBlocked || !u.active || u.locked),
      },
      findAccount: (id) => accounts.findUser(id).then((u) => u && { firstName: u.firstName, email: u.email }),
      // The demo store lives in this app: its key callback and webhooks reach our routes in-process.
      deliverLocal: async (request) => {
        const url = new URL(request.url);
        const answer = await app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: request.headers, payload: request.body });
        return { status: answer.statusCode };
      },
      limit: (key, rule) => accounts.guardRate(key, rule),
      log: app.log,
    },
    { jobs: deps.integrations?.jobs, intake: deps.integrations?.intake },
  );
  await app.register(integrationsRoutes, { integrations });
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
    events,
  });
  const bulkDeps: BulkDeps = {
    db: database.db,
    clock,
    jobs,
    quote: (request, caller) => quoting.quote(request, caller),
    lookupPostalCode: (code) => {
      try {
        return geography.lookupPostalCode({ country: 'MX', code }).country_codes;
      } catch {
        return 'invalid';
      }
    },
    createShipments: (caller, bodies, opts) => shipments.create(caller, bodies, opts),
    serviceNames: () => carriers.catalogue().carriers.flatMap((c) => c.services.map((s) => `${c.name} ${s.name}`)),
    log: app.log,
  };
  registerBulkJob(bulkDeps);
  const bulk = createBulk(bulkDeps);
  await app.register(bulkRoutes, { bulk });
  await app.register(guidesRoutes, {
    guides: createGuides({ db: database.db, clock, secret: config.SECRET_KEY, bulkShipmentIds: (caller, id) => bulk.uploadShipmentIds(caller, id) }),
  });
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
    events,
    log: app.log,
    ...trackingTuning,
  });
  registerTrackingRefresh(jobs, { db: database.db, clock, tracking, log: app.log }, trackingJob);
  await app.register(trackingRoutes, { tracking });
  const findPayer = (id: string) => accounts.findUser(id).then((u) => u && { firstName: u.firstName, lastName: u.lastName, email: u.email, phone: u.phone });
  const paymentsCore: PaymentsCoreDeps = {
    db: database.db,
    clock,
    jobs,
    log: app.log,
    notifier,
    appUrl: config.APP_URL.replace(/\/+$/, ''),
    guideHoldsPerUser: config.GUIDE_HOLDS_PER_USER,
    limitAttempts: (ex, userId) =>
      guardRate({ db: ex, clock }, `payments:open:${userId}`, { limit: rateLimits.paymentAttemptsPerHour, windowMs: 3_600_000, blockMs: 15 * 60_000 }),
    events,
  };
  const modes = paymentModes(config);
  const cashProvider = deps.cashProvider ?? cashProviderFromConfig(config, { clock });
  const payments = createPayments(createPaymentsDeps({ config, core: paymentsCore, cash: cashProvider, paypal: deps.paypal, findAccount: findPayer }));
  await app.register(paymentsRoutes, { payments });
  await app.register(oxxoRoutes, { payments });
  await app.register(webhooksRoutes, { payments });
  await app.register(paymentsAdminRoutes, { payments });
  // What follows a confirmed payment, a guide or a tracking state, each one subscriber of the events
  // (in this order, in the transaction of the change): payments, guides and tracking name none of them.
  events.subscribe(guidesOnPayment(jobs));
  events.subscribe(pickupsOnPayment());
  events.subscribe(overweightOnPayment());
  events.subscribe(creditMailOnPayment({ notifier, appUrl: paymentsCore.appUrl, findContact }));
  events.subscribe(integrations.storeWriteback);
  // Orders a store's rule could not pay for lack of money are paid when the wallet is credited.
  events.subscribe(integrations.autoShipOnCredit);
  // Outgoing webhooks: durable (a job per event for accounts whose endpoints want it), through the guarded client.
  const webhooks = createWebhooks({
    db: database.db,
    clock,
    jobs,
    notifier,
    outbound: webhooksOutbound,
    secret: config.SECRET_KEY,
    appUrl: paymentsCore.appUrl,
    findContact,
    cacheWanted: database.kind === 'pglite',
    log: app.log,
  });
  events.subscribe(webhooks.subscriber);
  await app.register(outgoingWebhooksRoutes, { webhooks });
  // Money received is invoiced: payment.confirmed enqueues the job these use cases run.
  events.subscribe(invoicesOnPayment(jobs));
  // Money received is invoiced: the payments' confirmation enqueues the job these use cases run.
  const invoices = createInvoices({
    db: database.db,
    clock,
    jobs,
    notifier,
    service: deps.stampingService ?? stampingServiceFromConfig(config, clock),
    settings: invoiceSettingsFromConfig(config),
    appUrl: config.APP_URL,
    secret: config.SECRET_KEY,
    payments: { find: findPaymentForInvoice, paidBetween: paidPaymentIdsBetween },
    findAccount: (id, ex) => findInvoicingAccount(ex ?? database.db, id),
    limit: (key, rule) => accounts.guardRate(key, rule),
    log: app.log,
  });
  await app.register(invoicesRoutes, { invoices });
  const overweight = createOverweight({
    // Seen by this process's reports at once, before the notice comes back.
    onChange: () => changes.touch(OVERWEIGHT_CHANNEL),
    db: database.db,
    events,
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
    findAccount: (id) => accounts.findUser(id).then((u) => u && { firstName: u.firstName, email: u.email }),
    log: app.log,
  });
  later.overweight = overweight;
  await app.register(overweightRoutes, { overweight });
  const reports = createReports({ database, clock, changes, caching, statusOf, log: app.log, exportMaxRows: deps.reports?.exportMaxRows });
  await app.register(reportsRoutes, { reports });
  const paypalOn = modes.paypal !== 'disabled';
  const siteInfo = siteInfoFromConfig(config, {
    paymentsSandbox: isSandboxMode(modes),
    paymentMethods: { paypal: paypalOn, card: paypalOn && config.PAYPAL_CARD, oxxo: modes.oxxo !== 'disabled' },
  });
  await app.register(siteRoutes, { site: createSite({ info: siteInfo, appUrl: config.APP_URL, launch: launchChecklist(config) }) });
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
      allowAcknowledgement: (email) =>
        accounts.guardRate(`contact:to:${email}`, { limit: CONTACT_ACKS_PER_ADDRESS_PER_DAY, windowMs: 86_400_000, blockMs: 86_400_000 }).then(
          () => true,
          (error: unknown) => {
            if (error instanceof AppError && error.statusCode === 429) return false;
            throw error;
          },
        ),
      adminEmails: () => activeAdminEmails(database.db),
      authorName: async (id) => {
        const who = (await userSummaries(database.db, [id])).get(id);
        return who ? `${who.name} <${who.email}>` : 'Administrador';
      },
      log: app.log,
    }),
  });

  return { geography, carriers, tracking, modes, siteInfo };
}
