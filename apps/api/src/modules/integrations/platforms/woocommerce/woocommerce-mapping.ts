import { z } from 'zod';
import { mapOrder, type MappedOrder, type PostalLookup, type StoreAddressInput, type StoreOrderInput } from '../../order-mapping.js';
import { parseGmt } from './woocommerce-wire.js';

/* A WooCommerce order (webhook body or REST answer) in the neutral words of order-mapping.ts. */

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

const wooAddressInput = z
  .object({
    first_name: text,
    last_name: text,
    company: text,
    address_1: text,
    address_2: text,
    city: text,
    state: text,
    postcode: text,
    country: text,
    phone: text,
    email: text,
  })
  .partial();

/** What we read of an order body (webhook delivery or REST answer); extra fields are ignored. */
export const wooOrderInputSchema = z.object({
  id: z.number().int().positive(),
  number: text,
  status: z.string().min(1).max(40),
  currency: text,
  date_created_gmt: text,
  date_modified_gmt: text,
  total: text,
  customer_note: text,
  billing: wooAddressInput.nullish(),
  shipping: wooAddressInput.nullish(),
  line_items: z
    .array(
      z.object({
        name: text,
        product_id: z.number().int().nonnegative().nullish(),
        variation_id: z.number().int().nonnegative().nullish(),
        quantity: z.number().min(0).max(100_000).nullish(),
        sku: text,
      }),
    )
    .nullish(),
  shipping_lines: z.array(z.object({ method_title: text })).nullish(),
});
export type WooOrderInput = z.infer<typeof wooOrderInputSchema>;

/** WooCommerce's codes for Mexican states, and ours (the catalogue's short names). */
const WOO_MX_STATES: Readonly<Record<string, string>> = {
  AG: 'AGS',
  BC: 'BC',
  BS: 'BCS',
  CM: 'CAMP',
  CS: 'CHIS',
  CH: 'CHIH',
  CO: 'COAH',
  CL: 'COL',
  DF: 'CDMX',
  CX: 'CDMX',
  DG: 'DGO',
  GT: 'GTO',
  GR: 'GRO',
  HG: 'HGO',
  JA: 'JAL',
  MX: 'MEX',
  EM: 'MEX',
  MI: 'MICH',
  MO: 'MOR',
  NA: 'NAY',
  NL: 'NL',
  OA: 'OAX',
  PU: 'PUE',
  QT: 'QRO',
  QR: 'QROO',
  SL: 'SLP',
  SI: 'SIN',
  SO: 'SON',
  TB: 'TAB',
  TM: 'TAMS',
  TL: 'TLAX',
  VE: 'VER',
  YU: 'YUC',
  ZA: 'ZAC',
};

function address(a: z.infer<typeof wooAddressInput> | null | undefined): StoreAddressInput | null {
  if (!a) return null;
  const stateShort = WOO_MX_STATES[(a.state ?? '').trim().toUpperCase()];
  return { ...a, ...(stateShort ? { state_short: stateShort } : {}) };
}

export function wooToStoreOrder(order: WooOrderInput): StoreOrderInput {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    currency: order.currency,
    createdAt: parseGmt(order.date_created_gmt),
    modifiedAt: parseGmt(order.date_modified_gmt),
    total: order.total,
    customerNote: order.customer_note,
    billing: address(order.billing),
    shipping: address(order.shipping),
    items: (order.line_items ?? []).map((l) => ({
      name: l.name,
      productId: l.variation_id || l.product_id || 0,
      quantity: typeof l.quantity === 'number' && l.quantity > 0 ? l.quantity : 1,
      sku: l.sku,
    })),
    shippingMethod: order.shipping_lines?.[0]?.method_title ?? '',
  };
}

/** A WooCommerce order mapped to our rules (the weight comes later, from its products). */
export function mapWooOrder(order: WooOrderInput, lookup: PostalLookup, receivedAt: Date): MappedOrder {
  return mapOrder(wooToStoreOrder(order), lookup, receivedAt);
}
