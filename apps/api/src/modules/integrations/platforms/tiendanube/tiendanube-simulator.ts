import { randomBytes } from 'node:crypto';
import { signTiendanubeBody, type TiendanubeAddress, type TiendanubeOrder } from './tiendanube-wire.js';

/*
 * A Tiendanube store in a plain JSON state: the consent (a code that works once), the token
 * exchange (`user_id` is the store id), the REST API we use under /v1/{store_id} with its
 * `Authentication: bearer` and required User-Agent, the 40-request leaky bucket draining 2 a
 * second (429 past it, with the x-rate-limit-* headers), pages with a Link header, webhooks and
 * their deliveries signed with the hex HMAC, and `POST /orders/{id}/fulfill`.
 */

export interface TiendanubeSimState {
  version: 1;
  storeId: number;
  app: { clientId: string; clientSecret: string };
  ids: { order: number; webhook: number };
  codes: Record<string, { used: boolean; expiresAt: number }>;
  tokens: string[];
  orders: TiendanubeOrder[];
  webhooks: { id: number; event: string; url: string }[];
  /** Requests in the bucket and when it was last drained (ms). */
  bucket: { level: number; at: number };
  /** Fulfilments notified to the buyer (order id → e-mails sent). */
  notified: Record<string, number>;
  /** The demo store inside this app: its notices go to this app's own address, even over http. */
  localHooks?: boolean;
  /** Tracking events on each order's fulfillment order (order id → events), for stores that have them. */
  trackingEvents?: Record<string, { status: string; description: string; happened_at: string }[]>;
}

export interface TnRequest {
  method: string;
  url: string;
  headers: Record<string, string | undefined>;
  body: string;
}

export interface TnResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface TnDelivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const BUCKET = 40;
const DRAIN_PER_S = 2;

export function emptyTiendanubeState(storeId: number, app: { clientId: string; clientSecret: string }): TiendanubeSimState {
  return {
    version: 1,
    storeId,
    app,
    ids: { order: 800_000_000, webhook: 100 },
    codes: {},
    tokens: [],
    orders: [],
    webhooks: [],
    bucket: { level: 0, at: 0 },
    notified: {},
  };
}

/** The merchant approves the app: our redirect URL with a one-use code and the state. */
export function approveTiendanube(state: TiendanubeSimState, redirectUrl: string, stateParam: string, now: Date): string {
  const code = randomBytes(12).toString('hex');
  state.codes[code] = { used: false, expiresAt: now.getTime() + 5 * 60_000 };
  const url = new URL(redirectUrl);
  url.searchParams.set('code', code);
  url.searchParams.set('state', stateParam);
  return url.toString();
}

function error(status: number, message: string, description = ''): TnResponse {
  return { status, headers: {}, body: { code: status, message, description } };
}

export function deliveriesFor(state: TiendanubeSimState, event: string, id: number): TnDelivery[] {
  const body = JSON.stringify({ store_id: state.storeId, event, id });
  return state.webhooks
    .filter((w) => w.event === event)
    .map((w) => ({
      url: w.url,
      body,
      headers: { 'content-type': 'application/json', 'x-linkedstore-hmac-sha256': signTiendanubeBody(state.app.clientSecret, body) },
    }));
}

export interface NewTiendanubeOrder {
  shipping_address: TiendanubeAddress;
  email: string;
  products: { name: string; quantity: number; sku: string; weight: string }[];
  total: string;
}

export function placeOrder(state: TiendanubeSimState, input: NewTiendanubeOrder, now: Date): { order: TiendanubeOrder; deliveries: TnDelivery[] } {
  state.ids.order += 1;
  const at = now.toISOString();
  const order: TiendanubeOrder = {
    id: state.ids.order,
    number: 100 + state.orders.length + 1,
    created_at: at,
    updated_at: at,
    status: 'open',
    payment_status: 'paid',
    shipping_status: 'unfulfilled',
    shipping_tracking_number: null,
    shipping_tracking_url: null,
    currency: 'MXN',
    total: input.total,
    note: '',
    contact_email: input.email,
    customer: { name: input.shipping_address.name, email: input.email, phone: input.shipping_address.phone },
    shipping_address: input.shipping_address,
    shipping_option: 'Envío a domicilio',
    products: input.products.map((p, i) => ({ ...p, product_id: 9000 + i, variant_id: 19000 + i, width: '', height: '', depth: '' })),
  };
  state.orders.push(order);
  return { order, deliveries: deliveriesFor(state, 'order/paid', order.id) };
}

