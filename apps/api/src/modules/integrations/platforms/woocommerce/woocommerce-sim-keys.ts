import { randomBytes } from 'node:crypto';
import { oauthSignature, type OAuthAlgorithm } from './woocommerce-wire.js';
import { NONCE_WINDOW_S, restError, type SimContext, type SimKey, type SimRequest, type SimResponse, type SimState } from './woocommerce-sim-store.js';

/* The simulated store's keys: the /wc-auth/v1 handshake that creates them, and how a REST call proves it holds one. */

// ---------------------------------------------------------------- the key handshake (/wc-auth/v1)

export const AUTH_PARAMS = ['app_name', 'scope', 'user_id', 'return_url', 'callback_url'] as const;
export type AuthParams = Record<(typeof AUTH_PARAMS)[number], string>;

/** `return_url` and `callback_url` get https:// when they lack a scheme, as WooCommerce does. */
function formattedUrl(value: string): string {
  const decoded = decodeURIComponent(value);
  return decoded.includes('://') ? decoded : `https://${decoded}`;
}

export function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Checks the five parameters of `/wc-auth/v1/authorize` (and `access_granted`) as WooCommerce
 * does; the error is the text of its "Access denied" page.
 */
export function checkAuthParams(query: URLSearchParams | Record<string, string | undefined>): { ok: true; params: AuthParams } | { ok: false; error: string } {
  const get = (name: string) => (query instanceof URLSearchParams ? (query.getAll(name).length > 1 ? undefined : query.get(name)) : query[name]) ?? undefined;
  const params: Partial<AuthParams> = {};
  for (const name of AUTH_PARAMS) {
    const value = get(name);
    if (value === undefined || value === '') return { ok: false, error: `Missing parameter ${name}` };
    if (typeof value !== 'string') return { ok: false, error: `Invalid parameter ${name}` };
    params[name] = value;
  }
  const p = params as AuthParams;
  if (!['read', 'write', 'read_write'].includes(p.scope)) return { ok: false, error: `Invalid scope ${p.scope}` };
  for (const name of ['return_url', 'callback_url'] as const) {
    const url = formattedUrl(p[name]);
    if (!isValidUrl(url)) return { ok: false, error: `The ${url} is not a valid URL` };
    p[name] = url;
  }
  if (!p.callback_url.startsWith('https://')) return { ok: false, error: 'The callback_url needs to be over SSL' };
  return { ok: true, params: p };
}

/** Where 'Deny' (or a finished approval) sends the browser: `return_url?success=N&user_id=…`. */
export function returnUrl(params: Pick<AuthParams, 'return_url' | 'user_id'>, success: boolean): string {
  const url = new URL(params.return_url);
  url.searchParams.set('success', success ? '1' : '0');
  url.searchParams.set('user_id', params.user_id);
  return url.toString();
}

const hex40 = () => randomBytes(20).toString('hex');

/** Creates the key pair of an approved handshake (`ck_` / `cs_` + 40 hex). */
export function createKeys(state: SimState, appName: string, scope: string, now: Date): SimKey {
  state.ids.key += 1;
  const key: SimKey = {
    key_id: state.ids.key,
    consumer_key: `ck_${hex40()}`,
    consumer_secret: `cs_${hex40()}`,
    permissions: scope as SimKey['permissions'],
    description: `${appName} - API (${now.toISOString().slice(0, 19).replace('T', ' ')})`,
  };
  state.keys.push(key);
  return key;
}

export function deleteKey(state: SimState, keyId: number): void {
  state.keys = state.keys.filter((k) => k.key_id !== keyId);
}

/** The body POSTed to `callback_url` (server to server). */
export function keysCallbackBody(key: SimKey, userId: string): string {
  return JSON.stringify({
    key_id: key.key_id,
    user_id: userId,
    consumer_key: key.consumer_key,
    consumer_secret: key.consumer_secret,
    key_permissions: key.permissions,
  });
}

// ---------------------------------------------------------------- authentication

type AuthOutcome = { kind: 'key'; key: SimKey } | { kind: 'none' } | { kind: 'error'; response: SimResponse };

