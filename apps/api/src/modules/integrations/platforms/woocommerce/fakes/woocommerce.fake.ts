import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createOutboundHttp, type OutboundHttp, type OutboundPolicy } from '../../../../../shared/outbound-http.js';
import { localOutboundPolicy, TEST_TLS } from '../../../../../testing/test-tls.js';
import { sleep, startFakeServer, type FakeMode, type FakeServer } from '../../../../carriers/adapters/fakes/fake-server.js';
import { checkAuthParams, createKeys, deleteKey, keysCallbackBody, returnUrl } from '../woocommerce-sim-keys.js';
import { changeOrder, placeOrder, recordDeliveryResult, redeliver, type NewOrderInput } from '../woocommerce-sim-orders.js';
import { emptyStoreState, type SimContext, type SimDelivery, type SimState } from '../woocommerce-sim-store.js';
import { handleRest } from '../woocommerce-simulator.js';
import type { WooOrder, WooProduct } from '../woocommerce-wire.js';

/**
 * A local fake WooCommerce store for tests: the `/wc-auth/v1/authorize` consent page (approve
 * and deny) and `access_granted` with the server-to-server key POST, the REST API under
 * `/wp-json/wc/v3` (see woocommerce-simulator.ts), and webhook deliveries signed as WooCommerce
 * signs them. The store is "logged in" as its administrator.
 *
 * `ssl: true` plays a store behind TLS: it serves https with the test certificate at
 * `https://tienda.test:{port}` (Basic auth accepted). `outboundPolicy` is what lets the app's
 * outbound client reach it (the name resolved to 127.0.0.1, that address and port allowed, the
 * certificate trusted). Our app is reached through `send`, usually `app.inject`, for the key
 * callback and the webhooks.
 */
export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface DeliveryRecord {
  kind: SimDelivery['kind'];
  webhookId: number;
  topic: string | undefined;
  status: number;
  deliveryId: string | undefined;
}

export interface WooFake extends FakeServer {
  /** The store's home URL as our app knows it. */
  homeUrl: string;
  state: SimState;
  mode: FakeMode;
  deliveries: DeliveryRecord[];
  /** A checkout in the store; the order.created deliveries are sent (awaited). */
  placeOrder(input: NewOrderInput): Promise<WooOrder>;
  /** Same, but the deliveries are lost on the way (never sent). */
  placeOrderSilently(input: NewOrderInput): WooOrder;
  changeOrder(id: number, patch: Parameters<typeof changeOrder>[2]): Promise<void>;
  /** The store sends the order's delivery again (a retry). */
  redeliver(id: number, topic?: 'order.created' | 'order.updated'): Promise<number[]>;
  /** The merchant deletes every REST key (our calls then get 401). */
  revokeKeys(): void;
  /** The next `count` REST requests matching answer this status with WooCommerce's error body. */
  failNext(match: { method?: string; path: RegExp }, status: number, count?: number): void;
  /** What the outbound client needs to reach this fake (and nothing else on this machine). */
  outboundPolicy: OutboundPolicy;
  /** The outbound client with that policy: the merchant's browser in tests. */
  http: OutboundHttp;
  /** Approves the handshake as the merchant would in the browser: answers the final redirect (or the error page). */
  approve(urlAuth: string): Promise<{ status: number; location: string | null; body: string }>;
  /** Denies it: answers where the browser goes. */
  deny(urlAuth: string): Promise<string>;
}

