import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MetricsScrape } from './metrics.usecases.js';

/**
 * `GET /metrics` in Prometheus' text format: with METRICS_TOKEN, only for `Authorization: Bearer
 * <token>`; without it, 404 in production and loopback-only (no business figures) in development.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: MetricsScrape }> = async (app, { metrics }) => {
  app.get(
    '/metrics',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['sistema'],
        summary:
          'Métricas en formato Prometheus (solicitudes, trabajos, pagos, paqueterías, monederos); solo con el token de METRICS_TOKEN (sin él: 404 en producción, solo desde esta máquina en desarrollo)',
      },
    },
    async (request, reply) => {
      const h = request.headers;
      const forwarded = h.forwarded !== undefined || h['x-forwarded-for'] !== undefined || h['x-real-ip'] !== undefined;
      const { contentType, text } = await metrics.scrape({ authorization: h.authorization, ip: request.ip, forwarded });
      return reply.header('cache-control', 'no-store').type(contentType).send(text);
    },
  );
};
