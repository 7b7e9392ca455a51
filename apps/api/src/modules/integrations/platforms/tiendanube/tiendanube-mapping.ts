import { z } from 'zod';
import type { StoreOrderInput } from '../../order-mapping.js';

/* A Tiendanube order in the neutral words of order-mapping.ts: `locality` is the colony; weights come in kg with the products. */

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

const orderSchema = z.object({
  id: z.number().int().positive(),
  number: text,
  created_at: text,
  updated_at: text,
  status: text,
  payment_status: text,
  shipping_status: text,
  currency: text,
  total: text,
  note: text,
  contact_email: text,
  customer: z.object({ name: text, email: text, phone: text }).partial().nullish(),
  shipping_address: z
    .object({ name: text, address: text, number: text, floor: text, locality: text, city: text, province: text, zipcode: text, country: text, phone: text })
    .partial()
    .nullish(),
  shipping_option: z.union([text, z.object({ name: text }).partial()]).nullish(),
  products: z
    .array(
      z.object({
        name: text,
        quantity: z.union([z.number(), z.string()]).nullish(),
        sku: text,
        weight: text,
        width: text,
        height: text,
        depth: text,
        variant_id: z.number().int().nonnegative().nullish(),
        product_id: z.number().int().nonnegative().nullish(),
      }),
    )
    .nullish(),
});

export function neutralTiendanubeStatus(status: string, payment: string, shipping: string): string {
  if (status === 'cancelled') return 'cancelled';
  if (payment === 'refunded') return 'refunded';
  if (payment === 'voided') return 'cancelled';
  if (payment !== 'paid') return 'pending';
  return shipping === 'fulfilled' ? 'completed' : 'processing';
}

function date(value: string): Date | null {
  const d = new Date(value);
  return value && !Number.isNaN(d.getTime()) ? d : null;
}

function num(value: string): number | null {
  const n = Number(value.replace(',', '.'));
  return value !== '' && Number.isFinite(n) && n > 0 ? n : null;
}

export function tiendanubeToStoreOrder(raw: unknown): StoreOrderInput | undefined {
  const parsed = orderSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const o = parsed.data;
  const a = o.shipping_address ?? {};
  const email = o.contact_email || o.customer?.email || '';
  const floor = a.floor ?? '';
  const shipping = {
    first_name: a.name,
    address_1: [a.address, a.number].filter(Boolean).join(' '),
    // The floor or apartment reads as an interior number.
    address_2: floor && !/^(int|depto|dpto|piso|local)/i.test(floor) ? `Int. ${floor}` : floor,
    colony: a.locality,
    city: a.city,
    state: a.province,
    postcode: a.zipcode,
    country: a.country,
    phone: a.phone || o.customer?.phone,
    email,
  };
  const option = o.shipping_option;
  return {
    id: o.id,
    number: o.number,
    status: neutralTiendanubeStatus(o.status, o.payment_status, o.shipping_status),
    currency: o.currency,
    createdAt: date(o.created_at),
    modifiedAt: date(o.updated_at),
    total: o.total,
    customerNote: o.note,
    billing: null,
    shipping,
    items: (o.products ?? []).map((p) => {
      const [w, h, d] = [num(p.width), num(p.height), num(p.depth)];
      return {
        name: p.name,
        productId: p.variant_id || p.product_id || 0,
        quantity: Number(p.quantity) > 0 ? Number(p.quantity) : 1,
        sku: p.sku,
        weightKg: num(p.weight),
        dimensionsCm: w && h && d ? { length: w, width: d, height: h } : null,
      };
    }),
    shippingMethod: typeof option === 'string' ? option : (option?.name ?? ''),
  };
}
