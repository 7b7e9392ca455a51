import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorCodes } from '@envios/contracts/errors';
import type { SiteInfo } from '@envios/contracts/site';
import { trackingInputSchema, type TrackingResult } from '@envios/contracts/tracking';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createPrerenderer, type Prerenderer } from './prerender.js';
import { acceptedEncoding } from './compression.js';

/** How long /rastreo/{guide} waits for its answer and its render before the app shell goes instead. */
const TRACKING_RENDER_BUDGET_MS = 1_500;

/** The guide of a /rastreo/{guide} address, if it is a valid one. */
function trackedGuide(pathname: string): string | undefined {
  const match = /^\/rastreo\/([^/]+)\/?$/i.exec(pathname);
  if (!match) return undefined;
  let guide: string;
  try {
    guide = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return trackingInputSchema.safeParse({ guide_number: guide }).success ? guide : undefined;
}

/** The value, or undefined if it fails or takes longer than `ms`. */
async function withinBudget<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface Spa {
  /**
   * Loads the prerendering bundle and renders the public pages in the background. Begun by the
   * application once it is ready, or by the first page asked for, whichever comes first; a page
   * asked for meanwhile waits for it. Never rejects: without it pages get the app shell.
   */
  prepare(): Promise<void>;
}

/**
 * Serves the built web app: hashed assets with a year of cache, every other non-API path answers
 * index.html so deep links and reloads work. Unknown /api paths stay JSON 404s.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string | undefined,
  /**
   * The site facts and public address the prerendered pages are rendered with; `track` answers a
   * guide's tracking as `POST /api/v1/tracking` does, for /rastreo/{guide} rendered on the server.
   */
  prerender?: { site: SiteInfo; appUrl: string; track?: (guide: string, clientKey: string) => Promise<TrackingResult> },
  /** Send HTML compressed to browsers that accept it (off with COMPRESSION_MIN_BYTES=0). */
  compressHtml = true,
): Promise<Spa> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasBuild = indexFile !== undefined && existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }
  const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : undefined;
  let prerendering: Promise<Prerenderer | undefined> | undefined;
  const prerendered = () =>
    (prerendering ??=
      indexHtml && prerender
        ? createPrerenderer({ distDir: distDir!, template: indexHtml, site: prerender.site, appUrl: prerender.appUrl, log: app.log }).catch(
            (error: unknown) => {
              app.log.error({ err: error }, 'no se pudo cargar el prerenderizado; las páginas salen sin él');
              return undefined;
            },
          )
        : Promise.resolve(undefined));

  // The not-found handler is not a route, so the compression plugin's per-route hook misses it.
  // The few HTML documents it sends are the same for everyone: compressed once, kept.
  const compressed = new Map<string, { br: Buffer; gzip: Buffer }>();
  const sendHtml = (request: FastifyRequest, reply: FastifyReply, html: string, status = 200) => {
    void reply.status(status).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const encoding = compressHtml ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.send(html);
    let entry = compressed.get(html);
    if (!entry) {
      entry = { br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), gzip: gzipSync(html, { level: 9 }) };
      if (compressed.size < 64) compressed.set(html, entry);
    }
    return reply.header('content-encoding', encoding).send(entry[encoding]);
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({
        message: `La ruta ${request.method} ${pathname} no existe.`,
        code: errorCodes.routeNotFound,
      });
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('La aplicación web no está compilada. Ejecuta `npm start` (compila lo que falta) o `npm run build`.');
    }
    // A file-looking path that does not exist is a real 404, not the app shell.
    if (/\.[a-z0-9]{2,5}$/i.test(pathname)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('No encontrado');
    }
    const pages = await prerendered();
    if (pages) {
      // /rastreo/{guide}: rendered with its answer, so a recipient on a slow phone reads it at the
      // first paint; a guide that cannot be answered at once (unknown, slow) gets the app shell.
      const guide = trackedGuide(pathname);
      if (guide && prerender?.track) {
        const html = await withinBudget(
          prerender.track(guide, request.ip).then((result) => pages.tracking(guide, result)),
          TRACKING_RENDER_BUDGET_MS,
        );
        if (html) return sendHtml(request, reply, html);
        return sendHtml(request, reply, indexHtml);
      }
      // Public content pages and the home: their HTML; a path the app does not have: the 404 page, as a 404.
      const page = await pages.page(pathname, request.url.includes('?')).catch(() => undefined);
      if (page) return sendHtml(request, reply, page);
      const missing = await pages.notFound(pathname).catch(() => undefined);
      if (missing) return sendHtml(request, reply, missing, 404);
    }
    return sendHtml(request, reply, indexHtml);
  });
  app.addHook('onClose', async () => {
    if (prerendering) await (await prerendering)?.close();
  });
  return {
    prepare: async () => {
      await prerendered();
    },
  };
}

export { acceptedEncoding } from './compression.js';
