import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Shopify on the wire: the shop domain rule, the OAuth callback's hex HMAC, the webhooks' base64
 * HMAC of the raw body, the REST order a webhook carries and the GraphQL order the Admin API
 * answers, and the operations we send. Shared by the real client, the simulator (test fake and
 * demo store) so the three speak exactly the same format.
 */

export const SHOPIFY_API_VERSION = '2026-01';
export const SHOPIFY_SCOPES = ['read_orders', 'read_merchant_managed_fulfillment_orders', 'write_merchant_managed_fulfillment_orders'];
export const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;
/** The order topics we subscribe per shop (the privacy ones are the app's, declared once). */
export const SHOPIFY_TOPICS = {
  ORDERS_CREATE: 'orders/create',
  ORDERS_PAID: 'orders/paid',
  ORDERS_CANCELLED: 'orders/cancelled',
  APP_UNINSTALLED: 'app/uninstalled',
} as const;
export type ShopifyTopicEnum = keyof typeof SHOPIFY_TOPICS;
export const PRIVACY_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;

export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** The message the OAuth callback's `hmac` signs: every other parameter, sorted by name, `k=v` joined by `&`. */
export function callbackMessage(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function signCallback(secret: string, params: Record<string, string>): string {
  return hmacHex(secret, callbackMessage(params));
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function callbackSignatureMatches(secret: string, params: Record<string, string>): boolean {
  return typeof params.hmac === 'string' && sameText(signCallback(secret, params), params.hmac.toLowerCase());
}

/** `X-Shopify-Hmac-Sha256`: base64 of the HMAC-SHA256 of the raw body, keyed with the app's client secret. */
export function signShopifyBody(secret: string, raw: Buffer | string): string {
  return createHmac('sha256', secret).update(raw).digest('base64');
}

export function shopifyBodyMatches(secret: string, raw: Buffer, signature: string): boolean {
  return sameText(signShopifyBody(secret, raw), signature.trim());
}

export function orderGid(id: number): string {
  return `gid://shopify/Order/${id}`;
}

/** The number at the end of a gid (`gid://shopify/Order/123` → 123). */
export function gidNumber(gid: string): number | undefined {
  const n = Number(/\/(\d{1,16})$/.exec(gid)?.[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

// ---------------------------------------------------------------- resources

/** An address in a webhook (REST shape). */
export interface ShopifyRestAddress {
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  province_code: string | null;
  zip: string | null;
  country_code: string | null;
  phone: string | null;
}

/** An order as a webhook delivers it (REST shape, the fields we read). */
export interface ShopifyRestOrder {
  id: number;
  admin_graphql_api_id: string;
  name: string;
  order_number: number;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
  financial_status: string;
  fulfillment_status: string | null;
  email: string | null;
  phone: string | null;
  currency: string;
  total_price: string;
  total_weight: number;
  note: string | null;
  shipping_address: ShopifyRestAddress | null;
  billing_address: ShopifyRestAddress | null;
  line_items: { id: number; name: string; quantity: number; sku: string | null; grams: number; variant_id: number | null; product_id: number | null }[];
  shipping_lines: { title: string }[];
}

/** An address as the Admin GraphQL API answers it. */
export interface ShopifyGqlAddress {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  zip: string | null;
  countryCodeV2: string | null;
  phone: string | null;
}

/** An order as our GraphQL queries ask for it. */
export interface ShopifyGqlOrder {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string;
  displayFulfillmentStatus: string;
  email: string | null;
  phone: string | null;
  note: string | null;
  currencyCode: string;
  totalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  totalWeight: number;
  shippingAddress: ShopifyGqlAddress | null;
  billingAddress: ShopifyGqlAddress | null;
  shippingLine: { title: string } | null;
  lineItems: {
    nodes: {
      name: string;
      quantity: number;
      sku: string | null;
      variant: { id: string; inventoryItem: { measurement: { weight: { unit: string; value: number } | null } } } | null;
    }[];
  };
}

const ORDER_FIELDS = `id name createdAt updatedAt cancelledAt displayFinancialStatus displayFulfillmentStatus email phone note currencyCode
  totalPriceSet { shopMoney { amount currencyCode } } totalWeight
  shippingAddress { firstName lastName company address1 address2 city province provinceCode zip countryCodeV2 phone }
  billingAddress { firstName lastName company address1 address2 city province provinceCode zip countryCodeV2 phone }
  shippingLine { title }
  lineItems(first: 100) { nodes { name quantity sku variant { id inventoryItem { measurement { weight { unit value } } } } } }`;

/** Our GraphQL documents, by operation name (the simulator answers them by that name). */
export const OPERATIONS = {
  ShopInfo: 'query ShopInfo { shop { name myshopifyDomain } }',
  OrdersSince: `query OrdersSince($query: String!, $after: String) { orders(first: 50, query: $query, after: $after, sortKey: UPDATED_AT) { nodes { ${ORDER_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
  OrderById: `query OrderById($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`,
  WebhookSubscriptions:
    'query WebhookSubscriptions { webhookSubscriptions(first: 50) { nodes { id topic endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } } } }',
  WebhookSubscriptionCreate:
    'mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $callbackUrl: URL!) { webhookSubscriptionCreate(topic: $topic, webhookSubscription: { callbackUrl: $callbackUrl, format: JSON }) { webhookSubscription { id } userErrors { field message } } }',
  WebhookSubscriptionDelete:
    'mutation WebhookSubscriptionDelete($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { field message } } }',
  OrderFulfillment:
    'query OrderFulfillment($id: ID!) { order(id: $id) { fulfillmentOrders(first: 10) { nodes { id status } } fulfillments(first: 20) { id status trackingInfo { company number url } events(first: 50) { nodes { status } } } } }',
  FulfillmentCreate:
    'mutation FulfillmentCreate($fulfillment: FulfillmentInput!) { fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id status } userErrors { field message } } }',
  FulfillmentEventCreate:
    'mutation FulfillmentEventCreate($fulfillmentEvent: FulfillmentEventInput!) { fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) { fulfillmentEvent { id status } userErrors { field message } } }',
} as const;
export type OperationName = keyof typeof OPERATIONS;

/** Our tracking states as Shopify's fulfillment event statuses. */
export const FULFILLMENT_EVENT_STATUS: Readonly<Record<string, string>> = {
  picked_up: 'CARRIER_PICKED_UP',
  in_transit: 'IN_TRANSIT',
  out_for_delivery: 'OUT_FOR_DELIVERY',
  delivered: 'DELIVERED',
  delivery_failed: 'ATTEMPTED_DELIVERY',
  on_hold: 'DELAYED',
  return_to_sender: 'FAILURE',
};

export interface GraphQlAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
  extensions?: {
    cost?: {
      requestedQueryCost: number;
      actualQueryCost: number | null;
      throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
    };
  };
}