export function authErrorResponse(message: string, basic: boolean): SimResponse {
  return restError(401, 'woocommerce_rest_authentication_error', message, undefined, basic ? { 'www-authenticate': 'Basic realm="WooCommerce REST API"' } : {});
}

function authError(message: string, basic: boolean): AuthOutcome {
  return { kind: 'error', response: authErrorResponse(message, basic) };
}

function parseOAuthHeader(header: string | undefined): Record<string, string> {
  if (!header || !/^OAuth\s/i.test(header)) return {};
  const out: Record<string, string> = {};
  for (const match of header.slice(6).matchAll(/(\w+)="([^"]*)"/g)) out[match[1]!] = decodeURIComponent(match[2]!);
  return out;
}

export function authenticate(state: SimState, req: SimRequest, url: URL, ctx: SimContext): AuthOutcome {
  const query = Object.fromEntries(url.searchParams);
  if (ctx.ssl) {
    let ck = query.consumer_key;
    let cs = query.consumer_secret;
    let basic = false;
    if (!ck || !cs) {
      const match = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
      if (match) {
        const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        ck = decoded.slice(0, colon);
        cs = decoded.slice(colon + 1);
        basic = true;
      }
    }
    if (!ck || !cs) return { kind: 'none' };
    const key = state.keys.find((k) => k.consumer_key === ck);
    if (!key) return authError('Consumer key is invalid.', basic);
    if (key.consumer_secret !== cs) return authError('Consumer secret is invalid.', basic);
    return { kind: 'key', key };
  }

  const params = { ...query, ...parseOAuthHeader(req.headers.authorization) };
  const names = ['oauth_consumer_key', 'oauth_timestamp', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method'];
  const missing = names.filter((n) => !params[n]);
  if (missing.length === names.length) return { kind: 'none' };
  if (missing.length > 0) {
    return {
      kind: 'error',
      response: restError(
        401,
        'woocommerce_rest_authentication_missing_parameter',
        `Missing OAuth parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
      ),
    };
  }
  const key = state.keys.find((k) => k.consumer_key === params.oauth_consumer_key);
  if (!key) return authError('Consumer key is invalid.', false);
  const method = params.oauth_signature_method as OAuthAlgorithm;
  if (method !== 'HMAC-SHA1' && method !== 'HMAC-SHA256') return authError('Invalid signature - signature method is invalid.', false);
  const { oauth_signature: given, ...signed } = params;
  const baseUrl = `${url.protocol}//${url.host}${url.pathname}`;
  const expected = oauthSignature({ method: req.method, baseUrl, params: signed, consumerSecret: key.consumer_secret, algorithm: method });
  if (expected !== given!.replace(/ /g, '+')) return authError('Invalid signature - provided signature does not match.', false);
  const nowS = Math.floor(ctx.now.getTime() / 1000);
  const ts = Number(params.oauth_timestamp);
  if (!Number.isFinite(ts) || Math.abs(nowS - ts) > NONCE_WINDOW_S) return authError('Invalid timestamp.', false);
  for (const [nonce, at] of Object.entries(state.nonces)) if (nowS - at > NONCE_WINDOW_S) delete state.nonces[nonce];
  const nonceKey = `${key.key_id}:${params.oauth_nonce}`;
  if (state.nonces[nonceKey] !== undefined) return authError('Invalid nonce - nonce has already been used.', false);
  state.nonces[nonceKey] = ts;
  return { kind: 'key', key };
}

export function unauthenticated(method: string, listing: boolean): SimResponse {
  if (method === 'GET')
    return restError(401, 'woocommerce_rest_cannot_view', listing ? 'Sorry, you cannot list resources.' : 'Sorry, you cannot view this resource.');
  if (method === 'DELETE') return restError(401, 'woocommerce_rest_cannot_delete', 'Sorry, you are not allowed to delete this resource.');
  if (method === 'POST' && listing) return restError(401, 'woocommerce_rest_cannot_create', 'Sorry, you are not allowed to create resources.');
  return restError(401, 'woocommerce_rest_cannot_edit', 'Sorry, you are not allowed to edit this resource.');
}
