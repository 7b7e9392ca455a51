import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * WooCommerce on the wire: the order, note, webhook and product resources as the REST API v3
 * answers them, its error body, the webhook signature and the OAuth 1.0a signature used over
 * plain HTTP. Shared by the real client, the test fake and the demo store, so the three speak
 * exactly the same format.
 */

export interface WooAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone?: string;
  email?: string;
}

export interface WooMeta {
  id?: number;
  key: string;
  value: unknown;
}

export interface WooLineItem {
  id: number;
  name: string;
  product_id: number;
  variation_id: number;
  quantity: number;
  sku: string;
  price: number;
  subtotal: string;
  total: string;
  meta_data: WooMeta[];
}

export interface WooShippingLine {
  id: number;
  method_title: string;
  method_id: string;
  instance_id: string;
  total: string;
  total_tax: string;
}

export interface WooOrder {
  id: number;
  number: string;
  order_key: string;
  status: string;
  currency: string;
  date_created: string;
  date_created_gmt: string;
  date_modified: string;
  date_modified_gmt: string;
  date_paid_gmt: string | null;
  total: string;
  shipping_total: string;
  total_tax: string;
  discount_total: string;
  customer_id: number;
  customer_note: string;
  payment_method: string;
  payment_method_title: string;
  transaction_id: string;
  billing: WooAddress;
  shipping: WooAddress;
  line_items: WooLineItem[];
  shipping_lines: WooShippingLine[];
  meta_data: WooMeta[];
}

export interface WooNote {
  id: number;
  author: string;
  date_created: string;
  date_created_gmt: string;
  note: string;
  customer_note: boolean;
  added_by_user: boolean;
}

export type WooWebhookStatus = 'active' | 'paused' | 'disabled';

export interface WooWebhook {
  id: number;
  name: string;
  status: WooWebhookStatus;
  topic: string;
  resource: string;
  event: string;
  hooks: string[];
  delivery_url: string;
  date_created: string;
  date_created_gmt: string;
  date_modified: string | null;
  date_modified_gmt: string | null;
}

export interface WooProduct {
  id: number;
  name: string;
  sku: string;
  /** In the store's weight unit, '' when the product has none. */
  weight: string;
  dimensions: { length: string; width: string; height: string };
}

/** Every REST error: `{ code, message, data: { status } }`. */
export interface WooRestError {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string> };
}

export const WEBHOOK_TOPICS = ['order.created', 'order.updated'] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

/** A WooCommerce date without offset ('2025-03-01T12:00:00') read as UTC (the `_gmt` fields). */
export function parseGmt(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date as WooCommerce writes it: 'YYYY-MM-DDTHH:MM:SS', no offset. */
export function wooDate(date: Date, offsetMinutes = 0): string {
  return new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
}

/**
 * JSON as WordPress writes it (`wp_json_encode`): '/' escaped as '\/', non-ASCII as \uXXXX.
 * The webhook signature covers these exact bytes, so a receiver must never re-serialize.
 */
export function wpJsonEncode(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `X-WC-Webhook-Signature`: base64 of the raw HMAC-SHA256 digest of the raw body, keyed with the webhook secret. */
export function signWebhookBody(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** Constant-time check of a delivery's signature against one secret. */
export function webhookSignatureMatches(secret: string, rawBody: Buffer, signature: string): boolean {
  const expected = Buffer.from(signWebhookBody(secret, rawBody));
  const given = Buffer.from(signature.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// ---------------------------------------------------------------- OAuth 1.0a (plain HTTP stores)

/** PHP's rawurlencode (RFC 3986): everything but A-Z a-z 0-9 - _ . ~ is percent-encoded. */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export type OAuthAlgorithm = 'HMAC-SHA1' | 'HMAC-SHA256';

/**
 * The one-legged OAuth 1.0a signature WooCommerce checks over plain HTTP: base string
 * `METHOD&rawurlencode(url without query)&rawurlencode(sorted k=v pairs joined by &)`, key
 * `consumer_secret&`, base64 of the HMAC.
 */
export function oauthSignature(input: {
  method: string;
  /** Scheme, host and path; no query. */
  baseUrl: string;
  /** Every query parameter (the oauth_* ones included, oauth_signature excluded). */
  params: Record<string, string>;
  consumerSecret: string;
  algorithm: OAuthAlgorithm;
}): string {
  const pairs = Object.keys(input.params)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${rfc3986(k)}=${rfc3986(input.params[k]!)}`)
    .join('&');
  const base = `${input.method.toUpperCase()}&${rfc3986(input.baseUrl)}&${rfc3986(pairs)}`;
  const hash = input.algorithm === 'HMAC-SHA1' ? 'sha1' : 'sha256';
  return createHmac(hash, `${input.consumerSecret}&`).update(base).digest('base64');
}