function html(res: ServerResponse, status: number, title: string, body: string): void {
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=UTF-8');
  res.end(`<!DOCTYPE html><html><head><title>${title}</title></head><body>${body}</body></html>`);
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startWooFake(opts: {
  /** How the store reaches our app (key callback, webhooks). */
  send: (request: OutgoingRequest) => Promise<{ status: number }>;
  ssl?: boolean;
  /** The host name when `ssl` (default tienda.test). */
  publicHost?: string;
  products?: WooProduct[];
  now?: () => Date;
}): Promise<WooFake> {
  const state = emptyStoreState(opts.products ?? defaultProducts());
  const deliveries: DeliveryRecord[] = [];
  const failures: { method?: string; path: RegExp; status: number; left: number }[] = [];
  const nonces = new Map<string, { params: URLSearchParams }>();
  const box: { mode: FakeMode; homeUrl: string } = { mode: { kind: 'ok' }, homeUrl: '' };
  const now = opts.now ?? (() => new Date());
  const ctx = (): SimContext => ({ now: now(), homeUrl: box.homeUrl, ssl: opts.ssl ?? false });

  async function send(list: SimDelivery[]): Promise<number[]> {
    const statuses: number[] = [];
    for (const d of list) {
      let status = 0;
      try {
        status = (await opts.send({ url: d.url, headers: d.headers, body: d.body })).status;
      } catch {
        status = 0;
      }
      recordDeliveryResult(state, d.webhookId, status, d.kind);
      deliveries.push({
        kind: d.kind,
        webhookId: d.webhookId,
        topic: d.headers['x-wc-webhook-topic'],
        status,
        deliveryId: d.headers['x-wc-webhook-delivery-id'],
      });
      statuses.push(status);
    }
    return statuses;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const local = new URL(req.url ?? '/', 'http://fake');
    const publicUrl = new URL(`${box.homeUrl}${local.pathname}${local.search}`);

    if (local.pathname === '/wc-auth/v1/authorize' && req.method === 'GET') {
      const checked = checkAuthParams(local.searchParams);
      if (!checked.ok) return html(res, 401, 'Access denied', `<h1>Access denied</h1><p>${escape(checked.error)}</p>`);
      const nonce = randomBytes(5).toString('hex');
      nonces.set(nonce, { params: local.searchParams });
      const approve = new URL(`${box.homeUrl}/wc-auth/v1/access_granted`);
      for (const [k, v] of local.searchParams) approve.searchParams.set(k, v);
      approve.searchParams.set('wc_auth_nonce', nonce);
      const p = checked.params;
      return html(
        res,
        200,
        'Application authentication request',
        `<h1>${escape(p.app_name)} would like to connect to your store</h1>` +
          `<p>This will give "${escape(p.app_name)}" Read/Write access which will allow it to: View and manage orders and sales reports; View and manage customers; View and manage coupons; View and manage products.</p>` +
          `<a class="wc-auth-approve" href="${escape(approve.toString())}">Approve</a> ` +
          `<a class="wc-auth-deny" href="${escape(returnUrl(p, false))}">Deny</a>`,
      );
    }

    if (local.pathname === '/wc-auth/v1/access_granted' && req.method === 'GET') {
      const nonce = local.searchParams.get('wc_auth_nonce') ?? '';
      if (!nonces.delete(nonce)) return html(res, 401, 'Access denied', '<h1>Access denied</h1><p>Invalid nonce verification</p>');
      const checked = checkAuthParams(local.searchParams);
      if (!checked.ok) return html(res, 401, 'Access denied', `<h1>Access denied</h1><p>${escape(checked.error)}</p>`);
      const p = checked.params;
      const key = createKeys(state, p.app_name, p.scope, now());
      let status = 0;
      try {
        status = (
          await opts.send({ url: p.callback_url, headers: { 'content-type': 'application/json;charset=UTF-8' }, body: keysCallbackBody(key, p.user_id) })
        ).status;
      } catch {
        status = 0;
      }
      if (status !== 200) {
        deleteKey(state, key.key_id);
        return html(
          res,
          401,
          'Access denied',
          '<h1>Access denied</h1><p>An error occurred in the request and at the time were unable to send the consumer data</p>',
        );
      }
      res.statusCode = 302;
      res.setHeader('location', returnUrl(p, true));
      res.end();
      return;
    }

    // The REST API.
    const mode = box.mode;
    if (mode.kind === 'hang') return;
    if (mode.kind === 'slow') await sleep(mode.delayMs);
    if (mode.kind === 'error') {
      res.statusCode = mode.status;
      res.setHeader('content-type', 'application/json; charset=UTF-8');
      res.end(JSON.stringify({ code: 'internal_server_error', message: 'There has been a critical error on this website.', data: { status: mode.status } }));
      return;
    }
    const failure = failures.find((f) => f.left > 0 && (!f.method || f.method === req.method) && f.path.test(local.pathname));
    if (failure) {
      failure.left -= 1;
      res.statusCode = failure.status;
      res.setHeader('content-type', 'application/json; charset=UTF-8');
      res.end(JSON.stringify({ code: 'woocommerce_rest_simulated_failure', message: 'Simulated failure.', data: { status: failure.status } }));
      return;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
    const answer = handleRest(state, { method: req.method ?? 'GET', url: publicUrl.toString(), headers, body }, ctx());
    // WooCommerce pings a new active webhook before answering its creation.
    await send(answer.deliveries.filter((d) => d.kind === 'ping'));
    res.statusCode = answer.status;
    res.setHeader('content-type', 'application/json; charset=UTF-8');
    for (const [k, v] of Object.entries(answer.headers)) res.setHeader(k, v);
    res.end(JSON.stringify(answer.body));
    // Deliveries are queued by the store and go out after the answer.
    const later = answer.deliveries.filter((d) => d.kind === 'delivery');
    if (later.length > 0) setImmediate(() => void send(later));
  }

  const server = await startFakeServer(handle, opts.ssl ? { tls: TEST_TLS } : {});
  const port = new URL(server.url).port;
  const host = opts.publicHost ?? 'tienda.test';
  box.homeUrl = opts.ssl ? `https://${host}:${port}` : server.url;
  const outboundPolicy = localOutboundPolicy({ hosts: { [host]: '127.0.0.1' }, allow: [`127.0.0.1:${port}`] });
  const browser = createOutboundHttp(outboundPolicy);
  const browse = (url: string) => browser.request(url, { redirect: 'manual', timeoutMs: 5_000 });

  return {
    ...server,
    get homeUrl() {
      return box.homeUrl;
    },
    state,
    get mode() {
      return box.mode;
    },
    set mode(mode: FakeMode) {
      box.mode = mode;
    },
    deliveries,
    async placeOrder(input) {
      const { order, deliveries: out } = placeOrder(state, input, ctx());
      await send(out);
      return order;
    },
    placeOrderSilently(input) {
      return placeOrder(state, input, ctx()).order;
    },
    async changeOrder(id, patch) {
      await send(changeOrder(state, id, patch, ctx()));
    },
    redeliver: (id, topic = 'order.created') => send(redeliver(state, id, topic, ctx())),
    revokeKeys() {
      state.keys = [];
    },
    failNext(match, status, count = 1) {
      failures.push({ ...match, status, left: count });
    },
    outboundPolicy,
    http: browser,
    async approve(urlAuth) {
      const page = await browse(urlAuth);
      const text = page.text();
      const link = /class="wc-auth-approve" href="([^"]+)"/.exec(text)?.[1]?.replace(/&#38;/g, '&');
      if (!link) return { status: page.status, location: null, body: text };
      const granted = await browse(link);
      return { status: granted.status, location: granted.headers.get('location'), body: granted.text() };
    },
    async deny(urlAuth) {
      const page = await browse(urlAuth);
      const text = page.text();
      const link = /class="wc-auth-deny" href="([^"]+)"/.exec(text)?.[1]?.replace(/&#38;/g, '&');
      if (!link) throw new Error(`no hay enlace para denegar: ${text}`);
      return link;
    },
  };
}

