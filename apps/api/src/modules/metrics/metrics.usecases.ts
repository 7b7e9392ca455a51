import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobRunOutcome } from '../jobs/jobs.usecases.js';
import { clusterMetricsText, inClusterWorker } from './metrics.cluster.js';
import { metricsErrors } from './metrics.errors.js';

/**
 * What operators watch, in Prometheus' text format (`GET /metrics`). Two kinds of figures:
 * - counted by this process as things happen (requests, job runs, carrier calls): with several
 *   workers, the primary adds up every worker's counts;
 * - read from the database at scrape time (jobs waiting, payments, wallet totals): the same for
 *   every process, so the aggregation keeps one copy instead of adding them.
 */
export interface MetricsSources {
  jobs(now: Date): Promise<{ type: string; status: string; count: number; oldestDueAt: Date | null }[]>;
  payments(): Promise<{ method: string; status: string; count: number; centavos: number }[]>;
  wallet(): Promise<{ balances: number; wallets: number; ledger: { type: string; paid: boolean; centavos: number; entries: number }[] }>;
}

export type CarrierCallOutcome = 'ok' | 'error' | 'timeout';

export interface Metrics {
  registry: Registry;
  /** One finished HTTP request: its route pattern (never the raw URL), status and duration. */
  observeRequest(input: { method: string; route: string; status: number; seconds: number }): void;
  observeJobRun(input: { type: string; outcome: JobRunOutcome; seconds: number }): void;
  observeCarrierCall(input: { carrier: string; operation: string; source: 'api' | 'sandbox'; outcome: CarrierCallOutcome; seconds: number }): void;
}

