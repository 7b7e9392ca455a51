import { OutboundError, type HttpTransport, type OutboundResponse } from '../../../../shared/outbound-http.js';
import { StoreApiError, type StoreErrorKind } from '../store-platform.js';
import { TIENDANUBE_API, TIENDANUBE_AUTH, TIENDANUBE_USER_AGENT } from './tiendanube-wire.js';

/**
 * The Tiendanube REST client (`https://api.tiendanube.com/v1/{store_id}`): `Authentication:
 * bearer` and our User-Agent on every call; the 40-request bucket respected (a 429 waits the
 * x-rate-limit-reset it names and tries again; a nearly full bucket waits before the next call);
 * `Link: rel="next"` paging; errors as StoreApiError. Real stores only through the outbound client.
 */

export interface TiendanubeClientConfig {
  storeId: string;
  accessToken: string;
  http: HttpTransport;
  requireHttps?: boolean;
  timeoutMs?: number;
  sleep: (ms: number) => Promise<void>;
  maxRetries?: number;
}

function networkError(error: unknown): StoreApiError {
  if (error instanceof OutboundError && error.kind === 'timeout') return new StoreApiError('La tienda tardó demasiado en responder.', 'timeout', 0, '');
  return new StoreApiError('No pudimos comunicarnos con Tiendanube.', 'network', 0, '');
}

function kindFor(status: number): StoreErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 429) return 'throttled';
  if (status >= 400 && status < 500) return 'invalid';
  return 'server';
}

export interface TiendanubeApi {
  call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<{ body: T; next: string | null }>;
  /** Follows a `Link: rel="next"` URL (same base only). */
  follow<T>(url: string): Promise<{ body: T; next: string | null }>;
}

export function createTiendanubeClient(config: TiendanubeClientConfig): TiendanubeApi {
  const base = `${TIENDANUBE_API}/${config.storeId}`;
  const retries = config.maxRetries ?? 5;
  let waitBeforeNext = 0;

  async function send<T>(method: string, url: URL, body?: unknown): Promise<{ body: T; next: string | null }> {
    for (let attempt = 0; ; attempt += 1) {
      if (waitBeforeNext > 0) {
        const ms = waitBeforeNext;
        waitBeforeNext = 0;
        await config.sleep(ms);
      }
      let response: OutboundResponse;
      try {
        response = await config.http.request(url, {
          method,
          headers: {
            authentication: `bearer ${config.accessToken}`,
            'user-agent': TIENDANUBE_USER_AGENT,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          redirect: 'error',
          httpsOnly: config.requireHttps ?? true,
          timeoutMs: config.timeoutMs ?? 15_000,
          maxBytes: 5 * 1024 * 1024,
        });
      } catch (error) {
        throw networkError(error);
      }
      const remaining = Number(response.headers.get('x-rate-limit-remaining'));
      const reset = Number(response.headers.get('x-rate-limit-reset'));
      if (response.status === 429) {
        if (attempt >= retries) throw new StoreApiError('Tiendanube sigue limitando nuestras solicitudes.', 'throttled', 429, '');
        waitBeforeNext = Number.isFinite(reset) && reset > 0 ? reset : 1_000;
        continue;
      }
      // One request left in the bucket: let it drain a little first.
      if (Number.isFinite(remaining) && remaining <= 1) waitBeforeNext = 500;
      let parsed: unknown = null;
      try {
        const text = response.text();
        parsed = text ? JSON.parse(text) : null;
      } catch {
        if (response.ok) throw new StoreApiError('Tiendanube respondió algo que no es JSON.', 'bad_response', response.status, '');
      }
      if (!response.ok) {
        const err = (parsed ?? {}) as { message?: unknown; description?: unknown };
        throw new StoreApiError(
          `Tiendanube respondió ${response.status}: ${typeof err.description === 'string' ? err.description : typeof err.message === 'string' ? err.message : ''}`,
          kindFor(response.status),
          response.status,
          '',
        );
      }
      const link = response.headers.get('link') ?? '';
      const next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null;
      return { body: parsed as T, next };
    }
  }

  return {
    call: (method, path, body) => send(method, new URL(`${base}${path}`), body),
    follow(url) {
      if (!url.startsWith(`${base}/`)) throw new StoreApiError('Tiendanube mandó un enlace de página ajeno.', 'bad_response', 200, '');
      return send('GET', new URL(url));
    },
  };
}

/** `POST https://www.tiendanube.com/apps/authorize/token`: `user_id` is the store id. */
export async function exchangeTiendanubeCode(input: {
  code: string;
  clientId: string;
  clientSecret: string;
  http: HttpTransport;
  requireHttps?: boolean;
  timeoutMs?: number;
}) {
  let response: OutboundResponse;
  try {
    response = await input.http.request(new URL(`${TIENDANUBE_AUTH}/apps/authorize/token`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': TIENDANUBE_USER_AGENT },
      body: JSON.stringify({ client_id: input.clientId, client_secret: input.clientSecret, grant_type: 'authorization_code', code: input.code }),
      redirect: 'error',
      httpsOnly: input.requireHttps ?? true,
      timeoutMs: input.timeoutMs ?? 15_000,
      maxBytes: 64 * 1024,
    });
  } catch (error) {
    throw networkError(error);
  }
  let body: { access_token?: unknown; user_id?: unknown };
  try {
    body = JSON.parse(response.text()) as typeof body;
  } catch {
    body = {};
  }
  if (!response.ok || typeof body.access_token !== 'string' || !Number.isSafeInteger(body.user_id)) {
    throw new StoreApiError(`Tiendanube no canjeó el código (${response.status}).`, 'unauthorized', response.status, 'oauth');
  }
  return { accessToken: body.access_token, storeId: String(body.user_id) };
}
