import { randomBytes } from 'node:crypto';
import { wooDate, type WooMeta, type WooNote } from './woocommerce-wire.js';
import { authenticate, authErrorResponse, isValidUrl, unauthenticated } from './woocommerce-sim-keys.js';
import { deliveriesFor, localDate, publicWebhook, touch } from './woocommerce-sim-orders.js';
import {
  ORDER_STATUSES,
  ok,
  restError,
  WC_VERSION,
  WP_VERSION,
  type SimContext,
  type SimDelivery,
  type SimRequest,
  type SimResponse,
  type SimState,
  type SimWebhook,
} from './woocommerce-sim-store.js';

/*
 * A WooCommerce store in a plain JSON state: the key handshake's checks and key creation, the
 * REST API v3 routes we use (orders, notes, webhooks, products, the weight-unit setting) with
 * WooCommerce's authentication (Basic or query keys over https, one-legged OAuth 1.0a over plain
 * http) and error bodies, and order webhooks signed and shaped as WooCommerce sends them.
 *
 * The state is JSON on purpose: the test fake keeps it in memory, the demo store keeps it in a
 * database row. Functions never send anything: they return the deliveries for the caller to send.
 *
 * Its parts: the state and its answers (woocommerce-sim-store.ts), the keys and their handshake
 * (woocommerce-sim-keys.ts), orders and deliveries (woocommerce-sim-orders.ts), and here the REST API.
 */

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
    /^\/orders(\/\d+(\/notes)?)?$/.test(route) ||
    /^\/webhooks(\/\d+)?$/.test(route) ||
    route === '/products' ||
    route === '/settings/products/woocommerce_weight_unit';
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
    for (const s of statuses)
      if (s !== 'any' && !(ORDER_STATUSES as readonly string[]).includes(s))
        return invalidParam('status', `status[0] is not one of any, ${ORDER_STATUSES.join(', ')}.`);
    const after = url.searchParams.get('after');
    // WooCommerce compares `after` with the order's local date unless dates_are_gmt is set.
    let since: { field: 'date_created' | 'date_created_gmt'; value: string } | undefined;
    if (after !== null) {
      const parsed = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(after) ? after : `${after}Z`);
      if (Number.isNaN(parsed.getTime())) return invalidParam('after', 'Invalid date.');
      since =
        url.searchParams.get('dates_are_gmt') === 'true'
          ? { field: 'date_created_gmt', value: wooDate(parsed) }
          : { field: 'date_created', value: after.slice(0, 19) };
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
      if (typeof body.note !== 'string' || body.note === '')
        return restError(400, 'rest_missing_callback_param', 'Missing parameter(s): note', { note: 'note' });
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
    if (!isValidUrl(deliveryUrl))
      return restError(400, 'woocommerce_rest_webhook_invalid_delivery_url', 'Webhook delivery URL must be a valid URL starting with http:// or https://.');
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
        ? [
            {
              kind: 'ping',
              webhookId: webhook.id,
              url: deliveryUrl,
              headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': `WooCommerce/${WC_VERSION} Hookshot (WordPress/${WP_VERSION})` },
              body: `webhook_id=${webhook.id}`,
            },
          ]
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
    return ok({
      id: 'woocommerce_weight_unit',
      label: 'Weight unit',
      description: 'This controls what unit you will define weights in.',
      type: 'select',
      default: 'kg',
      value: state.weightUnit,
    });
  }
  return noRoute;
}
