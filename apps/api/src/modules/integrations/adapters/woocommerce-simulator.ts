import { randomBytes } from 'node:crypto';
import {
  oauthSignature,
  signWebhookBody,
  wooDate,
  wpJsonEncode,
  type OAuthAlgorithm,
  type WooAddress,
  type WooMeta,
  type WooNote,
  type WooOrder,
  type WooProduct,
  type WooRestError,
  type WooWebhook,
} from './woocommerce-wire.js';

/*
 * A WooCommerce store in a plain JSON state: the key handshake's checks and key creation, the
 * REST API v3 routes we use (orders, notes, webhooks, products, the weight-unit setting) with
 * WooCommerce's authentication (Basic or query keys over https, one-legged OAuth 1.0a over plain
 * http) and error bodies, and order webhooks signed and shaped as WooCommerce sends them.
 *
 * The state is JSON on purpose: the test fake keeps it in memory, the demo store keeps it in a
 * database row. Functions never send anything: they return the deliveries for the caller to send.
 */

export interface SimKey {
  key_id: number;
  consumer_key: string;
  consumer_secret: string;
  permissions: 'read' | 'write' | 'read_write';
  description: string;
}

export interface SimWebhook extends WooWebhook {
  secret: string;
  api_version: string;
  failure_count: number;
  pending_delivery: boolean;
}

export interface SimState {
  version: 1;
  ids: { key: number; order: number; note: number; webhook: number; item: number; meta: number };
  keys: SimKey[];
  orders: WooOrder[];
  /** Order id → its notes, oldest first. */
  notes: Record<string, WooNote[]>;
  webhooks: SimWebhook[];
  products: WooProduct[];
  weightUnit: 'kg' | 'g' | 'lbs' | 'oz';
  /** OAuth nonces seen in the last 15 minutes (nonce → Unix seconds). */
  nonces: Record<string, number>;
}

export interface SimContext {
  now: Date;
  /** The store's home URL, no trailing slash (e.g. https://tienda.example.mx). */
  homeUrl: string;
  /** Whether requests reach the store over https (Basic auth allowed) or plain http (OAuth 1.0a). */
  ssl: boolean;
  /** The site's time zone, for the `date_*` fields without `_gmt` (Mexico City: −360). */
  tzOffsetMinutes?: number;
}

export interface SimRequest {
  method: string;
  /** The full URL as the store received it. */
  url: string;
  headers: Record<string, string | undefined>;
  body: string;
}

/** What the store sends by itself: the creation ping of a webhook, or an order delivery. */
export interface SimDelivery {
  kind: 'ping' | 'delivery';
  webhookId: number;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface SimResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  deliveries: SimDelivery[];
}

export const WC_VERSION = '9.4.2';
export const WP_VERSION = '6.7.1';
export const ORDER_STATUSES = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed', 'checkout-draft', 'trash'] as const;
const NONCE_WINDOW_S = 15 * 60;

export function emptyStoreState(products: WooProduct[] = []): SimState {
  return {
    version: 1,
    ids: { key: 0, order: 1000, note: 0, webhook: 0, item: 0, meta: 0 },
    keys: [],
    orders: [],
    notes: {},
    webhooks: [],
    products,
    weightUnit: 'kg',
    nonces: {},
  };
}

function restError(status: number, code: string, message: string, params?: Record<string, string>, headers: Record<string, string> = {}): SimResponse {
  const body: WooRestError = { code, message, data: { status, ...(params ? { params } : {}) } };
  return { status, headers, body, deliveries: [] };
}

function ok(body: unknown, status = 200, headers: Record<string, string> = {}): SimResponse {
  return { status, headers, body, deliveries: [] };
}

// ---------------------------------------------------------------- the key handshake (/wc-auth/v1)

export const AUTH_PARAMS = ['app_name', 'scope', 'user_id', 'return_url', 'callback_url'] as const;
export type AuthParams = Record<(typeof AUTH_PARAMS)[number], string>;

/** `return_url` and `callback_url` get https:// when they lack a scheme, as WooCommerce does. */
function formattedUrl(value: string): string {
  const decoded = decodeURIComponent(value);
  return decoded.includes('://') ? decoded : `https://${decoded}`;
}

function isValidUrl(value: string): boolean {
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
  return JSON.stringify({ key_id: key.key_id, user_id: userId, consumer_key: key.consumer_key, consumer_secret: key.consumer_secret, key_permissions: key.permissions });
}

