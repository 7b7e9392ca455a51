import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clusterMetricsText, inClusterWorker } from './metrics.cluster.js';
import { metricsErrors } from './metrics.errors.js';
import type { Metrics } from './metrics.usecases.js';

function sameSecret(given: string, expected: string): boolean {
  // Hashes first: equal lengths for timingSafeEqual, and nothing learned from the length.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** `GET /metrics` in Prometheus' text format; with METRICS_TOKEN set, only for `Authorization: Bearer <token>`. */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: Metrics; token: string | undefined }> = async (app, { metrics, token }) => {
  app.get(
    '/metrics',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['sistema'],
        summary: 'Métricas en formato Prometheus (solicitudes, trabajos, pagos, paqueterías, monederos); con METRICS_TOKEN, solo con ese token',
      },
    },
    async (request, reply) => {
      if (token) {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
        if (!given || !sameSecret(given, token)) throw metricsErrors.tokenRequired();
      }
      const text = inClusterWorker() ? await clusterMetricsText() : await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    },
  );
};
