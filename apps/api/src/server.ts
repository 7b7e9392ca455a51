import cluster from 'node:cluster';
import path from 'node:path';
import { apiRoot } from './api-root.js';
import { ConfigError, isProduction, legacySecretKeyFile, loadConfig, withSecretKey, type StartConfig } from './config/env.js';

const startedAt = performance.now();
/** How long a stopping process keeps serving, with every answer closing its connection, before it stops listening. */
const DRAIN_MS = 1_000;

function configOrExit(): StartConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  // WEB_CONCURRENCY > 1: this process only forks and watches the workers (cluster-primary.ts);
  // it never loads the application.
  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    const { runPrimary } = await import('./cluster-primary.js');
    await runPrimary(config);
    return;
  }
  await serve(config);
}

/**
 * One serving process: database, migrations, the app, its background worker, and an orderly stop.
 * The process listens as soon as the database is migrated and the routes exist; the start-up work
 * (catalogues, first admin) follows in the background while requests other than the health checks
 * wait for it (plugins/startup.ts), then the job worker starts.
 */
async function serve(config: StartConfig): Promise<void> {
  // The database opens (and migrates) while the rest of the application's code loads.
  const databaseReady = Promise.all([import('./db/client.js'), import('./db/migrate.js')]).then(async ([{ createDatabase }, { runMigrations }]) => {
    const database = await createDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
    try {
      await runMigrations(database);
    } catch (error) {
      await database.close().catch(() => undefined);
      throw error;
    }
    return database;
  });
  // Until it is awaited below, a failure must not count as unhandled.
  databaseReady.catch(() => undefined);
  const [{ paymentModes }, { resolveSecretKey, SecretKeyMismatchError }, { buildApp, logSerializers, redactedLogPaths, logMixin }] = await Promise.all([
    import('./modules/payments/payments.usecases.js'),
    import('./modules/settings/secret-key.js'),
    import('./app.js'),
  ]);
  const [{ scheduleEventsCleanup }, { scheduleIdempotencyCleanup }, { reclaimJobsOfDeadProcess }] = await Promise.all([
    import('./modules/events/events.usecases.js'),
    import('./modules/idempotency/idempotency.usecases.js'),
    import('./modules/jobs/jobs.usecases.js'),
  ]);
  const [
    { scheduleAccountsCleanup },
    { scheduleDbMaintenance },
    { scheduleTrackingRefresh },
    { scheduleOxxoExpiries },
    { scheduleTopUpExpiry },
    { scheduleIntegrationsTick },
    { scheduleGlobalInvoices },
    { systemClock },
    { joinClusterMetrics },
  ] = await Promise.all([
    import('./modules/accounts/accounts.cleanup.js'),
    import('./modules/jobs/db-maintenance.js'),
    import('./modules/tracking/tracking.job.js'),
    import('./modules/payments/payments.oxxo-settle.js'),
    import('./modules/wallet/wallet.expiry.js'),
    import('./modules/integrations/integrations.usecases.js'),
    import('./modules/invoices/invoices.usecases.js'),
    import('./shared/clock.js'),
    import('./modules/metrics/metrics.cluster.js'),
  ]);
  const webDist = config.WEB_DIST_DIR ?? path.join(apiRoot, '../web/dist');
  const logger = {
    level: config.LOG_LEVEL,
    redact: { paths: redactedLogPaths, censor: '[oculto]' },
    serializers: logSerializers,
    // The request (or job) under way, on every line, whichever logger writes it.
    mixin: logMixin,
    ...(cluster.isWorker ? { base: { pid: process.pid, worker: cluster.worker?.id } } : {}),
  };

  const database = await databaseReady;
  let secret: string;
  try {
    secret = await resolveSecretKey(database.db, { given: config.SECRET_KEY, legacyFile: legacySecretKeyFile(config), now: new Date() });
  } catch (error) {
    if (error instanceof SecretKeyMismatchError) {
      console.error(error.message);
      await database.close();
      process.exit(1);
    }
    throw error;
  }
  const modes = paymentModes(config);
  if ((!cluster.isWorker || cluster.worker?.id === 1) && (modes.paypal === 'disabled' || modes.oxxo === 'disabled')) {
    console.warn(
      `Pagos deshabilitados: ${[modes.paypal === 'disabled' ? 'PayPal (faltan PAYPAL_CLIENT_ID y PAYPAL_SECRET)' : '', modes.oxxo === 'disabled' ? 'OXXO (faltan CONEKTA_API_KEY y CONEKTA_WEBHOOK_KEY)' : ''].filter(Boolean).join(' y ')}. ` +
        'En producción un proveedor sin llaves no cobra; para una demostración sin dinero real define PAYMENTS_SANDBOX=1.',
    );
  }

  // In production the owner reads, once per start, what still runs on demonstration values.
  if ((!cluster.isWorker || cluster.worker?.id === 1) && isProduction(config)) {
    const { launchChecklist, launchChecklistText } = await import('./config/launch-checklist.js');
    const list = launchChecklist(config);
    if (list.items.length > 0) console.warn(launchChecklistText(list));
  }

  const app = await buildApp({ config: { ...withSecretKey(config, secret), WEB_DIST_DIR: webDist }, database, logger, startInBackground: true });
  app.server.requestTimeout = 30_000;
  app.server.headersTimeout = 35_000;
  if (cluster.isWorker) joinClusterMetrics(app.metrics.registry);

  // SIGTERM (or SIGINT): stop accepting (readiness answers 503, new requests get a Spanish 503),
  // let requests in flight and the jobs already running finish, then close the database and exit.
  // Past SHUTDOWN_TIMEOUT_MS the process exits anyway: a job cut short keeps its lease and is
  // retried by another worker (or this one on restart) once the lease runs out; nothing is lost.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const stopping = performance.now();
    app.log.info({ signal }, 'cerrando el servidor: sin solicitudes nuevas; se terminan las que están en curso y los trabajos activos');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'el cierre no terminó a tiempo; se sale de todos modos');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      // First a short drain: readiness answers 503 and every answer closes its connection, so
      // kept-alive clients leave this process before it stops listening (no socket reset).
      app.draining.active = true;
      await Promise.all([new Promise((resolve) => setTimeout(resolve, DRAIN_MS)), app.jobs.stop()]);
      await app.close();
      await database.close();
      app.log.info({ ms: Math.round(performance.now() - stopping) }, 'servidor cerrado');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error al cerrar');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const listeningMs = Math.round(performance.now() - startedAt);
  try {
    await app.startup.finished();
  } catch (error) {
    if (closing) return;
    app.log.fatal({ err: error }, 'el arranque falló');
    process.exit(1);
  }
  if (closing) return;
  // Daily housekeeping (old throttles, ended sessions); one chain whatever the number of processes.
  await scheduleAccountsCleanup(app.jobs, systemClock);
  // PGlite has no autovacuum: VACUUM ANALYZE once a day.
  await scheduleDbMaintenance(app.jobs, systemClock);
  // Tracking refresh of undelivered guides, every 5 minutes; one chain whatever the number of processes.
  await scheduleTrackingRefresh(app.jobs, systemClock);
  // OXXO references opened before their expiry job existed get one (idempotent by key).
  await scheduleOxxoExpiries({ db: database.db, jobs: app.jobs });
  // Top-ups abandoned for a day without an open payment become 'Cancelado', every hour.
  await scheduleTopUpExpiry(app.jobs, systemClock);
  // Online stores: a sync of every connected store every 10 minutes, and the failing-store notices.
  await scheduleIntegrationsTick(app.jobs, systemClock);
  // Events older than 30 days (with their webhook deliveries) daily; Idempotency-Keys past 24 h hourly.
  await scheduleEventsCleanup(app.jobs, systemClock);
  await scheduleIdempotencyCleanup(app.jobs, systemClock);
  // The embedded database belongs to this process alone: a job left running by the previous one died with it.
  if (database.kind === 'pglite') {
    const resumed = await reclaimJobsOfDeadProcess(database.db, systemClock.now());
    if (resumed > 0) app.log.warn({ resumed }, 'trabajos interrumpidos por el cierre anterior: se retoman ahora');
  }
  // The month's global invoice to the general public, at 01:00 of the next month's first day.
  await scheduleGlobalInvoices(app.jobs, systemClock);
  // The background worker (mail, guides, tracking); closing the app stops it before the database closes.
  app.jobs.start();
  app.log.info(
    {
      url: `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`,
      listeningMs,
      startupMs: Math.round(performance.now() - startedAt),
      database: database.kind,
      ...(cluster.isWorker ? { worker: cluster.worker?.id } : {}),
    },
    'servidor listo',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