export function cancelOrder(state: TiendanubeSimState, id: number, now: Date): TnDelivery[] {
  const order = state.orders.find((o) => o.id === id);
  if (!order) return [];
  order.status = 'cancelled';
  order.updated_at = now.toISOString();
  return deliveriesFor(state, 'order/cancelled', id);
}

export function uninstall(state: TiendanubeSimState): TnDelivery[] {
  const out = deliveriesFor(state, 'app/uninstalled', state.storeId);
  state.tokens = [];
  state.webhooks = [];
  return out;
}

function readBody(body: string, contentType: string | undefined): Record<string, unknown> | undefined {
  if (!body.trim()) return {};
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Answers one request: the token exchange on www.tiendanube.com or the API on api.tiendanube.com. */
export function handleTiendanube(state: TiendanubeSimState, req: TnRequest, now: Date): { response: TnResponse; deliveries: TnDelivery[] } {
  const url = new URL(req.url);
  const none: TnDelivery[] = [];
  const body = readBody(req.body, req.headers['content-type']);
  if (req.method === 'POST' && url.pathname === '/apps/authorize/token') {
    if (!body || body.client_id !== state.app.clientId || body.client_secret !== state.app.clientSecret || body.grant_type !== 'authorization_code') {
      return { response: error(400, 'Bad Request', 'invalid client or grant'), deliveries: none };
    }
    const code = typeof body.code === 'string' ? state.codes[body.code] : undefined;
    if (!code || code.used || code.expiresAt < now.getTime())
      return { response: error(400, 'Bad Request', 'The authorization code has expired or was already used'), deliveries: none };
    code.used = true;
    const token = randomBytes(20).toString('hex');
    state.tokens.push(token);
    return {
      response: { status: 200, headers: {}, body: { access_token: token, token_type: 'bearer', scope: 'read_orders,write_orders', user_id: state.storeId } },
      deliveries: none,
    };
  }
  const prefix = `/v1/${state.storeId}`;
  if (!url.pathname.startsWith(`${prefix}/`)) return { response: error(404, 'Not Found'), deliveries: none };
  if (!req.headers['user-agent']) return { response: error(400, 'Bad Request', 'A User-Agent header is required'), deliveries: none };
  const auth = req.headers.authentication ?? req.headers.authorization ?? '';
  const token = /^bearer\s+(\S+)$/i.exec(auth)?.[1];
  if (!token || !state.tokens.includes(token)) return { response: error(401, 'Unauthorized', 'Invalid access token'), deliveries: none };

  // The leaky bucket: 40 requests, draining 2 a second.
  const drained = ((now.getTime() - state.bucket.at) / 1000) * DRAIN_PER_S;
  state.bucket = { level: Math.max(0, state.bucket.level - drained), at: now.getTime() };
  const rate = () => ({
    'x-rate-limit-limit': String(BUCKET),
    'x-rate-limit-remaining': String(Math.max(0, Math.floor(BUCKET - state.bucket.level))),
    'x-rate-limit-reset': String(Math.ceil((state.bucket.level / DRAIN_PER_S) * 1000)),
  });
  if (state.bucket.level + 1 > BUCKET) return { response: { ...error(429, 'Too Many Requests'), headers: rate() }, deliveries: none };
  state.bucket.level += 1;

  const route = url.pathname.slice(prefix.length);
  const ok = (status: number, value: unknown, extra: Record<string, string> = {}) => ({
    response: { status, headers: { ...rate(), ...extra }, body: value },
    deliveries: none,
  });
  if (req.method === 'GET' && route === '/orders') {
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const perPage = Math.min(200, Math.max(1, Number(url.searchParams.get('per_page') ?? 30)));
    const since = url.searchParams.get('updated_at_min');
    const all = state.orders.filter((o) => !since || o.updated_at >= new Date(since).toISOString()).sort((a, b) => a.id - b.id);
    const slice = all.slice((page - 1) * perPage, page * perPage);
    const next = page * perPage < all.length ? new URL(url) : undefined;
    next?.searchParams.set('page', String(page + 1));
    return ok(200, slice, next ? { link: `<${next.toString()}>; rel="next"` } : {});
  }
  const one = /^\/orders\/(\d+)$/.exec(route);
  if (req.method === 'GET' && one) {
    const order = state.orders.find((o) => o.id === Number(one[1]));
    return order ? ok(200, order) : { response: error(404, 'Not Found', 'Order not found'), deliveries: none };
  }
  const fulfill = /^\/orders\/(\d+)\/fulfill$/.exec(route);
  if (req.method === 'POST' && fulfill) {
    const order = state.orders.find((o) => o.id === Number(fulfill[1]));
    if (!order) return { response: error(404, 'Not Found', 'Order not found'), deliveries: none };
    if (!body || typeof body.shipping_tracking_number !== 'string')
      return { response: error(422, 'Unprocessable Entity', 'shipping_tracking_number is required'), deliveries: none };
    order.shipping_status = 'fulfilled';
    order.shipping_tracking_number = body.shipping_tracking_number;
    order.shipping_tracking_url = typeof body.shipping_tracking_url === 'string' ? body.shipping_tracking_url : null;
    order.updated_at = now.toISOString();
    if (body.notify_customer === true) state.notified[String(order.id)] = (state.notified[String(order.id)] ?? 0) + 1;
    return ok(200, order);
  }
  const fos = /^\/orders\/(\d+)\/fulfillment-orders$/.exec(route);
  if (req.method === 'GET' && fos) {
    const order = state.orders.find((o) => o.id === Number(fos[1]));
    if (!order) return { response: error(404, 'Not Found', 'Order not found'), deliveries: none };
    const events = state.trackingEvents?.[String(order.id)] ?? [];
    const shipped = order.shipping_status === 'fulfilled';
    return ok(200, [
      {
        id: `fo-${order.id}`,
        status: shipped ? 'DISPATCHED' : 'UNPACKED',
        tracking_info: shipped ? { code: order.shipping_tracking_number, url: order.shipping_tracking_url } : null,
        tracking_events: events,
      },
    ]);
  }
  const trackingEvent = /^\/orders\/(\d+)\/fulfillment-orders\/fo-(\d+)\/tracking-events$/.exec(route);
  if (req.method === 'POST' && trackingEvent) {
    const order = state.orders.find((o) => o.id === Number(trackingEvent[1]));
    if (!order || trackingEvent[1] !== trackingEvent[2]) return { response: error(404, 'Not Found', 'Fulfillment order not found'), deliveries: none };
    if (!body || typeof body.status !== 'string' || typeof body.description !== 'string')
      return { response: error(422, 'Unprocessable Entity', 'status and description are required'), deliveries: none };
    const event = {
      status: body.status,
      description: body.description,
      happened_at: typeof body.happened_at === 'string' ? body.happened_at : now.toISOString(),
    };
    state.trackingEvents = { ...state.trackingEvents, [String(order.id)]: [...(state.trackingEvents?.[String(order.id)] ?? []), event] };
    return ok(201, event);
  }
  if (req.method === 'GET' && route === '/webhooks')
    return ok(
      200,
      state.webhooks.map((w) => ({ id: w.id, event: w.event, url: w.url })),
    );
  if (req.method === 'POST' && route === '/webhooks') {
    const event = typeof body?.event === 'string' ? body.event : '';
    const hookUrl = typeof body?.url === 'string' ? body.url : '';
    const publicHttps = hookUrl.startsWith('https://') && !/localhost|127\.0\.0\.1/.test(hookUrl);
    if (!event || !(publicHttps || (state.localHooks && /^https?:\/\//.test(hookUrl))))
      return { response: error(422, 'Unprocessable Entity', 'url must be https and public'), deliveries: none };
    state.ids.webhook += 1;
    state.webhooks.push({ id: state.ids.webhook, event, url: hookUrl });
    return ok(201, { id: state.ids.webhook, event, url: hookUrl });
  }
  const hook = /^\/webhooks\/(\d+)$/.exec(route);
  if (req.method === 'DELETE' && hook) {
    state.webhooks = state.webhooks.filter((w) => w.id !== Number(hook[1]));
    return ok(200, {});
  }
  return { response: error(404, 'Not Found'), deliveries: none };
}
