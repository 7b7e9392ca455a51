import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MetricsScrape } from './metrics.usecases.js';

/** `GET /metrics` in Prometheus' text format; with METRICS_TOKEN set, only for `Authorization: Bearer <token>`. */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: MetricsScrape }> = async (app, { metrics }) => {
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
      const { contentType, text } = await metrics.scrape(request.headers.authorization);
      return reply.header('cache-control', 'no-store').type(contentType).send(text);
    },
  );
};
