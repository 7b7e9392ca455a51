import cluster, { type Worker } from 'node:cluster';
import type { StartConfig } from './config/env.js';
import { createDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { serveClusterMetrics } from './modules/metrics/metrics.cluster.js';

/**
 * `WEB_CONCURRENCY=N npm start` on PostgreSQL: this process applies the migrations once, then
 * forks N workers that share the port (Node's cluster hands each connection to one of them).
 * Every worker is a whole server with its own job worker: the database keeps sessions, jobs,
 * catalogue versions and the secret key, so any worker answers any request. A worker that dies
 * is replaced; SIGTERM stops every worker in order (each finishes its requests and jobs) and then
 * this process.
 */
export async function runPrimary(config: StartConfig): Promise<void> {
  const log = (message: string, extra: Record<string, unknown> = {}) =>
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, role: 'primary', ...extra, msg: message })}\n`);

  // Migrations before any worker starts: they would wait for each other's lock anyway.
  const database = await createDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }

  serveClusterMetrics();
  let stopping = false;
  const recentCrashes: number[] = [];

  const fork = (): Worker => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    // A worker told to stop on its own (SIGTERM to its pid) finishes its work and exits with 0:
    // it is replaced like a crashed one, but is not a crash.
    const orderly = code === 0;
    const now = Date.now();
    if (!orderly) recentCrashes.push(now);
    while (recentCrashes.length && now - recentCrashes[0]! > 60_000) recentCrashes.shift();
    if (recentCrashes.length > config.WEB_CONCURRENCY * 3) {
      log('los procesos terminan en cuanto arrancan; se detiene todo (revisa los registros de arriba)', { crashes: recentCrashes.length });
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      process.exitCode = 1;
      return;
    }
    log(orderly ? 'un proceso se detuvo en orden; se inicia otro en su lugar' : 'un proceso terminó inesperadamente; se inicia otro', {
      worker: worker.id,
      workerPid: worker.process.pid,
      code,
      signal,
    });
    setTimeout(() => {
      if (!stopping) fork();
    }, 1_000).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('cerrando los procesos: cada uno termina sus solicitudes y trabajos en curso', { signal });
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    for (const worker of workers) worker.process.kill('SIGTERM');
    const deadline = setTimeout(() => {
      log('un proceso no terminó a tiempo; se detiene', { timeoutMs: config.SHUTDOWN_TIMEOUT_MS + 5_000 });
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 5_000);
    deadline.unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  cluster.on('exit', () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) {
      log('todos los procesos cerraron');
      process.exit(process.exitCode ?? 0);
    }
  });

  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();
  log(`${config.WEB_CONCURRENCY} procesos en el puerto ${config.PORT} sobre PostgreSQL`, { workers: config.WEB_CONCURRENCY });
}
