import { z } from 'zod';
import type { StoreAddressInput, StoreOrderInput } from '../../order-mapping.js';
import { gidNumber } from './shopify-wire.js';

/*
 * A Shopify order in the neutral words of order-mapping.ts, from either shape it reaches us in:
 * the REST JSON of a webhook delivery or the GraphQL answer of the Admin API. Line items carry
 * their weight in grams, so no product lookup is needed.
 */

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

const restAddress = z
  .object({
    first_name: text,
    last_name: text,
    company: text,
    address1: text,
    address2: text,
    city: text,
    province: text,
    province_code: text,
    zip: text,
    country_code: text,
    phone: text,
  })
  .partial();

const restOrderSchema = z.object({
  id: z.number().int().positive(),
  name: text,
  order_number: z.number().int().nullish(),
  created_at: text,
  updated_at: text,
  cancelled_at: z.string().nullish(),
  financial_status: text,
  fulfillment_status: text,
  email: text,
  phone: text,
  currency: text,
  total_price: text,
  note: text,
  shipping_address: restAddress.nullish(),
  billing_address: restAddress.nullish(),
  line_items: z
    .array(
      z.object({
        name: text,
        quantity: z.number().min(0).max(100_000).nullish(),
        sku: text,
        grams: z.number().min(0).max(10_000_000).nullish(),
        variant_id: z.number().int().nonnegative().nullish(),
        product_id: z.number().int().nonnegative().nullish(),
      }),
    )
    .nullish(),
  shipping_lines: z.array(z.object({ title: text })).nullish(),
});

const gqlAddress = z
  .object({
    firstName: text,
    lastName: text,
    company: text,
    address1: text,
    address2: text,
    city: text,
    province: text,
    provinceCode: text,
    zip: text,
    countryCodeV2: text,
    phone: text,
  })
  .partial();

const gqlOrderSchema = z.object({
  id: z.string().max(100),
  name: text,
  createdAt: text,
  updatedAt: text,
  cancelledAt: z.string().nullish(),
  displayFinancialStatus: text,
  displayFulfillmentStatus: text,
  email: text,
  phone: text,
  note: text,
  currencyCode: text,
  totalPriceSet: z.object({ shopMoney: z.object({ amount: text }) }).nullish(),
  shippingAddress: gqlAddress.nullish(),
  billingAddress: gqlAddress.nullish(),
  shippingLine: z.object({ title: text }).nullish(),
  lineItems: z
    .object({
      nodes: z.array(
        z.object({
          name: text,
          quantity: z.number().min(0).max(100_000).nullish(),
          sku: text,
          variant: z
            .object({
              id: z.string().max(100),
              inventoryItem: z.object({ measurement: z.object({ weight: z.object({ unit: z.string(), value: z.number() }).nullish() }).nullish() }).nullish(),
            })
            .nullish(),
        }),
      ),
    })
    .nullish(),
});

/** Shopify's codes for Mexican states (provinceCode), and ours. */
const SHOPIFY_MX_STATES: Readonly<Record<string, string>> = {
  AGS: 'AGS',
  BC: 'BC',
  BCS: 'BCS',
  CAMP: 'CAMP',
  CHIS: 'CHIS',
  CHIH: 'CHIH',
  COAH: 'COAH',
  COL: 'COL',
  DF: 'CDMX',
  CDMX: 'CDMX',
  CMX: 'CDMX',
  DGO: 'DGO',
  GTO: 'GTO',
  GRO: 'GRO',
  HGO: 'HGO',
  JAL: 'JAL',
  MEX: 'MEX',
  MICH: 'MICH',
  MOR: 'MOR',
  NAY: 'NAY',
  NL: 'NL',
  OAX: 'OAX',
  PUE: 'PUE',
  QRO: 'QRO',
  'Q ROO': 'QROO',
  QROO: 'QROO',
  SLP: 'SLP',
  SIN: 'SIN',
  SON: 'SON',
  TAB: 'TAB',
  TAMPS: 'TAMS',
  TLAX: 'TLAX',
  VER: 'VER',
  YUC: 'YUC',
  ZAC: 'ZAC',
};

