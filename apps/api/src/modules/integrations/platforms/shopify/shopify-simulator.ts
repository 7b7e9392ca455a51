import { randomBytes } from 'node:crypto';
import {
  OPERATIONS,
  SHOPIFY_API_VERSION,
  SHOPIFY_TOPICS,
  gidNumber,
  orderGid,
  signCallback,
  signShopifyBody,
  type GraphQlAnswer,
  type OperationName,
  type ShopifyGqlAddress,
  type ShopifyGqlOrder,
  type ShopifyRestAddress,
  type ShopifyRestOrder,
  type ShopifyTopicEnum,
} from './shopify-wire.js';

/*
 * A Shopify shop in a plain JSON state: the OAuth consent (approve/deny, a code that works once
 * and expires), the token exchange, the Admin GraphQL operations we use (answered by operation
 * name) with the calculated-cost bucket and its THROTTLED answer, orders with fulfillment orders,
 * fulfillments and their events, webhook subscriptions, and deliveries signed as Shopify signs
 * them. The test fake keeps the state in memory; the demo store keeps it in a database row.
 * Functions never send anything: they return the deliveries for the caller to send.
 */

export interface SimAddress {
  first_name: string;
  last_name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  province_code: string;
  zip: string;
  country_code: string;
  phone: string;
}

export interface SimLine {
  name: string;
  quantity: number;
  sku: string;
  grams: number;
  variant_id: number;
}

export interface SimOrder {
  id: number;
  number: number;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
  financial_status: 'pending' | 'paid' | 'refunded' | 'voided';
  email: string;
  phone: string;
  total_price: string;
  note: string;
  shipping: SimAddress;
  lines: SimLine[];
  fulfillment_orders: { id: number; status: 'OPEN' | 'IN_PROGRESS' | 'CLOSED' | 'CANCELLED' }[];
}

export interface SimFulfillment {
  id: number;
  order_id: number;
  status: 'SUCCESS' | 'CANCELLED';
  tracking: { company: string; number: string; url: string };
  notify_customer: boolean;
  events: { status: string; happened_at: string }[];
}

export interface ShopifySimState {
  version: 1;
  shop: string;
  app: { clientId: string; clientSecret: string };
  ids: { order: number; webhook: number; fulfillment: number; fo: number; event: number; variant: number };
  codes: Record<string, { expiresAt: number; used: boolean }>;
  /** Valid offline tokens (an uninstall clears them). */
  tokens: string[];
  /** The custom app the merchant created in their admin: its token works without OAuth. */
  customAppToken: string | null;
  orders: SimOrder[];
  fulfillments: SimFulfillment[];
  webhooks: { id: number; topic: ShopifyTopicEnum; callbackUrl: string }[];
  bucket: { available: number; at: number };
  /** Tests: the next n GraphQL calls answer THROTTLED whatever the bucket says. */
  throttleNext: number;
}

export interface SimDelivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface SimHttpRequest {
  method: string;
  url: string;
  headers: Record<string, string | undefined>;
  body: string;
}

