import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applySpanishValidationMessages } from '@envios/contracts/messages';
import { apiErrorSchema } from '@envios/contracts/errors';
import { idempotencyKeySchema } from '@envios/contracts/shipments';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerClosingGuard, serverErrorOptions } from './plugins/server-errors.js';
import { registerSecurity } from './plugins/security.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSpa } from './plugins/spa.js';
import { registerCompression } from './plugins/compression.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { createIdempotency, registerIdempotencyCleanup } from './modules/idempotency/idempotency.usecases.js';
import { registerStartup } from './plugins/startup.js';
import './shared/route-guard.js';
import { registerAuth } from './plugins/auth.js';
import { systemClock } from './shared/clock.js';
import { createJobQueue, type JobQueue } from './modules/jobs/jobs.usecases.js';
import { createEvents, registerEventsCleanup, type Events } from './modules/events/events.usecases.js';
import { createNotifier, type Notifier } from './modules/notifications/notifications.usecases.js';
import { createAccounts } from './modules/accounts/accounts.usecases.js';
import { accountErrors } from './modules/accounts/accounts.errors.js';
import { createDevelopers, looksLikeApiKey } from './modules/developers/developers.usecases.js';
import { developersErrors } from './modules/developers/developers.errors.js';
import { TEST_TLS } from './testing/test-tls.js';
import { registerAccountsCleanup } from './modules/accounts/accounts.cleanup.js';
import { registerTopUpExpiry } from './modules/wallet/wallet.expiry.js';
import { registerDbMaintenance } from './modules/jobs/db-maintenance.js';
import { createSessionCache } from './modules/accounts/session-cache.js';
import { paymentStats } from './modules/payments/payments.usecases.js';
import { seedDemoInventory } from './modules/guides/guides.usecases.js';
import { jobsQueries } from './modules/jobs/jobs.usecases.js';
import { walletTotals } from './modules/wallet/wallet.usecases.js';
import { createMetrics, type Metrics } from './modules/metrics/metrics.usecases.js';
import { markedChildLogger, registerObservability } from './plugins/observability.js';
import { registerModules } from './app-modules.js';
import { createOutboundHttp } from './shared/outbound-http.js';

/** Outgoing webhooks: connections kept per receiving host (a fan-out of 20 endpoints on one host sends 20 at once per event). */
const WEBHOOK_SOCKETS_PER_ORIGIN = 64;
import { defaultRateLimits, type AppDeps } from './app-deps.js';

export type { AppDeps } from './app-deps.js';
export { defaultRateLimits } from './app-deps.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue; `app.jobs.start()` runs the worker, closing the app stops it. */
    jobs: JobQueue;
    /** The domain events: publish in a transaction, subscribe (app-modules.ts). */
    events: Events;
    /** The counters and gauges `GET /metrics` shows. */
    metrics: Metrics;
    notifier: Notifier;
    /** Every route as registered, with its guard (tests and the ROUTES.md generator read it). */
    routeTable: { method: string; url: string; guard: string | undefined; ownerParam: string | undefined }[];
  }
}

export { logSerializers, redactedLogPaths } from './shared/log-safety.js';
export { logMixin } from './shared/request-context.js';

const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

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
    // A POST that takes Idempotency-Key says so in its schema: the header (checked, 400 naming it) and the 409/422 it may answer.
    if (route.config?.idempotent && route.schema) {
      route.schema.headers ??= idempotencyHeaders;
      const response = (route.schema.response ??= {}) as Record<number, unknown>;
      response[409] ??= apiErrorSchema;
      response[422] ??= apiErrorSchema;
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
  // Idempotency-Key for the POSTs that opt in: before compression, so answers are kept as written.
  registerIdempotency(app, createIdempotency({ db: database.db, clock }));
  await registerCompression(app, { minBytes: config.COMPRESSION_MIN_BYTES });

  // Background work and notices: the queue lives with the app; server.ts starts it.
  // On PGlite the jobs wait for one connection anyway: more in flight keeps its queue full while
  // each waits on the network. A PostgreSQL pool (10) is shared with the requests: 5 there.
  const jobs = createJobQueue({
    db: database.db,
    clock,
    log: app.log,
    pollIntervalMs: config.JOBS_POLL_INTERVAL_MS,
    concurrency: database.kind === 'pglite' ? 16 : 5,
    onRun: (run) => metrics.observeJobRun(run),
    ...deps.jobs,
  });
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
  // One event stream: changes publish their domain events in their transaction; subscribers are registered with the modules.
  const events = createEvents({ jobs, clock, log: app.log });
  app.decorate('jobs', jobs);
  app.decorate('events', events);
  app.decorate('notifier', notifier);
  registerAccountsCleanup(jobs, clock, app.log);
  registerDbMaintenance(jobs, database, clock, app.log);
  registerTopUpExpiry(jobs, clock, app.log);
  registerIdempotencyCleanup(jobs, clock);
  registerEventsCleanup(jobs, database.db, clock);
  app.addHook('onClose', async () => {
    await jobs.stop();
    notifier.close();
  });
  // Tax data must name a postal code of the catalogue, which the modules below load.
  const late: { postalCodeKnown?: (code: string) => boolean } = {};
  const accounts = createAccounts({
    postalCodeKnown: (code) => late.postalCodeKnown?.(code) ?? true,
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
  // API keys («Desarrolladores») authenticate like sessions, from the Authorization header only.
  const developers = createDevelopers({
    db: database.db,
    clock,
    rate: { perSecond: config.API_KEY_RATE_PER_SECOND, burst: config.API_KEY_BURST },
    listen: database.listen,
    log: app.log,
  });
  registerAuth(app, {
    authenticate: (token, { fromCookie }) => (!fromCookie && looksLikeApiKey(token) ? developers.authenticateKey(token) : accounts.authenticate(token)),
    purchasesBlocked: accountErrors.purchasesBlocked,
    sessionOnly: developersErrors.sessionOnly,
    readOnlyKey: developersErrors.readOnlyKey,
    secureCookie: accounts.secureCookie,
  });

  // The outbound client reaches the public internet only; a test server may name local receivers (TEST_OUTBOUND_ALLOW, refused in production).
  const outboundPolicy = deps.outbound ?? (config.TEST_OUTBOUND_ALLOW ? { allow: config.TEST_OUTBOUND_ALLOW, ca: TEST_TLS.cert } : undefined);
  // Modules, in one visible list (app-modules.ts).
  const { geography, carriers, tracking, modes, siteInfo } = await registerModules(app, {
    deps,
    clock,
    metrics,
    jobs,
    events,
    notifier,
    accounts,
    developers,
    rateLimits,
    outbound: createOutboundHttp(outboundPolicy),
    webhooksOutbound: createOutboundHttp({ ...outboundPolicy, maxSocketsPerOrigin: WEBHOOK_SOCKETS_PER_ORIGIN }),
  });
  late.postalCodeKnown = (code) => geography.lookupPostalCode({ country: 'MX', code }).country_codes.length > 0;

  const spa = await registerSpa(
    app,
    config.WEB_DIST_DIR,
    { site: siteInfo, appUrl: config.APP_URL, track: (guide, clientKey) => tracking.lookup(guide, undefined, clientKey) },
    config.COMPRESSION_MIN_BYTES > 0,
  );

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
