import { StoreApiError, type PlatformApi, type PlatformConnection, type PlatformRuntime, type StorePlatform, type WebhookNotice } from '../store-platform.js';
import { createShopifyClient, exchangeShopifyCode, type ShopifyApi } from './shopify-client.js';
import { shopifyToStoreOrder } from './shopify-mapping.js';
import {
  FULFILLMENT_EVENT_STATUS,
  SHOPIFY_SCOPES,
  SHOPIFY_TOPICS,
  SHOP_DOMAIN,
  callbackSignatureMatches,
  orderGid,
  shopifyBodyMatches,
  type ShopifyGqlOrder,
  type ShopifyTopicEnum,
} from './shopify-wire.js';

/*
 * Shopify on the store-platform port: webhooks signed with X-Shopify-Hmac-Sha256 (base64 HMAC of
 * the raw body, keyed with the app's client secret, or the custom app's), deduplicated by
 * X-Shopify-Webhook-Id; reconciliation by `updated_at`; tracking as a fulfillment of the order's
 * open fulfillment orders (company, number, our /rastreo link, buyer notified) and later states
 * as fulfillment events. Installing is OAuth or a pasted custom-app token (shopify.connect.ts).
 */

/** Every account's demo shop has this domain (its calls never leave this process). */
export const DEMO_SHOP = 'tienda-demo.myshopify.com';

const TOPICS = Object.keys(SHOPIFY_TOPICS) as ShopifyTopicEnum[];

export function shopOf(storeUrl: string): string {
  return new URL(storeUrl).host;
}

function client(conn: PlatformConnection, runtime: PlatformRuntime): ShopifyApi {
  const demo = conn.sandbox ? runtime.demoTransport(conn.userId) : undefined;
  if (conn.sandbox && !demo) throw new StoreApiError('La tienda demo no está disponible.', 'network', 0, 'demo');
  return createShopifyClient({
    shop: shopOf(conn.storeUrl),
    accessToken: conn.credential.key,
    http: demo ?? runtime.outbound,
    requireHttps: !conn.sandbox,
    timeoutMs: runtime.timeoutMs,
    sleep: runtime.sleep,
  });
}

interface UserErrors {
  userErrors: { field: string[] | null; message: string }[];
}

function refuseUserErrors(result: UserErrors, action: string): void {
  if (result.userErrors.length > 0)
    throw new StoreApiError(
      `${action}: ${result.userErrors.map((e) => e.message).join('; ')}`,
      'invalid',
      200,
      'user_errors',
      `Shopify rechazó ${action.toLowerCase()}: ${result.userErrors.map((e) => e.message).join('; ')}`,
    );
}

interface FulfillmentView {
  order: {
    fulfillmentOrders: { nodes: { id: string; status: string }[] };
    fulfillments: { id: string; status: string; trackingInfo: { number: string | null }[]; events: { nodes: { status: string }[] } }[];
  } | null;
}

function api(conn: PlatformConnection, runtime: PlatformRuntime): PlatformApi {
  const shopify = client(conn, runtime);
  const deliveryUrl = runtime.deliveryUrl(conn.id);

  async function ourSubscriptions(): Promise<string[]> {
    const { webhookSubscriptions } = await shopify.query<{ webhookSubscriptions: { nodes: { id: string; endpoint: { callbackUrl?: string } }[] } }>(
      'WebhookSubscriptions',
    );
    return webhookSubscriptions.nodes.filter((w) => w.endpoint.callbackUrl === deliveryUrl).map((w) => w.id);
  }

  async function fulfillmentView(externalId: number): Promise<NonNullable<FulfillmentView['order']>> {
    const { order } = await shopify.query<FulfillmentView>('OrderFulfillment', { id: orderGid(externalId) });
    if (!order) throw new StoreApiError('El pedido ya no existe en Shopify.', 'not_found', 200, 'order');
    return order;
  }

  return {
    async setUp() {
      await shopify.query('ShopInfo');
      for (const id of await ourSubscriptions()) await shopify.query('WebhookSubscriptionDelete', { id });
      const webhookIds: Record<string, string> = {};
      for (const topic of TOPICS) {
        const { webhookSubscriptionCreate: created } = await shopify.query<{
          webhookSubscriptionCreate: UserErrors & { webhookSubscription: { id: string } | null };
        }>('WebhookSubscriptionCreate', {
          topic,
          callbackUrl: deliveryUrl,
        });
        refuseUserErrors(created, 'Crear el aviso de pedidos');
        webhookIds[topic] = created.webhookSubscription!.id;
      }
      return { webhookIds };
    },
    async cleanUp() {
      for (const id of await ourSubscriptions()) await shopify.query('WebhookSubscriptionDelete', { id });
    },
    async *ordersSince(since, maxPages) {
      let after: string | null = null;
      for (let page = 0; page < maxPages; page += 1) {
        const { orders }: { orders: { nodes: ShopifyGqlOrder[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } = await shopify.query(
          'OrdersSince',
          {
            query: `updated_at:>='${since.toISOString()}'`,
            after,
          },
        );
        yield orders.nodes;
        if (!orders.pageInfo.hasNextPage || !orders.pageInfo.endCursor) return;
        after = orders.pageInfo.endCursor;
      }
    },
    async getOrder(externalId) {
      const { order } = await shopify.query<{ order: ShopifyGqlOrder | null }>('OrderById', { id: orderGid(externalId) });
      return order ?? undefined;
    },
    async writeTracking(externalId, write) {
      const view = await fulfillmentView(externalId);
      // Ours already there (a retry after a lost answer): nothing is created twice.
      const ours = view.fulfillments.find((f) => (write.previous && f.id === write.previous) || f.trackingInfo.some((t) => t.number === write.guideNumber));
      if (write.event === 'issued') {
        if (ours) return { ref: ours.id };
        const open = view.fulfillmentOrders.nodes.filter((fo) => fo.status === 'OPEN' || fo.status === 'IN_PROGRESS');
        // Cancelled, or fulfilled by hand in Shopify: nothing of ours to add.
        if (open.length === 0) return { ref: null };
        const { fulfillmentCreate } = await shopify.query<{ fulfillmentCreate: UserErrors & { fulfillment: { id: string } | null } }>('FulfillmentCreate', {
          fulfillment: {
            lineItemsByFulfillmentOrder: open.map((fo) => ({ fulfillmentOrderId: fo.id })),
            trackingInfo: { company: write.carrierName, number: write.guideNumber, url: write.link },
            notifyCustomer: true,
          },
        });
        refuseUserErrors(fulfillmentCreate, 'Marcar el pedido como enviado');
        return { ref: fulfillmentCreate.fulfillment!.id };
      }
      const status = FULFILLMENT_EVENT_STATUS[write.event];
      if (!status || !ours) return { ref: ours?.id ?? null };
      if (ours.events.nodes.some((e) => e.status === status)) return { ref: ours.id };
      const { fulfillmentEventCreate } = await shopify.query<{ fulfillmentEventCreate: UserErrors }>('FulfillmentEventCreate', {
        fulfillmentEvent: { fulfillmentId: ours.id, status },
      });
      refuseUserErrors(fulfillmentEventCreate, 'Agregar el estado del envío');
      return { ref: ours.id };
    },
  };
}

function numbers(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v) && (v as number) > 0) : [];
}