export interface SimHttpResponse {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

const BUCKET_MAX = 1000;
const RESTORE_PER_S = 50;
const CODE_TTL_MS = 10 * 60_000;

export function emptyShopState(shop: string, app: { clientId: string; clientSecret: string }): ShopifySimState {
  return {
    version: 1,
    shop,
    app,
    ids: { order: 5_000_000_000_000, webhook: 1_000_000, fulfillment: 4_000_000, fo: 6_000_000, event: 7_000_000, variant: 40_000_000 },
    codes: {},
    tokens: [],
    customAppToken: null,
    orders: [],
    fulfillments: [],
    webhooks: [],
    bucket: { available: BUCKET_MAX, at: 0 },
    throttleNext: 0,
  };
}

// ---------------------------------------------------------------- OAuth

export interface ConsentParams {
  client_id: string;
  scope: string;
  redirect_uri: string;
  state: string;
}

/** The consent page's parameters, as Shopify checks them (client id of this app, an https redirect). */
export function checkConsent(state: ShopifySimState, query: URLSearchParams): { ok: true; params: ConsentParams } | { ok: false; error: string } {
  const params = {
    client_id: query.get('client_id') ?? '',
    scope: query.get('scope') ?? '',
    redirect_uri: query.get('redirect_uri') ?? '',
    state: query.get('state') ?? '',
  };
  if (params.client_id !== state.app.clientId) return { ok: false, error: 'The client_id is not valid for this shop.' };
  if (!/^https?:\/\//.test(params.redirect_uri)) return { ok: false, error: 'The redirect_uri is missing or not an absolute URL.' };
  if (!params.scope) return { ok: false, error: 'The scope is missing.' };
  return { ok: true, params };
}

/** The merchant approves: a one-use code and the redirect to our callback, signed with the app's secret. */
export function approveConsent(state: ShopifySimState, params: ConsentParams, now: Date): string {
  const code = randomBytes(16).toString('hex');
  state.codes[code] = { expiresAt: now.getTime() + CODE_TTL_MS, used: false };
  const query: Record<string, string> = {
    code,
    host: Buffer.from(`admin.shopify.com/store/${state.shop.replace(/\.myshopify\.com$/, '')}`).toString('base64url'),
    shop: state.shop,
    state: params.state,
    timestamp: String(Math.floor(now.getTime() / 1000)),
  };
  query.hmac = signCallback(state.app.clientSecret, query);
  const url = new URL(params.redirect_uri);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}

function tokenExchange(state: ShopifySimState, body: string, now: Date): SimHttpResponse {
  let input: { client_id?: unknown; client_secret?: unknown; code?: unknown };
  try {
    input = JSON.parse(body) as typeof input;
  } catch {
    return { status: 400, body: { error: 'invalid_request', error_description: 'The request body is not JSON.' } };
  }
  if (input.client_id !== state.app.clientId || input.client_secret !== state.app.clientSecret) {
    return { status: 400, body: { error: 'invalid_client', error_description: 'Client authentication failed.' } };
  }
  const code = typeof input.code === 'string' ? state.codes[input.code] : undefined;
  if (!code || code.used || code.expiresAt < now.getTime()) {
    return { status: 400, body: { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' } };
  }
  code.used = true;
  const token = `shpat_${randomBytes(16).toString('hex')}`;
  state.tokens.push(token);
  return {
    status: 200,
    body: { access_token: token, scope: 'read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders' },
  };
}

/** The merchant removes the app: tokens die, and `app/uninstalled` is delivered. */
export function uninstall(state: ShopifySimState, now: Date): SimDelivery[] {
  const deliveries = deliveriesFor(state, 'APP_UNINSTALLED', { id: 1, name: state.shop, domain: state.shop, myshopify_domain: state.shop }, now);
  state.tokens = [];
  state.webhooks = [];
  return deliveries;
}

// ---------------------------------------------------------------- orders and deliveries

export interface NewShopifyOrder {
  shipping: SimAddress;
  email: string;
  lines: Omit<SimLine, 'variant_id'>[];
  total_price: string;
  paid?: boolean;
  note?: string;
}

function restAddress(a: SimAddress): ShopifyRestAddress {
  return { ...a };
}

export function restOrder(state: ShopifySimState, o: SimOrder): ShopifyRestOrder {
  const fulfilled = state.fulfillments.some((f) => f.order_id === o.id && f.status === 'SUCCESS');
  return {
    id: o.id,
    admin_graphql_api_id: orderGid(o.id),
    name: `#${o.number}`,
    order_number: o.number,
    created_at: o.created_at,
    updated_at: o.updated_at,
    cancelled_at: o.cancelled_at,
    financial_status: o.financial_status,
    fulfillment_status: fulfilled ? 'fulfilled' : null,
    email: o.email,
    phone: o.phone,
    currency: 'MXN',
    total_price: o.total_price,
    total_weight: o.lines.reduce((sum, l) => sum + l.grams * l.quantity, 0),
    note: o.note,
    shipping_address: restAddress(o.shipping),
    billing_address: restAddress(o.shipping),
    line_items: o.lines.map((l, i) => ({
      id: o.id * 10 + i,
      name: l.name,
      quantity: l.quantity,
      sku: l.sku,
      grams: l.grams,
      variant_id: l.variant_id,
      product_id: l.variant_id - 1,
    })),
    shipping_lines: [{ title: 'Envío estándar' }],
  };
}

function gqlAddress(a: SimAddress): ShopifyGqlAddress {
  return {
    firstName: a.first_name,
    lastName: a.last_name,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    provinceCode: a.province_code,
    zip: a.zip,
    countryCodeV2: a.country_code,
    phone: a.phone,
  };
}

export function gqlOrder(state: ShopifySimState, o: SimOrder): ShopifyGqlOrder {
  const fulfilled = state.fulfillments.some((f) => f.order_id === o.id && f.status === 'SUCCESS');
  return {
    id: orderGid(o.id),
    name: `#${o.number}`,
    createdAt: o.created_at,
    updatedAt: o.updated_at,
    cancelledAt: o.cancelled_at,
    displayFinancialStatus: o.financial_status.toUpperCase(),
    displayFulfillmentStatus: fulfilled ? 'FULFILLED' : 'UNFULFILLED',
    email: o.email,
    phone: o.phone,
    note: o.note,
    currencyCode: 'MXN',
    totalPriceSet: { shopMoney: { amount: o.total_price, currencyCode: 'MXN' } },
    totalWeight: o.lines.reduce((sum, l) => sum + l.grams * l.quantity, 0),
    shippingAddress: gqlAddress(o.shipping),
    billingAddress: gqlAddress(o.shipping),
    shippingLine: { title: 'Envío estándar' },
    lineItems: {
      nodes: o.lines.map((l) => ({
        name: l.name,
        quantity: l.quantity,
        sku: l.sku,
        variant: { id: `gid://shopify/ProductVariant/${l.variant_id}`, inventoryItem: { measurement: { weight: { unit: 'GRAMS', value: l.grams } } } },
      })),
    },
  };
}

/** The deliveries of one topic to every subscription of it, signed with the app's secret. */
export function deliveriesFor(state: ShopifySimState, topic: ShopifyTopicEnum, resource: unknown, now: Date, webhookId?: string): SimDelivery[] {
  const body = JSON.stringify(resource);
  return state.webhooks
    .filter((w) => w.topic === topic)
    .map((w) => ({
      url: w.callbackUrl,
      body,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': SHOPIFY_TOPICS[topic],
        'x-shopify-hmac-sha256': signShopifyBody(state.app.clientSecret, body),
        'x-shopify-shop-domain': state.shop,
        'x-shopify-api-version': SHOPIFY_API_VERSION,
        'x-shopify-webhook-id': webhookId ?? `${w.id}-${randomBytes(8).toString('hex')}`,
        'x-shopify-event-id': randomBytes(8).toString('hex'),
        'x-shopify-triggered-at': now.toISOString(),
      },
    }));
}

/** A checkout: the order exists (paid unless said otherwise) and orders/create (and orders/paid) go out. */
export function placeOrder(state: ShopifySimState, input: NewShopifyOrder, now: Date): { order: SimOrder; deliveries: SimDelivery[] } {
  state.ids.order += 1;
  const at = now.toISOString();
  const order: SimOrder = {
    id: state.ids.order,
    number: 1000 + state.orders.length + 1,
    created_at: at,
    updated_at: at,
    cancelled_at: null,
    financial_status: input.paid === false ? 'pending' : 'paid',
    email: input.email,
    phone: input.shipping.phone,
    total_price: input.total_price,
    note: input.note ?? '',
    shipping: input.shipping,
    lines: input.lines.map((l) => ({ ...l, variant_id: (state.ids.variant += 2) })),
    fulfillment_orders: [{ id: (state.ids.fo += 1), status: 'OPEN' }],
  };
  state.orders.push(order);
  const rest = restOrder(state, order);
  const deliveries = deliveriesFor(state, 'ORDERS_CREATE', rest, now);
  if (order.financial_status === 'paid') deliveries.push(...deliveriesFor(state, 'ORDERS_PAID', rest, now));
  return { order, deliveries };
}

export function cancelOrder(state: ShopifySimState, id: number, now: Date): SimDelivery[] {
  const order = state.orders.find((o) => o.id === id);
  if (!order) return [];
  order.cancelled_at = now.toISOString();
  order.updated_at = order.cancelled_at;
  for (const fo of order.fulfillment_orders) if (fo.status !== 'CLOSED') fo.status = 'CANCELLED';
  return deliveriesFor(state, 'ORDERS_CANCELLED', restOrder(state, order), now);
}

// ---------------------------------------------------------------- the Admin API

function gqlError(message: string, code?: string): GraphQlAnswer<never> {
  return { errors: [{ message, ...(code ? { extensions: { code } } : {}) }] };
}

const COSTS: Readonly<Record<OperationName, number>> = {
  ShopInfo: 1,
  OrdersSince: 52,
  OrderById: 12,
  WebhookSubscriptions: 12,
  WebhookSubscriptionCreate: 10,
  WebhookSubscriptionDelete: 10,
  OrderFulfillment: 15,
  FulfillmentCreate: 10,
  FulfillmentEventCreate: 10,
};

function authorized(state: ShopifySimState, req: SimHttpRequest): boolean {
  const token = req.headers['x-shopify-access-token'];
  return Boolean(token) && (state.tokens.includes(token!) || token === state.customAppToken);
}

/** Answers one HTTP request to the shop: the token exchange and the Admin GraphQL API. */
export function handleShopRequest(state: ShopifySimState, req: SimHttpRequest, now: Date): { response: SimHttpResponse; deliveries: SimDelivery[] } {
  const url = new URL(req.url);
  const none: SimDelivery[] = [];
  if (req.method === 'POST' && url.pathname === '/admin/oauth/access_token') return { response: tokenExchange(state, req.body, now), deliveries: none };
  const gql = /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/.exec(url.pathname);
  if (!gql || req.method !== 'POST') return { response: { status: 404, body: { errors: 'Not Found' } }, deliveries: none };
  if (!authorized(state, req))
    return { response: { status: 401, body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } }, deliveries: none };
  let input: { query?: unknown; variables?: Record<string, unknown>; operationName?: unknown };
  try {
    input = JSON.parse(req.body) as typeof input;
  } catch {
    return { response: { status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } }, deliveries: none };
  }
  const name = input.operationName as OperationName;
  if (typeof input.query !== 'string' || !(name in OPERATIONS) || OPERATIONS[name] !== input.query) {
    return { response: { status: 200, body: gqlError(`Unknown operation: ${String(input.operationName)}`) }, deliveries: none };
  }
  // The calculated-cost bucket: 1,000 points refilling at 50 a second.
  const elapsed = Math.max(0, now.getTime() - state.bucket.at) / 1000;
  state.bucket = { available: Math.min(BUCKET_MAX, state.bucket.available + elapsed * RESTORE_PER_S), at: now.getTime() };
  const cost = COSTS[name];
  const throttle = (available: number) => ({ maximumAvailable: BUCKET_MAX, currentlyAvailable: Math.floor(available), restoreRate: RESTORE_PER_S });
  if (state.throttleNext > 0 || state.bucket.available < cost) {
    state.throttleNext = Math.max(0, state.throttleNext - 1);
    const available = Math.min(state.bucket.available, cost - 1);
    return {
      response: {
        status: 200,
        body: {
          ...gqlError('Throttled', 'THROTTLED'),
          extensions: { cost: { requestedQueryCost: cost, actualQueryCost: null, throttleStatus: throttle(available) } },
        },
      },
      deliveries: none,
    };
  }
  state.bucket.available -= cost;
  const vars = input.variables ?? {};
  const { data, deliveries } = runOperation(state, name, vars, now);
  return {
    response: {
      status: 200,
      body: { ...data, extensions: { cost: { requestedQueryCost: cost, actualQueryCost: cost, throttleStatus: throttle(state.bucket.available) } } },
    },
    deliveries,
  };
}

function matchesQuery(o: SimOrder, query: string): boolean {
  const since = /updated_at:>='?([^'\s]+)'?/.exec(query)?.[1];
  if (since && o.updated_at < new Date(since).toISOString()) return false;
  if (/financial_status:paid/.test(query) && o.financial_status !== 'paid') return false;
  return true;
}

