import type { WooNote, WooOrder, WooProduct, WooRestError, WooWebhook } from './woocommerce-wire.js';

/* The simulated store's state (plain JSON), its constants, and the shape of its answers (woocommerce-simulator.ts). */

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
export const NONCE_WINDOW_S = 15 * 60;

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

export function restError(status: number, code: string, message: string, params?: Record<string, string>, headers: Record<string, string> = {}): SimResponse {
  const body: WooRestError = { code, message, data: { status, ...(params ? { params } : {}) } };
  return { status, headers, body, deliveries: [] };
}

export function ok(body: unknown, status = 200, headers: Record<string, string> = {}): SimResponse {
  return { status, headers, body, deliveries: [] };
}
