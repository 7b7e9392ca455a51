import { randomBytes } from 'node:crypto';
import { signWebhookBody, wooDate, wpJsonEncode, type WooAddress, type WooOrder, type WooWebhook } from './woocommerce-wire.js';
import { WC_VERSION, WP_VERSION, type SimContext, type SimDelivery, type SimState, type SimWebhook } from './woocommerce-sim-store.js';

/* The simulated store's orders: a checkout, an admin's change, and the signed deliveries each one sends. */

// ---------------------------------------------------------------- orders and deliveries

export function localDate(ctx: SimContext, at: Date = ctx.now): string {
  return wooDate(at, ctx.tzOffsetMinutes ?? -360);
}

export function touch(order: WooOrder, ctx: SimContext): void {
  order.date_modified = localDate(ctx);
  order.date_modified_gmt = wooDate(ctx.now);
}

export function deliveriesFor(state: SimState, topic: string, order: WooOrder, ctx: SimContext): SimDelivery[] {
  const body = wpJsonEncode(order);
  return state.webhooks
    .filter((w) => w.status === 'active' && w.topic === topic)
    .map((w) => ({
      kind: 'delivery' as const,
      webhookId: w.id,
      url: w.delivery_url,
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': `WooCommerce/${WC_VERSION} Hookshot (WordPress/${WP_VERSION})`,
        'x-wc-webhook-source': `${ctx.homeUrl}/`,
        'x-wc-webhook-topic': topic,
        'x-wc-webhook-resource': 'order',
        'x-wc-webhook-event': topic.split('.')[1]!,
        'x-wc-webhook-signature': signWebhookBody(w.secret, body),
        'x-wc-webhook-id': String(w.id),
        'x-wc-webhook-delivery-id': randomBytes(16).toString('hex'),
      },
    }));
}

/** What a checkout needs: the customer, the address, the products bought and the shipping. */
export interface NewOrderInput {
  status?: string;
  billing: WooAddress;
  shipping: WooAddress;
  items: { product_id: number; quantity: number }[];
  shipping_total?: string;
  shipping_method?: string;
  customer_note?: string;
  payment_method_title?: string;
  /** Backdates the order (tests of the periodic sync). */
  createdAt?: Date;
}

export const money = (centavos: number) => (centavos / 100).toFixed(2);

/**
 * A checkout: the order is created (status processing unless told otherwise) and the active
 * `order.created` webhooks get their delivery. Drafts send nothing, as in WooCommerce.
 */
export function placeOrder(state: SimState, input: NewOrderInput, ctx: SimContext): { order: WooOrder; deliveries: SimDelivery[] } {
  state.ids.order += 1;
  const id = state.ids.order;
  const created = input.createdAt ?? ctx.now;
  const lineItems = input.items.map((i) => {
    const product = state.products.find((p) => p.id === i.product_id);
    const unit = 19_900 + (i.product_id % 7) * 5_000;
    state.ids.item += 1;
    return {
      id: state.ids.item,
      name: product?.name ?? `Producto ${i.product_id}`,
      product_id: i.product_id,
      variation_id: 0,
      quantity: i.quantity,
      sku: product?.sku ?? '',
      price: unit / 100,
      subtotal: money(unit * i.quantity),
      total: money(unit * i.quantity),
      meta_data: [],
    };
  });
  const shippingCentavos = Math.round(Number(input.shipping_total ?? '99.00') * 100);
  const itemsCentavos = lineItems.reduce((sum, l) => sum + Math.round(Number(l.total) * 100), 0);
  const order: WooOrder = {
    id,
    number: String(id),
    order_key: `wc_order_${randomBytes(7).toString('base64url')}`,
    status: input.status ?? 'processing',
    currency: 'MXN',
    date_created: localDate(ctx, created),
    date_created_gmt: wooDate(created),
    date_modified: localDate(ctx, created),
    date_modified_gmt: wooDate(created),
    date_paid_gmt: input.status === 'pending' ? null : wooDate(created),
    total: money(itemsCentavos + shippingCentavos),
    shipping_total: money(shippingCentavos),
    total_tax: '0.00',
    discount_total: '0.00',
    customer_id: 0,
    customer_note: input.customer_note ?? '',
    payment_method: 'bacs',
    payment_method_title: input.payment_method_title ?? 'Transferencia bancaria',
    transaction_id: '',
    billing: input.billing,
    shipping: input.shipping,
    line_items: lineItems,
    shipping_lines: [
      {
        id: (state.ids.item += 1),
        method_title: input.shipping_method ?? 'Envío estándar',
        method_id: 'flat_rate',
        instance_id: '1',
        total: money(shippingCentavos),
        total_tax: '0.00',
      },
    ],
    meta_data: [],
  };
  state.orders.push(order);
  const draft = order.status === 'checkout-draft';
  return { order, deliveries: draft ? [] : deliveriesFor(state, 'order.created', order, ctx) };
}

/** A change made in the store's admin (status, address…): `order.updated` goes out. */
export function changeOrder(
  state: SimState,
  id: number,
  patch: Partial<Pick<WooOrder, 'status' | 'shipping' | 'billing' | 'customer_note'>>,
  ctx: SimContext,
): SimDelivery[] {
  const order = state.orders.find((o) => o.id === id);
  if (!order) return [];
  Object.assign(order, patch);
  touch(order, ctx);
  return deliveriesFor(state, 'order.updated', order, ctx);
}

/** The same delivery again (what a store does when it retries). */
export function redeliver(state: SimState, id: number, topic: 'order.created' | 'order.updated', ctx: SimContext): SimDelivery[] {
  const order = state.orders.find((o) => o.id === id);
  return order ? deliveriesFor(state, topic, order, ctx) : [];
}

/** A delivery's outcome: 2xx, 301, 302 reset the failure count; more than 5 failures in a row disable the webhook. */
export function recordDeliveryResult(state: SimState, webhookId: number, status: number, kind: SimDelivery['kind']): void {
  const webhook = state.webhooks.find((w) => w.id === webhookId);
  if (!webhook) return;
  const delivered = kind === 'ping' ? status === 200 : (status >= 200 && status < 300) || status === 301 || status === 302;
  if (kind === 'ping') {
    webhook.pending_delivery = !delivered;
    return;
  }
  if (delivered) {
    webhook.failure_count = 0;
    webhook.pending_delivery = false;
    return;
  }
  webhook.failure_count += 1;
  if (webhook.failure_count > 5) webhook.status = 'disabled';
}

export function publicWebhook(w: SimWebhook): WooWebhook {
  const { secret: _secret, api_version: _v, failure_count: _f, pending_delivery: _p, ...rest } = w;
  return rest;
}
