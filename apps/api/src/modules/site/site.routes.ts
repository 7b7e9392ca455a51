import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteInfoSchema } from '@envios/contracts/site';
import type { Site } from './site.usecases.js';

/** Public facts the web app reads once at load, and what crawlers read first. */
export const siteRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (app, { site }) => {
  app.get(
    '/api/v1/site',
    {
      config: { guard: 'public' },
      schema: { tags: ['sitio'], summary: 'Datos públicos del sitio: contactos de soporte, empresa, redes y scripts opcionales', response: { 200: siteInfoSchema } },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return site.info();
    },
  );

  app.get('/robots.txt', { config: { guard: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(site.robotsTxt()),
  );
  app.get('/sitemap.xml', { config: { guard: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(site.sitemapXml()),
  );
};
