import { randomBytes } from 'node:crypto';
import { OutboundError, type HttpTransport, type OutboundResponse } from '../../../../shared/outbound-http.js';
import { StoreApiError } from '../store-platform.js';
import { oauthSignature, type WooNote, type WooOrder, type WooProduct, type WooWebhook } from './woocommerce-wire.js';

/**
 * The WooCommerce REST API v3 client (`{store}/wp-json/wc/v3`): HTTP Basic with the key pair
 * over https, one-legged OAuth 1.0a (HMAC-SHA256, parameters in the query) over plain http, as
 * WooCommerce requires. Every failure becomes a WooApiError whose kind says what to do
 * (a 401 means the keys no longer work: the connection needs to be made again).
 *
 * Real stores are reached only through the outbound client (public https addresses); the demo
 * store hands its in-process transport instead. A store that cannot be reached reads the same
 * whatever the reason (refused, no such name, or an address that is not public), so the health
 * panel says nothing about a private network.
 */

export type WooErrorKind = 'unauthorized' | 'not_found' | 'invalid' | 'server' | 'network' | 'timeout' | 'bad_response';

/** A StoreApiError with WooCommerce's own code; a missing REST API says so to the seller. */
export class WooApiError extends StoreApiError {
  constructor(message: string, kind: WooErrorKind, status: number, code: string) {
    super(
      message,
      kind,
      status,
      code,
      code === 'rest_no_route'
        ? 'La tienda no tiene disponible la API REST de WooCommerce (404); revisa que WooCommerce esté activo y los enlaces permanentes configurados.'
        : undefined,
    );
    this.name = 'WooApiError';
  }
}

export interface OrderListQuery {
  status?: string;
  /** Orders created after this moment. */
  after?: Date;
  page: number;
  perPage: number;
}

export interface WooStoreApi {
  listOrders(query: OrderListQuery): Promise<{ orders: WooOrder[]; total: number; totalPages: number }>;
  getOrder(id: number): Promise<WooOrder>;
  listOrderNotes(orderId: number): Promise<WooNote[]>;
  addOrderNote(orderId: number, note: { note: string; customer_note: boolean }): Promise<WooNote>;
  updateOrder(orderId: number, patch: { status?: string; meta_data?: { key: string; value: string }[] }): Promise<WooOrder>;
  /** The store's webhooks (first 100). */
  listWebhooks(): Promise<WooWebhook[]>;
  createWebhook(input: { name: string; topic: string; delivery_url: string; secret: string }): Promise<WooWebhook>;
  /** Deletes for good (`force=true`); a webhook already gone is not an error. */
  deleteWebhook(id: number): Promise<void>;
  /** The products with these ids (at most 100). */
  listProducts(ids: number[]): Promise<WooProduct[]>;
  /** The store's weight unit (kg, g, lbs, oz). */
  weightUnit(): Promise<string>;
}

export interface WooClientConfig {
  /** The store's home URL, no trailing slash. */
  storeUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** How the store is reached: the outbound client, or the demo store's in-process transport. */
  http: HttpTransport;
  /** Refuse a store that is not https (default true; the demo store on an http install is the exception). */
  requireHttps?: boolean;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  /** A response larger than this is refused (default 5 MiB: 100 orders of a large store fit). */
  maxBytes?: number;
  now?: () => Date;
}

interface Answer<T> {
  body: T;
  headers: Headers;
}

/** What the seller reads for any store we could not reach (refused, unknown name, or not a public address). */
export const STORE_UNREACHABLE = 'No pudimos comunicarnos con la tienda: revisa que su dirección pública (https) sea correcta y que esté en línea.';

function describeNetworkError(error: unknown): WooApiError {
  if (error instanceof OutboundError) {
    switch (error.kind) {
      case 'timeout':
        return new WooApiError('La tienda tardó demasiado en responder.', 'timeout', 0, '');
      case 'tls':
        return new WooApiError('El certificado https de la tienda no es válido.', 'network', 0, 'tls');
      case 'too_large':
        return new WooApiError('La tienda respondió con más datos de los que aceptamos.', 'bad_response', 0, '');
      case 'redirect':
        return new WooApiError('La tienda respondió con una redirección: conéctala con su dirección final (https).', 'network', 0, 'redirect');
      case 'invalid_url':
        return new WooApiError('La dirección de la tienda debe usar https.', 'network', 0, 'invalid_url');
      default:
        // blocked, network, aborted: one sentence, whatever the cause.
        return new WooApiError(STORE_UNREACHABLE, 'network', 0, '');
    }
  }
  return new WooApiError(STORE_UNREACHABLE, 'network', 0, '');
}

function kindForStatus(status: number): WooErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status >= 400 && status < 500) return 'invalid';
  return 'server';
}