export const shopifyPlatform: StorePlatform = {
  id: 'shopify',
  name: 'Shopify',
  // By update date, from a few minutes before the newest seen (clocks and commit order).
  sync: { cursor: 'modified', marginMs: 10 * 60_000 },
  webhook: {
    verify(raw, header, secret) {
      const signature = header('x-shopify-hmac-sha256');
      return Boolean(signature) && shopifyBodyMatches(secret, raw, signature!);
    },
    deliveryId: (_raw, header) => header('x-shopify-webhook-id'),
    read(raw, header): WebhookNotice | 'bad_body' {
      const topic = header('x-shopify-topic');
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return 'bad_body';
      }
      const b = (body ?? {}) as { orders_to_redact?: unknown; orders_requested?: unknown };
      switch (topic) {
        case 'orders/create':
        case 'orders/paid':
        case 'orders/cancelled':
        case 'orders/updated':
          return { kind: 'order', body };
        case 'app/uninstalled':
          return { kind: 'uninstalled' };
        case 'shop/redact':
          return { kind: 'redact', scope: 'shop', externalIds: [] };
        case 'customers/redact':
          return { kind: 'redact', scope: 'orders', externalIds: numbers(b.orders_to_redact) };
        case 'customers/data_request':
          return { kind: 'data_request', externalIds: numbers(b.orders_requested) };
        default:
          return { kind: 'ignored' };
      }
    },
    storeOf: (_raw, header) => {
      const shop = header('x-shopify-shop-domain');
      return shop && SHOP_DOMAIN.test(shop) ? `https://${shop.toLowerCase()}` : undefined;
    },
  },
  oauth: {
    demoStore: `https://${DEMO_SHOP}`,
    storeFromInput(shop) {
      const value = (shop ?? '')
        .trim()
        .toLowerCase()
        .replace(/^https?:\/\//, '')
        .replace(/\/.*$/, '');
      return SHOP_DOMAIN.test(value) ? `https://${value}` : undefined;
    },
    authorizeUrl({ base, app, state, redirectUri }) {
      // No grant_options[]=per-user: an offline token, for the background jobs.
      const url = new URL(`${base}/admin/oauth/authorize`);
      url.searchParams.set('client_id', app.clientId);
      url.searchParams.set('scope', SHOPIFY_SCOPES.join(','));
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      return url.toString();
    },
    readCallback(query, app) {
      // Before anything else: the hmac of the other parameters, then a shop that is a shop.
      if (!callbackSignatureMatches(app.clientSecret, query)) return { ok: false, reason: 'forged' };
      if (!query.code || !query.state || !SHOP_DOMAIN.test(query.shop ?? '')) return { ok: false, reason: 'forged' };
      return { ok: true, code: query.code, state: query.state, storeUrl: `https://${query.shop!.toLowerCase()}` };
    },
    async exchange({ storeUrl, code, app, http, requireHttps, timeoutMs }) {
      const shop = shopOf(storeUrl!);
      const { accessToken } = await exchangeShopifyCode({ shop, clientId: app.clientId, clientSecret: app.clientSecret, code, http, requireHttps, timeoutMs });
      return { accessToken, storeUrl: storeUrl!, externalStoreId: null, storeName: shop.replace(/\.myshopify\.com$/, '') };
    },
  },
  toOrderInput: shopifyToStoreOrder,
  weighsProducts: false,
  notAnOrder: 'sus datos no tienen la forma de un pedido de Shopify (un campo falta o tiene un tipo o valor imposible).',
  api,
};