const JOB_STATES = ['pending', 'running', 'done', 'failed'] as const;
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(opts: { sources: MetricsSources; now?: () => Date; defaultMetrics?: boolean }): Metrics {
  const registry = new Registry();
  const now = opts.now ?? (() => new Date());
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'envios_' });

  const requests = new Counter({
    name: 'envios_http_requests_total',
    help: 'Solicitudes HTTP respondidas, por método, ruta (patrón) y código de estado',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'envios_http_request_duration_seconds',
    help: 'Tiempo de respuesta por método y ruta (patrón), en segundos',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'envios_job_runs_total',
    help: 'Ejecuciones de trabajos en segundo plano por cola y resultado (done, retry, failed, lost)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });
  const jobRunSeconds = new Histogram({
    name: 'envios_job_run_duration_seconds',
    help: 'Duración de cada ejecución de un trabajo, por cola, en segundos',
    labelNames: ['queue'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const carrierCalls = new Counter({
    name: 'envios_carrier_calls_total',
    help: 'Llamadas a paqueterías por paquetería, operación (rate, issue, track), origen (api o sandbox) y resultado',
    labelNames: ['carrier', 'operation', 'source', 'outcome'] as const,
    registers: [registry],
  });
  const carrierSeconds = new Histogram({
    name: 'envios_carrier_call_duration_seconds',
    help: 'Latencia de las llamadas a paqueterías por paquetería y operación, en segundos',
    labelNames: ['carrier', 'operation', 'source'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  // Read from the database on each scrape: one query per group, each gauge filled from it.
  let jobsRead: Promise<Awaited<ReturnType<MetricsSources['jobs']>>> | undefined;
  const readJobs = () => (jobsRead ??= opts.sources.jobs(now()).finally(() => queueMicrotask(() => (jobsRead = undefined))));
  const jobsByState = new Gauge({
    name: 'envios_jobs',
    help: 'Trabajos en la base por cola y estado (pending, running, done, failed)',
    labelNames: ['queue', 'state'] as const,
    aggregator: 'first',
    registers: [registry],
    async collect() {
      const rows = await readJobs();
      this.reset();
      const queues = new Set(rows.map((r) => r.type));
      for (const queue of queues) for (const state of JOB_STATES) this.set({ queue, state }, 0);
      for (const r of rows) this.set({ queue: r.type, state: r.status }, r.count);
    },
  });
  const oldestWaiting = new Gauge({
    name: 'envios_jobs_oldest_waiting_seconds',
    help: 'Edad del trabajo vencido más antiguo que nadie ha tomado, por cola (0 si no hay)',
    labelNames: ['queue'] as const,
    aggregator: 'first',
    registers: [registry],
    async collect() {
      const rows = await readJobs();
      const at = now().getTime();
      this.reset();
      for (const queue of new Set(rows.map((r) => r.type))) {
        const oldest = rows.filter((r) => r.type === queue && r.oldestDueAt).map((r) => r.oldestDueAt!.getTime());
        this.set({ queue }, oldest.length ? Math.max(0, (at - Math.min(...oldest)) / 1000) : 0);
      }
    },
  });
  void jobsByState;
  void oldestWaiting;

  let paymentsRead: ReturnType<MetricsSources['payments']> | undefined;
  const readPayments = () => (paymentsRead ??= opts.sources.payments().finally(() => queueMicrotask(() => (paymentsRead = undefined))));
  new Gauge({
    name: 'envios_payments',
    help: 'Intentos de pago por método (paypal, paypal-plus, oxxo, monedero) y estado (paid, pending, declined, expired, cancelled, failed, created)',
    labelNames: ['method', 'status'] as const,
    aggregator: 'first',
    registers: [registry],
    async collect() {
      const rows = await readPayments();
      this.reset();
      for (const r of rows) this.set({ method: r.method, status: r.status }, r.count);
    },
  });
  new Gauge({
    name: 'envios_payments_amount_centavos',
    help: 'Importe de los intentos de pago por método y estado, en centavos',
    labelNames: ['method', 'status'] as const,
    aggregator: 'first',
    registers: [registry],
    async collect() {
      const rows = await readPayments();
      this.reset();
      for (const r of rows) this.set({ method: r.method, status: r.status }, r.centavos);
    },
  });

  let walletRead: ReturnType<MetricsSources['wallet']> | undefined;
  const readWallet = () => (walletRead ??= opts.sources.wallet().finally(() => queueMicrotask(() => (walletRead = undefined))));
  new Gauge({
    name: 'envios_wallet_balance_centavos',
    help: 'Suma de los saldos de todos los monederos, en centavos (debe igualar la suma de movimientos pagados)',
    aggregator: 'first',
    registers: [registry],
    async collect() {
      this.set((await readWallet()).balances);
    },
  });
  new Gauge({
    name: 'envios_wallet_ledger_centavos',
    help: 'Movimientos del monedero sumados por tipo (abono, cargo, pago_sobrepeso) y si están pagados, en centavos',
    labelNames: ['type', 'paid'] as const,
    aggregator: 'first',
    registers: [registry],
    async collect() {
      const totals = await readWallet();
      this.reset();
      for (const r of totals.ledger) this.set({ type: r.type, paid: String(r.paid) }, r.centavos);
    },
  });

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      requests.inc({ method, route, status: String(status) });
      requestSeconds.observe({ method, route }, seconds);
    },
    observeJobRun({ type, outcome, seconds }) {
      jobRuns.inc({ queue: type, outcome });
      jobRunSeconds.observe({ queue: type }, seconds);
    },
    observeCarrierCall({ carrier, operation, source, outcome, seconds }) {
      carrierCalls.inc({ carrier, operation, source, outcome });
      carrierSeconds.observe({ carrier, operation, source }, seconds);
    },
  };
}

/** Times one call to a carrier and records its outcome; an aborted call counts as a timeout. */
export async function timedCarrierCall<T>(
  metrics: Pick<Metrics, 'observeCarrierCall'> | undefined,
  labels: { carrier: string; operation: string; source: 'api' | 'sandbox' },
  call: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const started = performance.now();
  try {
    const result = await call();
    metrics?.observeCarrierCall({ ...labels, outcome: 'ok', seconds: (performance.now() - started) / 1000 });
    return result;
  } catch (error) {
    const timedOut = signal?.aborted === true || (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'));
    metrics?.observeCarrierCall({ ...labels, outcome: timedOut ? 'timeout' : 'error', seconds: (performance.now() - started) / 1000 });
    throw error;
  }
}

/**
 * A `fetch` that records each call to a carrier's API (rating goes through the carriers' HTTP
 * clients, which accept their own fetch).
 */
export function carrierFetch(metrics: Pick<Metrics, 'observeCarrierCall'>, carrier: string, operation: string): typeof fetch {
  return (input, init) => timedCarrierCall(metrics, { carrier, operation, source: 'api' }, () => fetch(input, init), init?.signal ?? undefined);
}

function sameSecret(given: string, expected: string): boolean {
  // Hashes first: equal lengths for timingSafeEqual, and nothing learned from the length.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Business figures (revenue, payments, wallet money): only ever answered to the METRICS_TOKEN holder. */
export const BUSINESS_METRICS = [
  'envios_payments',
  'envios_payments_amount_centavos',
  'envios_wallet_balance_centavos',
  'envios_wallet_ledger_centavos',
] as const;

/** Prometheus' text without the business families (their HELP, TYPE and samples). */
export function withoutBusinessFigures(text: string): string {
  const names = new Set<string>(BUSINESS_METRICS);
  return text
    .split('\n')
    .filter((line) => {
      const name = line.startsWith('# ') ? line.split(' ')[2] : /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0];
      return !name || !names.has(name);
    })
    .join('\n');
}

export type MetricsAccess =
  /** METRICS_TOKEN set: `Authorization: Bearer <token>`, and then everything. */
  | { kind: 'token'; token: string }
  /** Production without a token: `/metrics` does not exist. */
  | { kind: 'off' }
  /** Development without a token: loopback callers only, and no business figures. */
  | { kind: 'loopback' };

export function metricsAccess(config: { NODE_ENV: string; METRICS_TOKEN?: string | undefined }): MetricsAccess {
  if (config.METRICS_TOKEN) return { kind: 'token', token: config.METRICS_TOKEN };
  return config.NODE_ENV === 'production' ? { kind: 'off' } : { kind: 'loopback' };
}

function isLoopback(ip: string): boolean {
  return /^127\./.test(ip) || ip === '::1' || /^::ffff:127\./.test(ip);
}

export interface ScrapeCaller {
  authorization: string | undefined;
  /** The caller's address as the app sees it (TRUST_PROXY applied). */
  ip: string;
  /** The request came through a proxy (Forwarded / X-Forwarded-For / X-Real-IP): not a local caller. */
  forwarded: boolean;
}

/**
 * What `GET /metrics` answers: Prometheus' text of this process (or, in a cluster worker, of all of
 * them), to whom `access` allows.
 */
export function createMetricsScrape(deps: { metrics: Metrics; access: MetricsAccess }) {
  const { access } = deps;
  return {
    async scrape(caller: ScrapeCaller): Promise<{ contentType: string; text: string }> {
      if (access.kind === 'off') throw metricsErrors.off();
      if (access.kind === 'loopback' && (!isLoopback(caller.ip) || caller.forwarded)) throw metricsErrors.off();
      if (access.kind === 'token') {
        const header = caller.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
        if (!given || !sameSecret(given, access.token)) throw metricsErrors.tokenRequired();
      }
      const text = inClusterWorker() ? await clusterMetricsText() : await deps.metrics.registry.metrics();
      return { contentType: deps.metrics.registry.contentType, text: access.kind === 'token' ? text : withoutBusinessFigures(text) };
    },
  };
}

export type MetricsScrape = ReturnType<typeof createMetricsScrape>;
