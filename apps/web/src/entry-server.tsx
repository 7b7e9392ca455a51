import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from 'react-router';
import type { SiteInfo } from '@envios/contracts/site';
import { publicPages } from '@envios/contracts/site-pages';
import { AppProvider, createQueryClient } from './app/provider';
import { routes } from './app/router';
import { getSiteInfoQueryOptions } from './features/site/api/get-site-info';
import { seedPageData, type PageData } from './app/page-data';

/**
 * The server's side of prerendering (built with `vite build --ssr`, imported by the API): renders
 * a public page to HTML as a visitor's browser would first render it, so the page reads without
 * JavaScript and the app hydrates over it.
 */

/** Where each prerendered page's route module lives (the server adds its CSS and preloads its code). */
export const routeSources: Record<string, string> = {
  '/': 'src/app/routes/public/home.tsx',
  '/servicios': 'src/app/routes/public/services.tsx',
  '/quienes-somos': 'src/app/routes/public/about.tsx',
  '/preguntas-frecuentes': 'src/app/routes/public/faq.tsx',
  '/terminos-de-servicio': 'src/app/routes/public/terms.tsx',
  '/politicas-de-privacidad': 'src/app/routes/public/privacy.tsx',
  '/guia-de-inicio': 'src/app/routes/public/getting-started.tsx',
  '/contactanos': 'src/app/routes/public/contact.tsx',
  '/thank-page': 'src/app/routes/public/thank-you.tsx',
  '/blog': 'src/app/routes/public/blog.tsx',
  '/signin': 'src/app/routes/public/sign-in.tsx',
  '/rastreo/:guide': 'src/app/routes/public/tracking.tsx',
  '*': 'src/app/routes/not-found.tsx',
};

/**
 * Lazily loaded modules a page renders as server HTML that hydrates late (the home's quote form):
 * the server links their styles so the form looks right at first paint, but not their code.
 */
export const routeSnapshotSources: Record<string, string[]> = {
  '/': [
    'src/features/quotes/components/quote-form.tsx',
    'src/features/geography/components/postal-code-autocomplete.tsx',
    'src/features/geography/components/country-select.tsx',
  ],
};

export { publicPages };

/** True when a path belongs to the app; false when only the catch-all (the 404 page) matches it. */
export function isKnownPath(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  return Boolean(matches && matches[matches.length - 1]?.route.path !== '*');
}

/**
 * Every path pattern of the app but the catch-all (`/shipments/:id`, …). The server renders pages
 * in a short-lived thread and keeps only this list to tell the app's paths from unknown ones.
 */
export const knownPaths: string[] = (function collect(list: readonly RouteObject[], parent: string): string[] {
  return list.flatMap((route) => {
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.path !== undefined && route.path !== '*' ? [own] : [];
    return [...here, ...collect(route.children ?? [], own)];
  });
})(routes, '');

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The HTML inside #root for `pathname`, as a signed-out visitor sees it first. Waits for every
 * lazy part to load (the route's module), so nothing renders as a fallback. `data` holds answers
 * the page renders with instead of asking the API (the browser gets the same, to hydrate).
 */
export async function renderPage(pathname: string, site: SiteInfo, data: PageData = {}): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`La ruta ${pathname} redirige; no se prerenderiza.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  queryClient.setQueryData(getSiteInfoQueryOptions().queryKey, site);
  seedPageData(queryClient, data);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    {
      // One document, no streaming: a large part (the home's quote form) must stay inline rather
      // than be sent as a separate segment that an inline script would put in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        // A part that fails on the server is left to the browser; the server says why.
        console.error(`Prerender de ${pathname}:`, error);
      },
    },
  );
  const html = await streamToString(prelude);
  // A part that suspended would arrive behind an inline script, which the CSP blocks: refuse it,
  // and the server sends the app shell for this page instead.
  if (html.includes('<template id="B:')) throw new Error(`La página ${pathname} dejó partes sin resolver en el servidor.`);
  return html;
}
