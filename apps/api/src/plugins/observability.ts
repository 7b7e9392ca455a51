import type { FastifyInstance } from 'fastify';
import { boundToRequest, logContext } from '../shared/request-context.js';
import type { Metrics } from '../modules/metrics/metrics.usecases.js';

/**
 * Fastify's per-request logger, marked so the log mixin does not write its request id twice.
 * Passed as `childLoggerFactory` when the app is built.
 */
export function markedChildLogger(
  this: FastifyInstance,
  logger: FastifyInstance['log'],
  bindings: Record<string, unknown>,
  options: object,
): FastifyInstance['log'] {
  const child = logger.child(bindings, options);
  (child as unknown as Record<symbol, boolean>)[boundToRequest] = true;
  return child;
}

/**
 * Every log line written while a request is handled carries its id, whichever logger writes it:
 * the rest of the request (hooks, handler, the use cases it calls) runs inside this context.
 * Then each answered request is counted by its route pattern (never the raw URL, which would
 * make one series per shipment id) and timed.
 */
export function registerObservability(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onRequest', (request, _reply, done) => {
    logContext.run({ reqId: request.id }, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest({
      method: request.method,
      route: request.routeOptions.url ?? 'sin_ruta',
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });
}
