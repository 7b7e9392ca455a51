import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, readinessSchema } from '@envios/contracts/site';
import { apiErrorSchema } from '@envios/contracts/errors';
import type { Health } from './health.usecases.js';

export const healthRoutes: FastifyPluginAsyncZod<{ health: Health }> = async (app, { health }) => {
  app.get(
    '/api/health',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['sistema'],
        summary: 'Vivo: 200 cuando el proceso responde y la base de datos también',
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async () => health.live(),
  );

  app.get(
    '/api/health/ready',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['sistema'],
        summary: 'Listo para recibir tráfico: base de datos, migraciones al día, catálogos cargados y sin cierre en curso (503 si algo falla)',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      const answer = await health.ready(request.log);
      void reply.header('cache-control', 'no-store');
      return reply.status(answer.status === 'ok' ? 200 : 503).send(answer);
    },
  );
};
