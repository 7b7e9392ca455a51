import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Tiendanube (Nuvemshop) on the wire: where the app authorizes and the API lives, the webhook's
 * hex HMAC (`x-linkedstore-hmac-sha256`) over the raw body, and the order as the REST API answers
 * it. Shared by the real client and the simulator behind the test fake.
 */

export const TIENDANUBE_AUTH = 'https://www.tiendanube.com';
export const TIENDANUBE_API = 'https://api.tiendanube.com/v1';
/** Required on every call: the app's name and a contact. */
export const TIENDANUBE_USER_AGENT = 'Envios MX (soporte@envios.mx)';
export const TIENDANUBE_EVENTS = ['order/paid', 'order/cancelled', 'app/uninstalled'] as const;

export function signTiendanubeBody(secret: string, raw: Buffer | string): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

export function tiendanubeBodyMatches(secret: string, raw: Buffer, signature: string): boolean {
  const expected = Buffer.from(signTiendanubeBody(secret, raw));
  const given = Buffer.from(signature.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface TiendanubeAddress {
  name: string;
  address: string;
  number: string;
  floor: string;
  locality: string;
  city: string;
  province: string;
  zipcode: string;
  country: string;
  phone: string;
}

export interface TiendanubeOrder {
  id: number;
  number: number;
  created_at: string;
  updated_at: string;
  status: 'open' | 'closed' | 'cancelled';
  payment_status: 'pending' | 'authorized' | 'paid' | 'abandoned' | 'refunded' | 'voided';
  shipping_status: 'unpacked' | 'unfulfilled' | 'fulfilled';
  shipping_tracking_number: string | null;
  shipping_tracking_url: string | null;
  currency: string;
  total: string;
  note: string;
  contact_email: string;
  customer: { name: string; email: string; phone: string };
  shipping_address: TiendanubeAddress;
  shipping_option: string;
  products: {
    product_id: number;
    variant_id: number;
    name: string;
    quantity: number;
    sku: string;
    weight: string;
    width: string;
    height: string;
    depth: string;
  }[];
}

/** Our tracking states as Tiendanube's fulfillment-order tracking events name them. */
export const TRACKING_EVENT_STATUS: Readonly<Record<string, string>> = {
  picked_up: 'dispatched',
  in_transit: 'in_transit',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  delivery_failed: 'delivery_attempt_failed',
  on_hold: 'delayed',
  return_to_sender: 'returned_to_sender',
};

/** A fulfillment order of a store that has them (newer stores), with its tracking events. */
export interface TiendanubeFulfillmentOrder {
  id: string;
  status: string;
  tracking_info: { code: string | null; url: string | null } | null;
  tracking_events: { status: string; description: string; happened_at: string }[];
}
