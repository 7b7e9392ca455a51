import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteInfo } from '@envios/contracts/site';
import type { TrackingResult } from '@envios/contracts/tracking';
import { findPublicPage, publicPages, SITE_NAME, type PublicPage } from '@envios/contracts/site-pages';
import { createSsrThread, pathMatcher, PrerenderClosedError } from './prerender-thread.js';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export interface Prerenderer {
  /**
   * The full HTML of a prerendered public page, or undefined when the path is not one (or is one
   * whose content depends on the query string and `withQuery` says there is one).
   */
  page(pathname: string, withQuery?: boolean): Promise<string | undefined>;
  /**
   * /rastreo/{guide} rendered with the guide's tracking answer (the browser hydrates it with the
   * same answer, written beside it, and asks nothing at first); undefined if the bundle has no
   * tracking page.
   */
  tracking(guide: string, result: TrackingResult): Promise<string | undefined>;
  /** The 404 page's HTML when the app has no such path; undefined for the app's own paths. */
  notFound(pathname: string): Promise<string | undefined>;
  /** Stops the rendering thread, if one runs. */
  close(): Promise<void>;
}

/** The tracking page's route pattern, as the bundle's `routeSources` names it. */
const TRACKING_ROUTE = '/rastreo/:guide';
/**
 * Tracking pages are rendered on every visit: while they are visited the rendering thread stays
 * (its ~50 MB) instead of starting cold for each; ten minutes without one and it goes.
 */
const TRACKING_KEEP_ALIVE_MS = 10 * 60_000;