// ---------------------------------------------------------------- authentication

type AuthOutcome = { kind: 'key'; key: SimKey } | { kind: 'none' } | { kind: 'error'; response: SimResponse };

function authErrorResponse(message: string, basic: boolean): SimResponse {
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

function authenticate(state: SimState, req: SimRequest, url: URL, ctx: SimContext): AuthOutcome {
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
      response: restError(401, 'woocommerce_rest_authentication_missing_parameter', `Missing OAuth parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`),
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

function unauthenticated(method: string, listing: boolean): SimResponse {
  if (method === 'GET') return restError(401, 'woocommerce_rest_cannot_view', listing ? 'Sorry, you cannot list resources.' : 'Sorry, you cannot view this resource.');
  if (method === 'DELETE') return restError(401, 'woocommerce_rest_cannot_delete', 'Sorry, you are not allowed to delete this resource.');
  if (method === 'POST' && listing) return restError(401, 'woocommerce_rest_cannot_create', 'Sorry, you are not allowed to create resources.');
  return restError(401, 'woocommerce_rest_cannot_edit', 'Sorry, you are not allowed to edit this resource.');
}

// ---------------------------------------------------------------- orders and deliveries

function localDate(ctx: SimContext, at: Date = ctx.now): string {
  return wooDate(at, ctx.tzOffsetMinutes ?? -360);
}

function touch(order: WooOrder, ctx: SimContext): void {
  order.date_modified = localDate(ctx);
  order.date_modified_gmt = wooDate(ctx.now);
}

function deliveriesFor(state: SimState, topic: string, order: WooOrder, ctx: SimContext): SimDelivery[] {
  const body = wpJsonEncode(order);
  return state.webhooks
    .filter((w) => w.status === 'active' && w.topic === topic)
    .map((w) => ({
      kind: 'delivery' as const,
      webhookId: w.id,
      url: w.delivery_url,
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': `WooCommerce/${WC_VERSION} Hookshot (WordPress/${WP_VERSION})`,
        'x-wc-webhook-source': `${ctx.homeUrl}/`,
        'x-wc-webhook-topic': topic,
        'x-wc-webhook-resource': 'order',
        'x-wc-webhook-event': topic.split('.')[1]!,
        'x-wc-webhook-signature': signWebhookBody(w.secret, body),
        'x-wc-webhook-id': String(w.id),
        'x-wc-webhook-delivery-id': randomBytes(16).toString('hex'),
      },
    }));
}

/** What a checkout needs: the customer, the address, the products bought and the shipping. */
export interface NewOrderInput {
  status?: string;
  billing: WooAddress;
  shipping: WooAddress;
  items: { product_id: number; quantity: number }[];
  shipping_total?: string;
  shipping_method?: string;
  customer_note?: string;
  payment_method_title?: string;
  /** Backdates the order (tests of the periodic sync). */
  createdAt?: Date;
}

const money = (centavos: number) => (centavos / 100).toFixed(2);

/**
 * A checkout: the order is created (status processing unless told otherwise) and the active
 * `order.created` webhooks get their delivery. Drafts send nothing, as in WooCommerce.
 */
export function placeOrder(state: SimState, input: NewOrderInput, ctx: SimContext): { order: WooOrder; deliveries: SimDelivery[] } {
  state.ids.order += 1;
  const id = state.ids.order;
  const created = input.createdAt ?? ctx.now;
  const lineItems = input.items.map((i) => {
    const product = state.products.find((p) => p.id === i.product_id);
    const unit = 19_900 + (i.product_id % 7) * 5_000;
    state.ids.item += 1;
    return {
      id: state.ids.item,
      name: product?.name ?? `Producto ${i.product_id}`,
      product_id: i.product_id,
      variation_id: 0,
      quantity: i.quantity,
      sku: product?.sku ?? '',
      price: unit / 100,
      subtotal: money(unit * i.quantity),
      total: money(unit * i.quantity),
      meta_data: [],
    };
  });
  const shippingCentavos = Math.round(Number(input.shipping_total ?? '99.00') * 100);
  const itemsCentavos = lineItems.reduce((sum, l) => sum + Math.round(Number(l.total) * 100), 0);
  const order: WooOrder = {
    id,
    number: String(id),
    order_key: `wc_order_${randomBytes(7).toString('base64url')}`,
    status: input.status ?? 'processing',
    currency: 'MXN',
    date_created: localDate(ctx, created),
    date_created_gmt: wooDate(created),
    date_modified: localDate(ctx, created),
    date_modified_gmt: wooDate(created),
    date_paid_gmt: input.status === 'pending' ? null : wooDate(created),
    total: money(itemsCentavos + shippingCentavos),
    shipping_total: money(shippingCentavos),
    total_tax: '0.00',
    discount_total: '0.00',
    customer_id: 0,
    customer_note: input.customer_note ?? '',
    payment_method: 'bacs',
    payment_method_title: input.payment_method_title ?? 'Transferencia bancaria',
    transaction_id: '',
    billing: input.billing,
    shipping: input.shipping,
    line_items: lineItems,
    shipping_lines: [{ id: (state.ids.item += 1), method_title: input.shipping_method ?? 'Envío estándar', method_id: 'flat_rate', instance_id: '1', total: money(shippingCentavos), total_tax: '0.00' }],
    meta_data: [],
  };
  state.orders.push(order);
  const draft = order.status === 'checkout-draft';
  return { order, deliveries: draft ? [] : deliveriesFor(state, 'order.created', order, ctx) };
}

/** A change made in the store's admin (status, address…): `order.updated` goes out. */
export function changeOrder(state: SimState, id: number, patch: Partial<Pick<WooOrder, 'status' | 'shipping' | 'billing' | 'customer_note'>>, ctx: SimContext): SimDelivery[] {
  const order = state.orders.find((o) => o.id === id);
  if (!order) return [];
  Object.assign(order, patch);
  touch(order, ctx);
  return deliveriesFor(state, 'order.updated', order, ctx);
}

/** The same delivery again (what a store does when it retries). */
export function redeliver(state: SimState, id: number, topic: 'order.created' | 'order.updated', ctx: SimContext): SimDelivery[] {
  const order = state.orders.find((o) => o.id === id);
  return order ? deliveriesFor(state, topic, order, ctx) : [];
}

/** A delivery's outcome: 2xx, 301, 302 reset the failure count; more than 5 failures in a row disable the webhook. */
export function recordDeliveryResult(state: SimState, webhookId: number, status: number, kind: SimDelivery['kind']): void {
  const webhook = state.webhooks.find((w) => w.id === webhookId);
  if (!webhook) return;
  const delivered = kind === 'ping' ? status === 200 : (status >= 200 && status < 300) || status === 301 || status === 302;
  if (kind === 'ping') {
    webhook.pending_delivery = !delivered;
    return;
  }
  if (delivered) {
    webhook.failure_count = 0;
    webhook.pending_delivery = false;
    return;
  }
  webhook.failure_count += 1;
  if (webhook.failure_count > 5) webhook.status = 'disabled';
}

function publicWebhook(w: SimWebhook): WooWebhook {
  const { secret: _secret, api_version: _v, failure_count: _f, pending_delivery: _p, ...rest } = w;
  return rest;
}

// ---------------------------------------------------------------- the REST API

function readJson(body: string): Record<string, unknown> | undefined {
  if (!body.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function invalidParam(name: string, detail: string): SimResponse {
  return restError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}`, { [name]: detail });
}

function intParam(url: URL, name: string, fallback: number, min: number, max: number): number | SimResponse {
  const raw = url.searchParams.get(name);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) return invalidParam(name, `${name} must be between ${min} (inclusive) and ${max} (inclusive)`);
  return n;
}

function mergeMeta(state: SimState, meta: WooMeta[], patch: unknown): void {
  if (!Array.isArray(patch)) return;
  for (const entry of patch) {
    if (!entry || typeof entry !== 'object') continue;
    const { key, value } = entry as { key?: unknown; value?: unknown };
    if (typeof key !== 'string') continue;
    const found = meta.find((m) => m.key === key);
    if (found) found.value = value;
    else meta.push({ id: (state.ids.meta += 1), key, value });
  }
}

/**
 * Answers one REST request under `{home}/wp-json/wc/v3`. Requests elsewhere answer
 * `rest_no_route`; the caller serves other paths (the consent pages) itself.
 */
export function handleRest(state: SimState, req: SimRequest, ctx: SimContext): SimResponse {
  const url = new URL(req.url);
  const home = new URL(ctx.homeUrl);
  const prefix = `${home.pathname.replace(/\/+$/, '')}/wp-json/wc/v3`;
  const method = req.method.toUpperCase();
  const noRoute = restError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  if (!url.pathname.startsWith(`${prefix}/`)) return noRoute;
  const route = url.pathname.slice(prefix.length).replace(/\/+$/, '');
  const listing = /^\/(orders|webhooks|products)$/.test(route) || /^\/orders\/\d+\/notes$/.test(route);

  const auth = authenticate(state, req, url, ctx);
  if (auth.kind === 'error') return auth.response;
  const known =
    /^\/orders(\/\d+(\/notes)?)?$/.test(route) || /^\/webhooks(\/\d+)?$/.test(route) || route === '/products' || route === '/settings/products/woocommerce_weight_unit';
  if (!known) return noRoute;
  if (auth.kind === 'none') return unauthenticated(method, listing);
  const reading = method === 'GET' || method === 'HEAD';
  const perms = auth.key.permissions;
  if (reading && perms === 'write') return authErrorResponse('The API key provided does not have read permissions.', false);
  if (!reading && perms === 'read') return authErrorResponse('The API key provided does not have write permissions.', false);

  let match: RegExpExecArray | null;
  if (route === '/orders' && method === 'GET') {
    const perPage = intParam(url, 'per_page', 10, 1, 100);
    if (typeof perPage !== 'number') return perPage;
    const page = intParam(url, 'page', 1, 1, Number.MAX_SAFE_INTEGER);
    if (typeof page !== 'number') return page;
    const statuses = (url.searchParams.get('status') ?? 'any').split(',').map((s) => s.trim());
    for (const s of statuses) if (s !== 'any' && !(ORDER_STATUSES as readonly string[]).includes(s)) return invalidParam('status', `status[0] is not one of any, ${ORDER_STATUSES.join(', ')}.`);
    const after = url.searchParams.get('after');
    // WooCommerce compares `after` with the order's local date unless dates_are_gmt is set.
    let since: { field: 'date_created' | 'date_created_gmt'; value: string } | undefined;
    if (after !== null) {
      const parsed = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(after) ? after : `${after}Z`);
      if (Number.isNaN(parsed.getTime())) return invalidParam('after', 'Invalid date.');
      since = url.searchParams.get('dates_are_gmt') === 'true' ? { field: 'date_created_gmt', value: wooDate(parsed) } : { field: 'date_created', value: after.slice(0, 19) };
    }
    const found = state.orders
      .filter((o) => (statuses.includes('any') ? o.status !== 'trash' && o.status !== 'checkout-draft' : statuses.includes(o.status)))
      .filter((o) => !since || o[since.field] > since.value)
      .sort((a, b) => (a.date_created < b.date_created ? 1 : a.date_created > b.date_created ? -1 : b.id - a.id));
    const totalPages = Math.ceil(found.length / perPage);
    return ok(found.slice((page - 1) * perPage, page * perPage), 200, { 'x-wp-total': String(found.length), 'x-wp-totalpages': String(totalPages) });
  }

  if ((match = /^\/orders\/(\d+)(\/notes)?$/.exec(route))) {
    const order = state.orders.find((o) => o.id === Number(match![1]));
    if (!order || order.status === 'trash') return restError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
    if (match[2]) {
      const notes = (state.notes[String(order.id)] ??= []);
      if (method === 'GET') return ok([...notes].reverse());
      if (method !== 'POST') return noRoute;
      const body = readJson(req.body);
      if (!body) return restError(400, 'rest_invalid_json', 'Invalid JSON body passed.');
      if (typeof body.note !== 'string' || body.note === '') return restError(400, 'rest_missing_callback_param', 'Missing parameter(s): note', { note: 'note' });
      state.ids.note += 1;
      const note: WooNote = {
        id: state.ids.note,
        author: 'WooCommerce',
        date_created: localDate(ctx),
        date_created_gmt: wooDate(ctx.now),
        note: body.note,
        customer_note: body.customer_note === true || body.customer_note === 'true',
        added_by_user: false,
      };
      notes.push(note);
      return ok(note, 201);
    }
    if (method === 'GET') return ok(order);
    if (method !== 'PUT' && method !== 'POST' && method !== 'PATCH') return noRoute;
    const body = readJson(req.body);
    if (!body) return restError(400, 'rest_invalid_json', 'Invalid JSON body passed.');
    if (body.status !== undefined && (typeof body.status !== 'string' || !(ORDER_STATUSES as readonly string[]).includes(body.status))) {
      return invalidParam('status', `status is not one of ${ORDER_STATUSES.join(', ')}.`);
    }
    if (typeof body.status === 'string') order.status = body.status;
    mergeMeta(state, order.meta_data, body.meta_data);
    touch(order, ctx);
    return { ...ok(order), deliveries: deliveriesFor(state, 'order.updated', order, ctx) };
  }

  if (route === '/webhooks') {
    if (method === 'GET') return ok(state.webhooks.map(publicWebhook), 200, { 'x-wp-total': String(state.webhooks.length), 'x-wp-totalpages': '1' });
    if (method !== 'POST') return noRoute;
    const body = readJson(req.body);
    if (!body) return restError(400, 'rest_invalid_json', 'Invalid JSON body passed.');
    const topic = typeof body.topic === 'string' ? body.topic : '';
    if (!/^(order|product|customer|coupon)\.(created|updated|deleted|restored)$/.test(topic)) {
      return restError(400, 'woocommerce_rest_webhook_invalid_topic', 'Webhook topic is required and must be valid.');
    }
    const deliveryUrl = typeof body.delivery_url === 'string' ? body.delivery_url : '';
    if (!isValidUrl(deliveryUrl)) return restError(400, 'woocommerce_rest_webhook_invalid_delivery_url', 'Webhook delivery URL must be a valid URL starting with http:// or https://.');
    const status = (typeof body.status === 'string' ? body.status : 'active') as SimWebhook['status'];
    if (!['active', 'paused', 'disabled'].includes(status)) return invalidParam('status', 'status is not one of active, paused, and disabled.');
    state.ids.webhook += 1;
    const [resource, event] = topic.split('.') as [string, string];
    const webhook: SimWebhook = {
      id: state.ids.webhook,
      name: typeof body.name === 'string' && body.name ? body.name : `Webhook created on ${localDate(ctx)}`,
      status,
      topic,
      resource,
      event,
      hooks: [`woocommerce_${event === 'created' ? 'new' : 'update'}_${resource}`],
      delivery_url: deliveryUrl,
      date_created: localDate(ctx),
      date_created_gmt: wooDate(ctx.now),
      date_modified: null,
      date_modified_gmt: null,
      secret: typeof body.secret === 'string' && body.secret ? body.secret : randomBytes(24).toString('base64'),
      api_version: typeof body.api_version === 'string' ? body.api_version : 'wp_api_v3',
      failure_count: 0,
      pending_delivery: true,
    };
    state.webhooks.push(webhook);
    const ping: SimDelivery[] =
      status === 'active'
        ? [{ kind: 'ping', webhookId: webhook.id, url: deliveryUrl, headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': `WooCommerce/${WC_VERSION} Hookshot (WordPress/${WP_VERSION})` }, body: `webhook_id=${webhook.id}` }]
        : [];
    return { ...ok(publicWebhook(webhook), 201), deliveries: ping };
  }

  if ((match = /^\/webhooks\/(\d+)$/.exec(route))) {
    const webhook = state.webhooks.find((w) => w.id === Number(match![1]));
    if (!webhook) return restError(404, 'woocommerce_rest_webhook_invalid_id', 'Invalid ID.');
    if (method === 'GET') return ok(publicWebhook(webhook));
    if (method !== 'DELETE') return noRoute;
    const force = url.searchParams.get('force');
    if (force !== 'true' && force !== '1') return restError(501, 'woocommerce_rest_trash_not_supported', 'Webhooks do not support trashing.');
    state.webhooks = state.webhooks.filter((w) => w.id !== webhook.id);
    return ok(publicWebhook(webhook));
  }

  if (route === '/products' && method === 'GET') {
    const include = (url.searchParams.get('include') ?? '').split(',').filter(Boolean).map(Number);
    const perPage = intParam(url, 'per_page', 10, 1, 100);
    if (typeof perPage !== 'number') return perPage;
    const found = state.products.filter((p) => include.length === 0 || include.includes(p.id)).slice(0, perPage);
    return ok(found, 200, { 'x-wp-total': String(found.length), 'x-wp-totalpages': '1' });
  }

  if (route === '/settings/products/woocommerce_weight_unit' && method === 'GET') {
    return ok({ id: 'woocommerce_weight_unit', label: 'Weight unit', description: 'This controls what unit you will define weights in.', type: 'select', default: 'kg', value: state.weightUnit });
  }
  return noRoute;
}