export function createWooClient(config: WooClientConfig): WooStoreApi {
  const timeoutMs = config.timeoutMs ?? 15_000;
  const base = `${config.storeUrl.replace(/\/+$/, '')}/wp-json/wc/v3`;
  const https = base.startsWith('https://');
  const now = config.now ?? (() => new Date());

  async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, query: Record<string, string> = {}, body?: unknown): Promise<Answer<T>> {
    const url = new URL(`${base}${path}`);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'EnviosMX/1.0 (+woocommerce)' };
    let params = { ...query };
    if (https) {
      headers.authorization = `Basic ${Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString('base64')}`;
    } else {
      params = {
        ...params,
        oauth_consumer_key: config.consumerKey,
        oauth_nonce: randomBytes(16).toString('hex'),
        oauth_signature_method: 'HMAC-SHA256',
        oauth_timestamp: String(Math.floor(now().getTime() / 1000)),
      };
      params.oauth_signature = oauthSignature({
        method,
        baseUrl: `${url.origin}${url.pathname}`,
        params,
        consumerSecret: config.consumerSecret,
        algorithm: 'HMAC-SHA256',
      });
    }
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: OutboundResponse;
    try {
      response = await config.http.request(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'error',
        httpsOnly: config.requireHttps ?? true,
        timeoutMs,
        maxBytes: config.maxBytes ?? 5 * 1024 * 1024,
      });
    } catch (error) {
      throw describeNetworkError(error);
    }
    const text = response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // WordPress without its REST API (or a page in front of it) answers HTML.
      throw new WooApiError(
        response.ok ? 'La tienda no respondió como WooCommerce (la API REST no está disponible).' : `La tienda respondió con un error (${response.status}).`,
        response.ok ? 'bad_response' : kindForStatus(response.status),
        response.status,
        '',
      );
    }
    if (!response.ok) {
      const err = (parsed ?? {}) as { code?: unknown; message?: unknown };
      const code = typeof err.code === 'string' ? err.code : '';
      const message = typeof err.message === 'string' ? err.message : `HTTP ${response.status}`;
      throw new WooApiError(message, kindForStatus(response.status), response.status, code);
    }
    return { body: parsed as T, headers: response.headers };
  }

  return {
    async listOrders(query) {
      const params: Record<string, string> = { page: String(query.page), per_page: String(query.perPage), orderby: 'date', order: 'desc' };
      if (query.status) params.status = query.status;
      if (query.after) params.after = query.after.toISOString().slice(0, 19);
      const answer = await call<WooOrder[]>('GET', '/orders', params);
      if (!Array.isArray(answer.body)) throw new WooApiError('La tienda respondió una lista de pedidos inválida.', 'bad_response', 200, '');
      const total = Number(answer.headers.get('x-wp-total') ?? answer.body.length);
      const totalPages = Number(answer.headers.get('x-wp-totalpages') ?? 1);
      return { orders: answer.body, total: Number.isFinite(total) ? total : answer.body.length, totalPages: Number.isFinite(totalPages) ? totalPages : 1 };
    },
    async getOrder(id) {
      return (await call<WooOrder>('GET', `/orders/${id}`)).body;
    },
    async listOrderNotes(orderId) {
      const { body } = await call<WooNote[]>('GET', `/orders/${orderId}/notes`);
      return Array.isArray(body) ? body : [];
    },
    async addOrderNote(orderId, note) {
      return (await call<WooNote>('POST', `/orders/${orderId}/notes`, {}, note)).body;
    },
    async updateOrder(orderId, patch) {
      return (await call<WooOrder>('PUT', `/orders/${orderId}`, {}, patch)).body;
    },
    async listWebhooks() {
      const { body } = await call<WooWebhook[]>('GET', '/webhooks', { per_page: '100' });
      return Array.isArray(body) ? body : [];
    },
    async createWebhook(input) {
      return (await call<WooWebhook>('POST', '/webhooks', {}, { ...input, status: 'active', api_version: 'wp_api_v3' })).body;
    },
    async deleteWebhook(id) {
      try {
        await call('DELETE', `/webhooks/${id}`, { force: 'true' });
      } catch (error) {
        if (error instanceof WooApiError && error.kind === 'not_found') return;
        throw error;
      }
    },
    async listProducts(ids) {
      if (ids.length === 0) return [];
      const { body } = await call<WooProduct[]>('GET', '/products', { include: ids.slice(0, 100).join(','), per_page: '100' });
      return Array.isArray(body) ? body : [];
    },
    async weightUnit() {
      const { body } = await call<{ value?: unknown }>('GET', '/settings/products/woocommerce_weight_unit');
      return typeof body?.value === 'string' ? body.value : 'kg';
    },
  };
}
