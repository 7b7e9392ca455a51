import { productDimensionsCm, productWeightKg } from '../../order-mapping.js';
import type { PlatformApi, PlatformConnection, PlatformRuntime, StorePlatform, WebhookNotice } from '../store-platform.js';
import { createWooClient, WooApiError, type WooStoreApi } from './woocommerce-client.js';
import { wooOrderInputSchema, wooToStoreOrder } from './woocommerce-mapping.js';
import { webhookSignatureMatches, WEBHOOK_TOPICS, type WooProduct } from './woocommerce-wire.js';

/*
 * WooCommerce on the store-platform port: webhooks signed with X-WC-Webhook-Signature (base64
 * HMAC of the raw body, keyed with a secret we choose per store), the unsigned creation ping,
 * `processing` orders by creation date, tracking as a customer note plus `_tracking_*` meta, and
 * weights read from the products. Connecting is the key handshake (woocommerce.connect.ts).
 */

const DAY = 24 * 60 * 60_000;

/** A note as a store may give it back (HTML entities, tags, spacing) reduced to its words, to compare. */
function plain(note: string): string {
  return note
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#0*39|apos|nbsp);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' })[e] ?? "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function wooClientFor(conn: PlatformConnection, runtime: PlatformRuntime): WooStoreApi {
  // The demo store is reached in-process at our own address, never through the stored URL.
  const demo = conn.sandbox ? runtime.demoTransport(conn.userId) : undefined;
  if (conn.sandbox && !demo) throw new WooApiError('La tienda demo no está disponible.', 'network', 0, 'demo');
  if (!conn.credential.secret) throw new WooApiError('La tienda no tiene llaves guardadas.', 'unauthorized', 401, 'no_keys');
  return createWooClient({
    storeUrl: conn.sandbox ? runtime.demoStoreUrl : conn.storeUrl,
    consumerKey: conn.credential.key,
    consumerSecret: conn.credential.secret,
    http: demo ?? runtime.outbound,
    requireHttps: !conn.sandbox,
    timeoutMs: runtime.timeoutMs,
    now: runtime.now,
  });
}

function api(conn: PlatformConnection, runtime: PlatformRuntime): PlatformApi {
  const client = wooClientFor(conn, runtime);
  const deliveryUrl = runtime.deliveryUrl(conn.id);

  async function ourWebhooks(): Promise<number[]> {
    const ids = new Set<number>();
    for (const value of Object.values(conn.webhookIds ?? {})) if (typeof value === 'number') ids.add(value);
    for (const w of await client.listWebhooks()) if (w.delivery_url === deliveryUrl) ids.add(w.id);
    return [...ids];
  }

  return {
    async setUp(secret) {
      const weightUnit = await client.weightUnit();
      // Webhooks of an earlier set-up of ours (their secret is gone) would only fail.
      for (const id of await ourWebhooks()) await client.deleteWebhook(id);
      const created = (await client.createWebhook({ name: 'Envíos MX · pedidos nuevos', topic: 'order.created', delivery_url: deliveryUrl, secret })).id;
      const updated = (await client.createWebhook({ name: 'Envíos MX · pedidos actualizados', topic: 'order.updated', delivery_url: deliveryUrl, secret })).id;
      return { webhookIds: { created, updated }, weightUnit: ['kg', 'g', 'lbs', 'oz'].includes(weightUnit) ? weightUnit : 'kg' };
    },
    async cleanUp() {
      for (const w of await client.listWebhooks()) if (w.delivery_url === deliveryUrl) await client.deleteWebhook(w.id);
    },
    async *ordersSince(since, maxPages) {
      for (let page = 1, pages = 1; page <= pages && page <= maxPages; page += 1) {
        const answer = await client.listOrders({ status: 'processing', after: since, page, perPage: 100 });
        pages = answer.totalPages;
        yield answer.orders;
      }
    },
    async getOrder(externalId) {
      try {
        return await client.getOrder(externalId);
      } catch (error) {
        if (error instanceof WooApiError && error.kind === 'not_found' && error.code !== 'rest_no_route') return undefined;
        throw error;
      }
    },
    async writeTracking(externalId, write) {
      // The job reads the order's notes before adding one: a retry after a lost answer never writes the note twice.
      const existing = (await client.listOrderNotes(externalId)).find((n) => plain(n.note) === plain(write.text));
      const noteId = existing ? existing.id : (await client.addOrderNote(externalId, { note: write.text, customer_note: true })).id;
      const complete = write.event === 'delivered' && write.completeOnDelivery;
      await client.updateOrder(externalId, {
        ...(complete ? { status: 'completed' } : {}),
        meta_data: [
          { key: '_tracking_number', value: write.guideNumber },
          { key: '_tracking_provider', value: write.carrierName },
        ],
      });
      return { ref: String(noteId) };
    },
    async productFacts(ids) {
      let products: WooProduct[] = [];
      for (let i = 0; i < ids.length; i += 100) products = products.concat(await client.listProducts(ids.slice(i, i + 100)));
      const byId = new Map(products.map((p) => [p.id, p]));
      return new Map(
        ids.map((id) => {
          const p = byId.get(id);
          return [id, { weightKg: p ? productWeightKg(p.weight, conn.weightUnit) : null, dimensionsCm: p ? productDimensionsCm(p.dimensions) : null }];
        }),
      );
    },
  };
}

export const woocommercePlatform: StorePlatform = {
  id: 'woocommerce',
  name: 'WooCommerce',
  // WooCommerce compares `after` with the site's local time: a day of margin.
  sync: { cursor: 'created', marginMs: DAY },
  webhook: {
    unsignedPing: (raw, header) => !header('x-wc-webhook-signature') && !header('x-wc-webhook-topic') && /^webhook_id=\d+$/.test(raw.toString('latin1').trim()),
    verify(raw, header, secret) {
      const signature = header('x-wc-webhook-signature');
      return Boolean(signature) && webhookSignatureMatches(secret, raw, signature!);
    },
    // The same bytes sign the same: a retried delivery has the same signature.
    deliveryId: (_raw, header) => header('x-wc-webhook-signature'),
    read(raw, header): WebhookNotice | 'bad_body' {
      const topic = header('x-wc-webhook-topic');
      if (!topic || !(WEBHOOK_TOPICS as readonly string[]).includes(topic)) return { kind: 'ignored' };
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return 'bad_body';
      }
      // A deleted order is delivered as `{"id": N}` only.
      if (body && typeof body === 'object' && !('status' in body)) return { kind: 'ignored' };
      if (body && typeof body === 'object' && (body as { status?: unknown }).status === 'checkout-draft') return { kind: 'ignored' };
      return { kind: 'order', body };
    },
  },
  toOrderInput(raw) {
    const parsed = wooOrderInputSchema.safeParse(raw);
    return parsed.success ? wooToStoreOrder(parsed.data) : undefined;
  },
  weighsProducts: true,
  notAnOrder: 'sus datos no tienen la forma de un pedido de WooCommerce (un campo falta o tiene un tipo o valor imposible).',
  api,
};
