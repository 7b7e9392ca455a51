import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';

export interface SecurityOptions {
  cookieSecret: string;
  /** Extra origins the CSP allows per kind, from configuration (chat widget, ad pixel); none by default. */
  scriptOrigins: string[];
  connectOrigins?: string[];
  imgOrigins?: string[];
  frameOrigins?: string[];
}

export async function registerSecurity(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  const headers = computeSecurityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...opts.scriptOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(opts.imgOrigins ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(opts.connectOrigins ?? opts.scriptOrigins)],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', ...(opts.frameOrigins ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Same headers on every answer; computed once at start instead of per request.
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  await app.register(cookie, { secret: opts.cookieSecret });
  // Per-route limits are opted into with `config.rateLimit`; nothing is limited globally.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Demasiados intentos. Vuelve a intentarlo en ${Math.ceil(context.ttl / 1000)} segundos.`,
      code: 'request.rate_limited',
    }),
  });
}

/**
 * Helmet's headers for a configuration, captured once. (@fastify/helmet rebuilds helmet's
 * middleware and re-parses the CSP on every request, a measurable share of a hot path.)
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