/** Shopify's financial and fulfillment statuses in our order vocabulary. */
export function neutralStatus(financial: string, fulfillment: string, cancelled: boolean): string {
  if (cancelled) return 'cancelled';
  const f = financial.toLowerCase();
  if (f === 'refunded') return 'refunded';
  if (f === 'voided') return 'cancelled';
  if (f !== 'paid' && f !== 'partially_refunded') return 'pending';
  return fulfillment.toLowerCase() === 'fulfilled' ? 'completed' : 'processing';
}

function date(value: string): Date | null {
  const d = new Date(value);
  return value && !Number.isNaN(d.getTime()) ? d : null;
}

function address(a: Record<string, string | undefined> | null | undefined, code: string | undefined, email: string): StoreAddressInput | null {
  if (!a) return null;
  const stateShort = SHOPIFY_MX_STATES[(code ?? '').trim().toUpperCase()];
  return {
    first_name: a.first_name,
    last_name: a.last_name,
    company: a.company,
    address_1: a.address1,
    address_2: a.address2,
    city: a.city,
    state: a.province || code,
    ...(stateShort ? { state_short: stateShort } : {}),
    postcode: a.zip,
    country: a.country_code,
    phone: a.phone,
    email,
  };
}

const GRAMS: Readonly<Record<string, number>> = { GRAMS: 1, KILOGRAMS: 1000, OUNCES: 28.349523125, POUNDS: 453.59237 };

export function shopifyToStoreOrder(raw: unknown): StoreOrderInput | undefined {
  const rest = restOrderSchema.safeParse(raw);
  if (rest.success) {
    const o = rest.data;
    return {
      id: o.id,
      number: o.order_number ? String(o.order_number) : o.name.replace(/^#/, ''),
      status: neutralStatus(o.financial_status, o.fulfillment_status, Boolean(o.cancelled_at)),
      currency: o.currency,
      createdAt: date(o.created_at),
      modifiedAt: date(o.updated_at),
      total: o.total_price,
      customerNote: o.note,
      billing: address(o.billing_address, o.billing_address?.province_code, o.email),
      shipping: address(o.shipping_address, o.shipping_address?.province_code, o.email),
      items: (o.line_items ?? []).map((l) => ({
        name: l.name,
        productId: l.variant_id || l.product_id || 0,
        quantity: typeof l.quantity === 'number' && l.quantity > 0 ? l.quantity : 1,
        sku: l.sku,
        weightKg: typeof l.grams === 'number' && l.grams > 0 ? l.grams / 1000 : null,
      })),
      shippingMethod: o.shipping_lines?.[0]?.title ?? '',
    };
  }
  const gql = gqlOrderSchema.safeParse(raw);
  if (!gql.success) return undefined;
  const o = gql.data;
  const id = gidNumber(o.id);
  if (!id) return undefined;
  const toRest = (a: z.infer<typeof gqlAddress> | null | undefined) =>
    a
      ? {
          first_name: a.firstName,
          last_name: a.lastName,
          company: a.company,
          address1: a.address1,
          address2: a.address2,
          city: a.city,
          province: a.province,
          zip: a.zip,
          country_code: a.countryCodeV2,
          phone: a.phone,
        }
      : null;
  return {
    id,
    number: o.name.replace(/^#/, ''),
    status: neutralStatus(o.displayFinancialStatus, o.displayFulfillmentStatus, Boolean(o.cancelledAt)),
    currency: o.currencyCode,
    createdAt: date(o.createdAt),
    modifiedAt: date(o.updatedAt),
    total: o.totalPriceSet?.shopMoney.amount ?? '0',
    customerNote: o.note,
    billing: address(toRest(o.billingAddress), o.billingAddress?.provinceCode, o.email),
    shipping: address(toRest(o.shippingAddress), o.shippingAddress?.provinceCode, o.email),
    items: (o.lineItems?.nodes ?? []).map((l) => {
      const weight = l.variant?.inventoryItem?.measurement?.weight;
      const grams = weight ? weight.value * (GRAMS[weight.unit] ?? 1) : 0;
      return {
        name: l.name,
        productId: gidNumber(l.variant?.id ?? '') ?? 0,
        quantity: typeof l.quantity === 'number' && l.quantity > 0 ? l.quantity : 1,
        sku: l.sku,
        weightKg: grams > 0 ? Math.round(grams) / 1000 : null,
      };
    }),
    shippingMethod: o.shippingLine?.title ?? '',
  };
}
