import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { commonErrors } from '../shared/errors.js';
import { boundToRequest, logContext } from '../shared/request-context.js';

/** The signed-in caller of a request (set for every route whose guard is not `public`). */
export interface Caller {
  id: string;
  rol: 'user' | 'admin';
  sessionId: string;
  /** 'Bloquear compras': the account may look and quote but not buy (routes guarded `buyer`). */
  purchasesBlocked?: boolean;
  /** Set when the request came with an API key instead of a session (modules/developers). */
  apiKey?: { id: string; prefix: string; scope: 'read' | 'write'; mode: 'live' | 'test' };
}

/** The httpOnly cookie that carries the session token for the web app. */
export const SESSION_COOKIE = 'envios_sesion';
/**
 * A readable companion of the session cookie that carries no secret, only "a session was set":
 * the web app asks `/api/v1/me` only when it is there, so visitors never get a 401 in the console.
 */
export const SESSION_HINT_COOKIE = 'envios_hay_sesion';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, on guarded routes; null on public ones (see `identify`). */
    caller: Caller | null;
    /** On public routes that want to know a signed-in caller: resolves it, or null. */
    identify(): Promise<Caller | null>;
  }
}

export interface AuthOptions {
  /**
   * Resolves a token to its caller, or throws 401/403 (accounts use case), or 429 (an API key past
   * its rate). `fromCookie`: it came in the session cookie (API keys only count in the header).
   */
  authenticate(token: string, from: { fromCookie: boolean }): Promise<Caller>;
  /** The 403 of a route an API key may not use (the account's credentials, the keys themselves); default: forbidden. */
  sessionOnly?: () => Error;
  /** The 403 of a change made with a read-only key; default: forbidden. */
  readOnlyKey?: () => Error;
  /** The 403 a `buyer` route answers to an account whose purchases are blocked. */
  purchasesBlocked(): Error;
  /** Send the cookie only over HTTPS (APP_URL is https). */
  secureCookie: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readToken(request: FastifyRequest): { token: string; fromCookie: boolean } | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ? { token: match[1], fromCookie: false } : undefined;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, fromCookie: true } : undefined;
}

function ownerOf(request: FastifyRequest, param: string): unknown {
  const params = request.params as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return params?.[param] ?? query?.[param];
}

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date, secure: boolean): void {
  void reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/api', expires });
  void reply.setCookie(SESSION_HINT_COOKIE, '1', { httpOnly: false, sameSite: 'lax', secure, path: '/', expires });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/api' });
  void reply.clearCookie(SESSION_HINT_COOKIE, { httpOnly: false, sameSite: 'lax', secure, path: '/' });
}

/** The token a request carries (header first, then cookie), for sign-out. */
export function requestToken(request: FastifyRequest): string | undefined {
  return readToken(request)?.token;
}

/**
 * With the session cookie, a write must come from our own origin (SameSite=Lax already keeps other
 * sites' forms out; this also covers sibling hosts), and a GET that changes something must come
 * from our own pages: browsers say so in `Sec-Fetch-Site`.
 */
function checkCookieOrigin(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) {
    if (request.routeOptions.config?.sameOriginGet && request.headers['sec-fetch-site'] !== 'same-origin') throw commonErrors.crossSite();
    return;
  }
  const origin = request.headers.origin;
  if (origin === 'null') throw commonErrors.crossSite();
  if (!origin) return;
  let host: string | undefined;
  try {
    host = new URL(origin).host;
  } catch {
    host = undefined;
  }
  if (host !== request.host) throw commonErrors.crossSite();
}

/**
 * Enforces every route's `config.guard` before the body is read: `public` passes; `user` needs
 * a live session of an active, unlocked account; `buyer` also needs its purchases not blocked
 * ('Bloquear compras'); `self` needs the owner parameter to be
 * the caller (admins pass); `admin` needs rol admin. Tokens come as `Authorization: Bearer` or
 * in the session cookie; with the cookie, a state-changing request from another origin is
 * refused (SameSite=Lax already keeps other sites' forms out; this also covers sibling hosts).
 */
