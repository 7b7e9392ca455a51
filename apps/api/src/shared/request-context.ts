import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a log line written during a request (or a job run) must carry even when the code that
 * writes it holds the application's logger rather than `request.log`: use cases, repositories and
 * adapters receive `app.log` once, at build time. A pino `mixin` reads this store on every line.
 */
export interface LogContext {
  reqId?: string;
  jobId?: string;
  jobType?: string;
  /** The API key a request came with (id and visible prefix; never the key). */
  apiKeyId?: string;
  apiKeyPrefix?: string;
}

export const logContext = new AsyncLocalStorage<LogContext>();

/** Loggers that already bind the request id (Fastify's per-request child) are marked, so the id is not written twice. */
export const boundToRequest = Symbol('envios.boundToRequest');

/** The pino `mixin`: the request id (or the job) of the work under way, on loggers that do not bind it already. */
export function logMixin(_merge: object, _level: number, logger?: object): LogContext {
  if (logger && (logger as Record<symbol, unknown>)[boundToRequest]) return {};
  const context = logContext.getStore();
  return context ?? {};
}
