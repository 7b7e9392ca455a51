import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorCodes } from '@envios/contracts/errors';

/**
 * Serves the built web app: hashed assets with a year of cache, every other non-API path answers
 * index.html so deep links and reloads work. Unknown /api paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | undefined): Promise<void> {
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

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || request.method !== 'GET' && request.method !== 'HEAD') {
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
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}
