import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import { launchChecklistSchema } from '@envios/contracts/launch';
import { siteInfoSchema } from '@envios/contracts/site';
import type { Site } from './site.usecases.js';

/** Public facts the web app reads once at load, what crawlers read first, and the owner's launch checklist. */
export const siteRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (app, { site }) => {
  app.get(
    '/api/v1/site',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['sitio'],
        summary: 'Datos públicos del sitio: contactos de soporte, empresa, redes y scripts opcionales',
        response: { 200: siteInfoSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return site.info();
    },
  );

  app.get(
    '/api/v1/admin/launch-checklist',
    {
      config: { guard: 'admin' },
      schema: {
        tags: ['sitio'],
        summary: 'Lista para el lanzamiento (admin): cada ajuste que sigue con un valor de demostración o sin configurar, qué afecta y cómo definirlo',
        response: { 200: launchChecklistSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return site.launchChecklist();
    },
  );

  app.get('/robots.txt', { config: { guard: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(site.robotsTxt()),
  );
  app.get('/sitemap.xml', { config: { guard: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(site.sitemapXml()),
  );
};