/** A few products with weights (kg) and measures (cm), as a small Mexican shop would have. */
export function defaultProducts(): WooProduct[] {
  return [
    { id: 11, name: 'Taza de talavera', sku: 'TAZ-01', weight: '0.45', dimensions: { length: '12', width: '10', height: '11' } },
    { id: 12, name: 'Playera bordada', sku: 'PLA-02', weight: '0.25', dimensions: { length: '30', width: '25', height: '3' } },
    { id: 13, name: 'Salsa macha 250 ml', sku: 'SAL-03', weight: '0.4', dimensions: { length: '7', width: '7', height: '14' } },
    { id: 14, name: 'Tarjeta de regalo', sku: 'REG-04', weight: '', dimensions: { length: '', width: '', height: '' } },
  ];
}

/** A shipping address in Guadalajara (postal code 44100, in the demo catalogue). */
export function mexicanAddress(overrides: Partial<NewOrderInput['shipping']> = {}): NewOrderInput['shipping'] {
  return {
    first_name: 'María José',
    last_name: 'Hernández',
    company: '',
    address_1: 'Av. Juárez 123',
    address_2: 'Int. 4',
    city: 'Guadalajara',
    state: 'JA',
    postcode: '44100',
    country: 'MX',
    phone: '33 1234 5678',
    ...overrides,
  };
}