export function registerAuth(app: FastifyInstance, opts: AuthOptions): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('identify', async function identify(this: FastifyRequest) {
    if (this.caller) return this.caller;
    const found = readToken(this);
    if (!found) return null;
    try {
      this.caller = await opts.authenticate(found.token, { fromCookie: found.fromCookie });
      if (this.caller.apiKey) attributeToKey(this, this.caller.apiKey);
      return this.caller;
    } catch (error) {
      // A public route answers a visitor without the session; a key past its rate hears so.
      if ((error as { statusCode?: number }).statusCode === 429) throw error;
      return null;
    }
  });

  // Each use of a key is one line in the log, naming the key (never its value) and the answer.
  app.addHook('onResponse', (request, reply, done) => {
    const key = request.caller?.apiKey;
    if (key)
      request.log.info({ apiKeyId: key.id, apiKeyPrefix: key.prefix, route: request.routeOptions.url, statusCode: reply.statusCode }, 'uso de llave de API');
    done();
  });

  // A plain callback: public routes (most of the traffic) pass without a promise; guarded ones
  // wait only for the session lookup.
  app.addHook('onRequest', (request, reply, done) => {
    const config = request.routeOptions.config;
    const guard = config?.guard;
    if (!guard || guard === 'public') {
      if (config?.sessionWrite) {
        const found = readToken(request);
        if (found?.fromCookie) {
          try {
            checkCookieOrigin(request);
          } catch (error) {
            return done(error as Error);
          }
        }
      }
      return done();
    }
    const found = readToken(request);
    if (!found) {
      // The session cookie is gone (expired in the browser) but its hint stayed: drop the hint too.
      if (request.cookies[SESSION_HINT_COOKIE]) clearSessionCookie(reply, opts.secureCookie);
      return done(commonErrors.unauthenticated());
    }
    if (found.fromCookie) {
      try {
        checkCookieOrigin(request);
      } catch (error) {
        return done(error as Error);
      }
    }
    opts.authenticate(found.token, { fromCookie: found.fromCookie }).then(
      (caller) => {
        request.caller = caller;
        if (caller.apiKey) {
          attributeToKey(request, caller.apiKey);
          const refused = keyRefused(request, config, caller.apiKey, opts);
          if (refused) return done(refused);
        }
        done(admitted(request, guard, config, caller, () => opts.purchasesBlocked()));
      },
      (error: unknown) => {
        if (found.fromCookie) clearSessionCookie(reply, opts.secureCookie);
        done(error as Error);
      },
    );
  });
}

const READING_METHODS = new Set(['GET', 'HEAD']);

/**
 * What an API key may not do whatever the guard: the routes marked `sessionOnly` (the account's
 * credentials, the keys and webhooks themselves), and any change with a read-only key (a POST
 * that only reads is marked `readOnly`).
 */
function keyRefused(
  request: FastifyRequest,
  config: FastifyRequest['routeOptions']['config'],
  key: NonNullable<Caller['apiKey']>,
  opts: AuthOptions,
): Error | undefined {
  if (config.sessionOnly) return (opts.sessionOnly ?? commonErrors.forbidden)();
  if (key.scope === 'read' && !READING_METHODS.has(request.method) && !config.readOnly) return (opts.readOnlyKey ?? commonErrors.forbidden)();
  return undefined;
}

/**
 * Every log line of a request made with a key names the key (its id and visible prefix, never the
 * key): the request's own logger, and the use cases' through the log context.
 */
function attributeToKey(request: FastifyRequest, key: NonNullable<Caller['apiKey']>): void {
  const bindings = { apiKeyId: key.id, apiKeyPrefix: key.prefix };
  const child = request.log.child(bindings);
  (child as unknown as Record<symbol, boolean>)[boundToRequest] = true;
  request.log = child;
  const context = logContext.getStore();
  if (context) Object.assign(context, bindings);
}

/** Whether a signed-in caller may use a route with this guard: undefined when yes, else the error. */
function admitted(
  request: FastifyRequest,
  guard: string,
  config: FastifyRequest['routeOptions']['config'],
  caller: Caller,
  purchasesBlocked: () => Error,
): Error | undefined {
  if (caller.rol === 'admin') return undefined;
  if (guard === 'buyer') return caller.purchasesBlocked ? purchasesBlocked() : undefined;
  if (guard === 'user') return undefined;
  if (guard === 'admin') return commonErrors.forbidden();
  // guard === 'self'
  const owner = ownerOf(request, config.ownerParam ?? 'userId');
  return typeof owner !== 'string' || owner !== caller.id ? commonErrors.forbidden() : undefined;
}
