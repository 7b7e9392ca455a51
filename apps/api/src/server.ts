import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, legacySecretKeyFile, loadConfig, withSecretKey } from './config/env.js';
import { paymentModes } from './modules/payments/payments.usecases.js';
import { resolveSecretKey, SecretKeyMismatchError } from './modules/settings/secret-key.js';
import { createDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { buildApp, logSerializers, redactedLogPaths } from './app.js';
import { scheduleAccountsCleanup } from './modules/accounts/accounts.cleanup.js';
import { scheduleDbMaintenance } from './modules/jobs/db-maintenance.js';
import { scheduleTrackingRefresh } from './modules/tracking/tracking.job.js';
import { scheduleOxxoExpiries } from './modules/payments/payments.oxxo.js';
import { systemClock } from './shared/clock.js';

const startedAt = performance.now();

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const webDist =
    config.WEB_DIST_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const logger = {
    level: config.LOG_LEVEL,
    redact: { paths: redactedLogPaths, censor: '[oculto]' },
    serializers: logSerializers,
  };

  const database = await createDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await runMigrations(database);
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
  if (modes.paypal === 'disabled' || modes.oxxo === 'disabled') {
    console.warn(
      `Pagos deshabilitados: ${[modes.paypal === 'disabled' ? 'PayPal (faltan PAYPAL_CLIENT_ID y PAYPAL_SECRET)' : '', modes.oxxo === 'disabled' ? 'OXXO (faltan CONEKTA_API_KEY y CONEKTA_WEBHOOK_KEY)' : ''].filter(Boolean).join(' y ')}. ` +
        'En producción un proveedor sin llaves no cobra; para una demostración sin dinero real define PAYMENTS_SANDBOX=1.',
    );
  }

  const app = await buildApp({ config: { ...withSecretKey(config, secret), WEB_DIST_DIR: webDist }, database, logger });
  app.server.requestTimeout = 30_000;
  app.server.headersTimeout = 35_000;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'cerrando el servidor');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error al cerrar');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // The background worker (mail, notices); app.close() stops it before the database closes.
  // Daily housekeeping (old throttles, ended sessions); one chain whatever the number of processes.
  await scheduleAccountsCleanup(app.jobs, systemClock);
  // PGlite has no autovacuum: VACUUM ANALYZE once a day.
  await scheduleDbMaintenance(app.jobs, systemClock);
  // Tracking refresh of undelivered guides, every 5 minutes; one chain whatever the number of processes.
  await scheduleTrackingRefresh(app.jobs, systemClock);
  // OXXO references opened before their expiry job existed get one (idempotent by key).
  await scheduleOxxoExpiries({ db: database.db, jobs: app.jobs });
  app.jobs.start();
  app.log.info(
    { url: `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`, startupMs: Math.round(performance.now() - startedAt), database: database.kind },
    'servidor listo',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