function runOperation(
  state: ShopifySimState,
  name: OperationName,
  vars: Record<string, unknown>,
  now: Date,
): { data: GraphQlAnswer<unknown>; deliveries: SimDelivery[] } {
  const none: SimDelivery[] = [];
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  const orderOf = (gid: unknown) => state.orders.find((o) => typeof gid === 'string' && o.id === gidNumber(gid));
  switch (name) {
    case 'ShopInfo':
      return { data: { data: { shop: { name: state.shop.replace(/\.myshopify\.com$/, ''), myshopifyDomain: state.shop } } }, deliveries: none };
    case 'OrdersSince': {
      const all = [...state.orders]
        .sort((a, b) => (a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : a.id - b.id))
        .filter((o) => matchesQuery(o, str(vars.query)));
      const start = typeof vars.after === 'string' ? Number(Buffer.from(vars.after, 'base64url').toString()) : 0;
      const page = all.slice(start, start + 50);
      const end = start + page.length;
      return {
        data: {
          data: {
            orders: {
              nodes: page.map((o) => gqlOrder(state, o)),
              pageInfo: { hasNextPage: end < all.length, endCursor: page.length ? Buffer.from(String(end)).toString('base64url') : null },
            },
          },
        },
        deliveries: none,
      };
    }
    case 'OrderById': {
      const o = orderOf(vars.id);
      return { data: { data: { order: o ? gqlOrder(state, o) : null } }, deliveries: none };
    }
    case 'WebhookSubscriptions':
      return {
        data: {
          data: {
            webhookSubscriptions: {
              nodes: state.webhooks.map((w) => ({
                id: `gid://shopify/WebhookSubscription/${w.id}`,
                topic: w.topic,
                endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: w.callbackUrl },
              })),
            },
          },
        },
        deliveries: none,
      };
    case 'WebhookSubscriptionCreate': {
      const topic = String(vars.topic) as ShopifyTopicEnum;
      const callbackUrl = str(vars.callbackUrl);
      if (!(topic in SHOPIFY_TOPICS))
        return {
          data: { data: { webhookSubscriptionCreate: { webhookSubscription: null, userErrors: [{ field: ['topic'], message: 'Topic is invalid' }] } } },
          deliveries: none,
        };
      if (state.webhooks.some((w) => w.topic === topic && w.callbackUrl === callbackUrl)) {
        return {
          data: {
            data: {
              webhookSubscriptionCreate: {
                webhookSubscription: null,
                userErrors: [{ field: ['callbackUrl'], message: 'Address for this topic has already been taken' }],
              },
            },
          },
          deliveries: none,
        };
      }
      state.ids.webhook += 1;
      state.webhooks.push({ id: state.ids.webhook, topic, callbackUrl });
      return {
        data: {
          data: { webhookSubscriptionCreate: { webhookSubscription: { id: `gid://shopify/WebhookSubscription/${state.ids.webhook}` }, userErrors: [] } },
        },
        deliveries: none,
      };
    }
    case 'WebhookSubscriptionDelete': {
      const id = gidNumber(str(vars.id));
      const before = state.webhooks.length;
      state.webhooks = state.webhooks.filter((w) => w.id !== id);
      const gone = before !== state.webhooks.length;
      return {
        data: {
          data: {
            webhookSubscriptionDelete: {
              deletedWebhookSubscriptionId: gone ? String(vars.id) : null,
              userErrors: gone ? [] : [{ field: ['id'], message: 'Webhook subscription does not exist' }],
            },
          },
        },
        deliveries: none,
      };
    }
    case 'OrderFulfillment': {
      const o = orderOf(vars.id);
      if (!o) return { data: { data: { order: null } }, deliveries: none };
      return {
        data: {
          data: {
            order: {
              fulfillmentOrders: { nodes: o.fulfillment_orders.map((fo) => ({ id: `gid://shopify/FulfillmentOrder/${fo.id}`, status: fo.status })) },
              fulfillments: state.fulfillments
                .filter((f) => f.order_id === o.id)
                .map((f) => ({
                  id: `gid://shopify/Fulfillment/${f.id}`,
                  status: f.status,
                  trackingInfo: [f.tracking],
                  events: { nodes: f.events.map((e) => ({ status: e.status })) },
                })),
            },
          },
        },
        deliveries: none,
      };
    }
    case 'FulfillmentCreate': {
      const input = (vars.fulfillment ?? {}) as {
        lineItemsByFulfillmentOrder?: { fulfillmentOrderId?: string }[];
        trackingInfo?: { company?: string; number?: string; url?: string };
        notifyCustomer?: boolean;
      };
      const userError = (message: string) => ({
        data: { data: { fulfillmentCreate: { fulfillment: null, userErrors: [{ field: ['fulfillment'], message }] } } },
        deliveries: none,
      });
      const foIds = (input.lineItemsByFulfillmentOrder ?? []).map((x) => gidNumber(String(x.fulfillmentOrderId ?? '')));
      const order = state.orders.find((o) => o.fulfillment_orders.some((fo) => foIds.includes(fo.id)));
      if (!order || foIds.length === 0) return userError('Fulfillment order does not exist.');
      const open = order.fulfillment_orders.filter((fo) => foIds.includes(fo.id));
      if (open.some((fo) => fo.status !== 'OPEN' && fo.status !== 'IN_PROGRESS')) return userError('Fulfillment order is not in a fulfillable state.');
      for (const fo of open) fo.status = 'CLOSED';
      state.ids.fulfillment += 1;
      const tracking = { company: input.trackingInfo?.company ?? '', number: input.trackingInfo?.number ?? '', url: input.trackingInfo?.url ?? '' };
      state.fulfillments.push({
        id: state.ids.fulfillment,
        order_id: order.id,
        status: 'SUCCESS',
        tracking,
        notify_customer: input.notifyCustomer === true,
        events: [],
      });
      order.updated_at = now.toISOString();
      return {
        data: { data: { fulfillmentCreate: { fulfillment: { id: `gid://shopify/Fulfillment/${state.ids.fulfillment}`, status: 'SUCCESS' }, userErrors: [] } } },
        deliveries: none,
      };
    }
    case 'FulfillmentEventCreate': {
      const input = (vars.fulfillmentEvent ?? {}) as { fulfillmentId?: string; status?: string };
      const f = state.fulfillments.find((x) => x.id === gidNumber(String(input.fulfillmentId ?? '')));
      if (!f)
        return {
          data: {
            data: { fulfillmentEventCreate: { fulfillmentEvent: null, userErrors: [{ field: ['fulfillmentId'], message: 'Fulfillment does not exist.' }] } },
          },
          deliveries: none,
        };
      f.events.push({ status: String(input.status), happened_at: now.toISOString() });
      state.ids.event += 1;
      return {
        data: {
          data: {
            fulfillmentEventCreate: { fulfillmentEvent: { id: `gid://shopify/FulfillmentEvent/${state.ids.event}`, status: input.status }, userErrors: [] },
          },
        },
        deliveries: none,
      };
    }
  }
}
