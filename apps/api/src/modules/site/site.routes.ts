import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteInfoSchema, type SiteInfo } from '@envios/contracts/site';

/** Public facts the web app reads once at load (support contacts, optional scripts). */
export const siteRoutes: FastifyPluginAsyncZod<{ info: SiteInfo }> = async (app, { info }) => {
  app.get(
    '/api/v1/site',
    {
      config: { guard: 'public' },
      schema: { tags: ['sitio'], summary: 'Datos públicos del sitio', response: { 200: siteInfoSchema } },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return info;
    },
  );
};