function attr(value: string): string {
  return value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** JSON inside a <script> element: nothing in it may close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function mexicoCityYear(now: Date): string {
  return new Intl.DateTimeFormat('es-MX', { timeZone: 'America/Mexico_City', year: 'numeric' }).format(now);
}

/** Title, description, canonical address, Open Graph and Twitter tags of one page. */
export function headTags(page: Pick<PublicPage, 'path' | 'title' | 'description' | 'indexable'>, appUrl: string): string {
  const base = appUrl.replace(/\/+$/, '');
  const url = base + page.path;
  return [
    `<title>${attr(page.title)}</title>`,
    `<meta name="description" content="${attr(page.description)}" />`,
    page.indexable ? `<link rel="canonical" href="${attr(url)}" />` : '<meta name="robots" content="noindex" />',
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${attr(SITE_NAME)}" />`,
    '<meta property="og:locale" content="es_MX" />',
    `<meta property="og:title" content="${attr(page.title)}" />`,
    `<meta property="og:description" content="${attr(page.description)}" />`,
    `<meta property="og:url" content="${attr(url)}" />`,
    `<meta property="og:image" content="${attr(`${base}/og-image.jpg`)}" />`,
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    '<meta name="twitter:card" content="summary_large_image" />',
  ].join('\n    ');
}

/**
 * Public content pages and the home served as HTML rendered on the server, with the app's code
 * hydrating over it: the first paint never waits for the bundle, and the text reads without
 * JavaScript. Pages are rendered once per process (per year, for the footer's ©) from the site
 * facts of this configuration. Without the prerendering bundle (tests, an old build) nothing is
 * prerendered and every path gets the app shell as before.
 */
export async function createPrerenderer(opts: {
  distDir: string;
  template: string;
  site: SiteInfo;
  appUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}): Promise<Prerenderer | undefined> {
  const entry = path.join(path.dirname(opts.distDir), 'dist-ssr', 'entry-server.js');
  const manifestFile = path.join(opts.distDir, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestFile)) return undefined;
  // The bundle is loaded in a thread of its own (prerender-thread.ts); the server keeps its facts.
  const ssr = createSsrThread(entry);
  const facts = await ssr.facts().catch(async (error: unknown) => {
    await ssr.close();
    throw error;
  });
  const isKnownPath = pathMatcher(facts.knownPaths);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const now = opts.now ?? (() => new Date());

  /** The route module's stylesheets (render-blocking, like the shell's) and its code to preload. */
  function assetsFor(source: string | undefined, snapshots: readonly string[] = []): string {
    const css = new Set<string>();
    const js = new Set<string>();
    const walk = (key: string, seen: Set<string>, withCode: boolean) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      if (withCode) js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) walk(i, seen, withCode);
    };
    if (source) walk(source, new Set(), true);
    const styleOnly = new Set<string>();
    for (const s of snapshots) walk(s, styleOnly, false);
    // The shell's own stylesheet and scripts are in the template already.
    for (const c of [...css]) if (opts.template.includes(`/${c}"`)) css.delete(c);
    for (const f of [...js]) if (opts.template.includes(`/${f}"`)) js.delete(f);
    return [
      ...[...css].map((c) => `<link rel="stylesheet" crossorigin href="/${attr(c)}" />`),
      ...[...js].map((f) => `<link rel="modulepreload" crossorigin href="/${attr(f)}" />`),
    ].join('\n    ');
  }

  const siteData = `<script type="application/json" id="datos-del-sitio">${scriptJson(opts.site)}</script>`;

  async function build(
    pathname: string,
    page: Pick<PublicPage, 'path' | 'title' | 'description' | 'indexable'>,
    key: string,
    data?: unknown,
    keepAliveMs?: number,
  ) {
    const body = await ssr.render(pathname, opts.site, data, keepAliveMs);
    const head = `${headTags(page, opts.appUrl)}\n    ${assetsFor(facts.routeSources[key], facts.routeSnapshotSources[key])}`;
    const pageData = data === undefined ? '' : `\n    <script type="application/json" id="datos-de-la-pagina">${scriptJson(data)}</script>`;
    return opts.template
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      .replace('</head>', `    ${head}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root">${body}</div>\n    ${siteData}${pageData}`);
  }

  const cache = new Map<string, { year: string; html: Promise<string> }>();
  function cached(key: string, make: () => Promise<string>): Promise<string> {
    const year = mexicoCityYear(now());
    const hit = cache.get(key);
    if (hit && hit.year === year) return hit.html;
    const html = make();
    cache.set(key, { year, html });
    html.catch((error: unknown) => {
      cache.delete(key);
      // Cut short by the server's own close: nothing failed.
      if (error instanceof PrerenderClosedError) return;
      opts.log.error({ err: error, page: key }, 'no se pudo prerenderizar la página');
    });
    return html;
  }

  const notFoundPage = {
    path: '/404',
    title: `Página no encontrada · ${SITE_NAME}`,
    description: 'La página que buscas no existe o cambió de dirección.',
    indexable: false,
  };
  const prerenderer: Prerenderer = {
    page(pathname, withQuery = false) {
      const page = findPublicPage(pathname);
      if (!page?.prerender || (withQuery && page.bareOnly)) return Promise.resolve(undefined);
      return cached(page.path, () => build(page.path, page, page.path));
    },
    async tracking(guide, result) {
      if (!facts.routeSources[TRACKING_ROUTE]) return undefined;
      const pathname = `/rastreo/${encodeURIComponent(guide)}`;
      const page = {
        path: pathname,
        title: `Rastreo ${guide} · ${SITE_NAME}`,
        description: `Dónde va el envío con guía ${guide}: su estatus y cada movimiento.`,
        indexable: false,
      };
      return build(pathname, page, TRACKING_ROUTE, { tracking: { guide, result } }, TRACKING_KEEP_ALIVE_MS);
    },
    notFound(pathname) {
      if (isKnownPath(pathname)) return Promise.resolve(undefined);
      return cached('*', () => build('/404-pagina-no-encontrada', notFoundPage, '*'));
    },
    close: () => ssr.close(),
  };
  // Render every page once in the background, so the first visitor of each gets it at once.
  for (const p of publicPages.filter((x) => x.prerender)) void prerenderer.page(p.path).catch(() => undefined);
  return prerenderer;
}
