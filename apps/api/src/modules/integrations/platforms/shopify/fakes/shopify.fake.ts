import type { IncomingMessage, ServerResponse } from 'node:http';
import { createOutboundHttp, type OutboundHttp } from '../../../../../shared/outbound-http.js';
import { localOutboundPolicy, TEST_TLS } from '../../../../../testing/test-tls.js';
import { startFakeServer, type FakeServer } from '../../../../carriers/adapters/fakes/fake-server.js';
import {
  approveConsent,
  cancelOrder,
  checkConsent,
  deliveriesFor,
  emptyShopState,
  handleShopRequest,
  placeOrder,
  restOrder,
  uninstall,
  type NewShopifyOrder,
  type ShopifySimState,
  type SimAddress,
  type SimDelivery,
} from '../shopify-simulator.js';
import { signShopifyBody } from '../shopify-wire.js';

/**
 * A local fake Shopify shop for tests: the consent page (approve, deny), the token exchange and
 * the Admin GraphQL API of shopify-simulator.ts served over https with the test certificate, and
 * webhook deliveries signed as Shopify signs them. `outbound` is the app's outbound client that
 * reaches it: calls to `https://{shop}/…` go to this server (its certificate trusted, its local
 * address allowed), so the real client runs unchanged. Our app is reached through `send`.
 */

export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface ShopifyFake extends FakeServer {
  shop: string;
  state: ShopifySimState;
  app: { clientId: string; clientSecret: string };
  outbound: OutboundHttp;
  /** Statuses of the deliveries sent, by topic. */
  deliveries: { topic: string; status: number; webhookId: string }[];
  placeOrder(input?: Partial<NewShopifyOrder>): Promise<number>;
  placeOrderSilently(input?: Partial<NewShopifyOrder>): number;
  cancelOrder(id: number): Promise<void>;
  /** The same delivery (same X-Shopify-Webhook-Id) sent again `times` times at once. */
  redeliver(id: number, times: number): Promise<number[]>;
  uninstall(): Promise<void>;
  /** The merchant approves the install: answers our callback URL (code, hmac, shop, state, timestamp). */
  approve(urlAuth: string): string;
  /** The merchant declines: back to our callback with `error=access_denied`. */
  deny(urlAuth: string): string;
  /** The merchant creates a custom app in their admin: answers its Admin API token. */
  createCustomApp(): string;
  /** A privacy webhook sent to our app-level address, signed with the app secret. */
  privacy(topic: 'customers/redact' | 'shop/redact' | 'customers/data_request', body: unknown, appUrl: string): Promise<number>;
}

export function shopifyAddress(overrides: Partial<SimAddress> = {}): SimAddress {
  return {
    first_name: 'María José',
    last_name: 'Hernández',
    company: '',
    address1: 'Av. Juárez 123',
    address2: 'Int. 4',
    city: 'Guadalajara',
    province: 'Jalisco',
    province_code: 'JAL',
    zip: '44100',
    country_code: 'MX',
    phone: '+52 33 1234 5678',
    ...overrides,
  };
}

export async function startShopifyFake(opts: {
  send: (request: OutgoingRequest) => Promise<{ status: number }>;
  shop?: string;
  app?: { clientId: string; clientSecret: string };
  now?: () => Date;
}): Promise<ShopifyFake> {
  const shop = opts.shop ?? 'mitienda.myshopify.com';
  const app = opts.app ?? { clientId: 'fake-shopify-client', clientSecret: 'fake-shopify-secret-0123456789' };
  const state = emptyShopState(shop, app);
  const now = opts.now ?? (() => new Date());
  const deliveries: ShopifyFake['deliveries'] = [];

  async function send(list: SimDelivery[]): Promise<number[]> {
    return Promise.all(
      list.map(async (d) => {
        let status = 0;
        try {
          status = (await opts.send({ url: d.url, headers: d.headers, body: d.body })).status;
        } catch {
          status = 0;
        }
        deliveries.push({ topic: d.headers['x-shopify-topic'] ?? '', status, webhookId: d.headers['x-shopify-webhook-id'] ?? '' });
        return status;
      }),
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const local = new URL(req.url ?? '/', `https://${shop}`);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
    const { response, deliveries: out } = handleShopRequest(state, { method: req.method ?? 'GET', url: local.toString(), headers, body }, now());
    res.statusCode = response.status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(response.body));
    if (out.length > 0) setImmediate(() => void send(out));
  }

  const server = await startFakeServer(handle, { tls: TEST_TLS });
  const port = new URL(server.url).port;
  const real = createOutboundHttp(localOutboundPolicy({ hosts: { 'shopify.tienda.test': '127.0.0.1' }, allow: [`127.0.0.1:${port}`] }));
  // `https://{shop}/…` is this server (the certificate names *.tienda.test).
  const rewrite = (url: string | URL) => {
    const u = new URL(url.toString());
    if (u.hostname !== shop) return u;
    return new URL(`https://shopify.tienda.test:${port}${u.pathname}${u.search}`);
  };
  const outbound: OutboundHttp = {
    request: (url, init) => real.request(rewrite(url), init),
    checkDestination: (url, o) => real.checkDestination(rewrite(url), o),
  };
  const order = (input: Partial<NewShopifyOrder> = {}): NewShopifyOrder => ({
    shipping: shopifyAddress(),
    email: 'cliente@correo.mx',
    lines: [{ name: 'Taza de talavera', quantity: 2, sku: 'TAZ-101', grams: 450 }],
    total_price: '549.00',
    ...input,
  });

  return {
    ...server,
    shop,
    state,
    app,
    outbound,
    deliveries,
    async placeOrder(input) {
      const placed = placeOrder(state, order(input), now());
      await send(placed.deliveries);
      return placed.order.id;
    },
    placeOrderSilently: (input) => placeOrder(state, order(input), now()).order.id,
    async cancelOrder(id) {
      await send(cancelOrder(state, id, now()));
    },
    async redeliver(id, times) {
      const o = state.orders.find((x) => x.id === id)!;
      const one = deliveriesFor(state, 'ORDERS_CREATE', restOrder(state, o), now(), `retry-${id}`);
      return (await Promise.all(Array.from({ length: times }, () => send(one)))).flat();
    },
    async uninstall() {
      await send(uninstall(state, now()));
    },
    approve(urlAuth) {
      const checked = checkConsent(state, new URL(urlAuth).searchParams);
      if (!checked.ok) throw new Error(checked.error);
      return approveConsent(state, checked.params, now());
    },
    deny(urlAuth) {
      const params = new URL(urlAuth).searchParams;
      const back = new URL(params.get('redirect_uri')!);
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('state', params.get('state') ?? '');
      return back.toString();
    },
    createCustomApp() {
      state.customAppToken = `shpat_${'c'.repeat(32)}`;
      return state.customAppToken;
    },
    async privacy(topic, body, appUrl) {
      const raw = JSON.stringify(body);
      const result = await opts.send({
        url: `${appUrl}/api/v1/webhooks/shopify/app`,
        body: raw,
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': topic,
          'x-shopify-shop-domain': shop,
          'x-shopify-webhook-id': `privacy-${Date.now()}`,
          'x-shopify-hmac-sha256': signShopifyBody(app.clientSecret, raw),
        },
      });
      return result.status;
    },
  };
}
