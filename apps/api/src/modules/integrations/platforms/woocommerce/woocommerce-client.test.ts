import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeys } from './woocommerce-sim-keys.js';
import { createWooClient, WooApiError } from './woocommerce-client.js';
import { mexicanAddress, startWooFake, type OutgoingRequest, type WooFake } from './fakes/woocommerce.fake.js';
import { signWebhookBody, webhookSignatureMatches, wpJsonEncode } from './woocommerce-wire.js';

/** The real client against the local fake store, over plain http (OAuth 1.0a) and "https" (Basic). */

const received: OutgoingRequest[] = [];
const send = (request: OutgoingRequest) => {
  received.push(request);
  return Promise.resolve({ status: 200 });
};

let plain: WooFake;
let tls: WooFake;

beforeAll(async () => {
  plain = await startWooFake({ send });
  tls = await startWooFake({ send, ssl: true });
});
afterAll(async () => {
  await plain.close();
  await tls.close();
});

function clientFor(fake: WooFake, overrides: { consumerSecret?: string } = {}) {
  const key = createKeys(fake.state, 'Pruebas', 'read_write', new Date());
  return createWooClient({
    storeUrl: fake.homeUrl,
    consumerKey: key.consumer_key,
    consumerSecret: overrides.consumerSecret ?? key.consumer_secret,
    http: fake.http,
    requireHttps: fake === tls,
  });
}

const order = () => ({ billing: { ...mexicanAddress(), email: 'mj@correo.mx' }, shipping: mexicanAddress(), items: [{ product_id: 11, quantity: 2 }] });

describe('the WooCommerce client', () => {
  it('signs requests with OAuth 1.0a over plain http and reads orders page by page with X-WP-TotalPages', async () => {
    const api = clientFor(plain);
    for (let i = 0; i < 5; i += 1) plain.placeOrderSilently(order());
    const first = await api.listOrders({ status: 'processing', page: 1, perPage: 2 });
    expect(first).toMatchObject({ total: 5, totalPages: 3 });
    expect(first.orders).toHaveLength(2);
    const last = await api.listOrders({ status: 'processing', page: 3, perPage: 2 });
    expect(last.orders).toHaveLength(1);
    const path = plain.requests.at(-1)!.path;
    expect(path).toContain('oauth_signature_method=HMAC-SHA256');
    expect(plain.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('uses HTTP Basic with the key pair over https', async () => {
    const api = clientFor(tls);
    tls.placeOrderSilently(order());
    const { orders } = await api.listOrders({ page: 1, perPage: 10 });
    expect(orders[0]!.shipping.postcode).toBe('44100');
    expect(tls.requests.at(-1)!.headers.authorization).toMatch(/^Basic /);
  });

  it('writes a customer note and tracking meta, and completes the order', async () => {
    const api = clientFor(tls);
    const placed = tls.placeOrderSilently(order());
    const note = await api.addOrderNote(placed.id, { note: 'Tu pedido va en camino', customer_note: true });
    expect(note).toMatchObject({ note: 'Tu pedido va en camino', customer_note: true });
    expect((await api.listOrderNotes(placed.id)).map((n) => n.id)).toEqual([note.id]);
    const updated = await api.updateOrder(placed.id, { status: 'completed', meta_data: [{ key: '_tracking_number', value: '123' }] });
    expect(updated.status).toBe('completed');
    expect(updated.meta_data).toContainEqual(expect.objectContaining({ key: '_tracking_number', value: '123' }));
  });

  it('creates a webhook (the store pings it first) and deletes it for good', async () => {
    const api = clientFor(tls);
    const before = received.length;
    const webhook = await api.createWebhook({
      name: 'Pruebas',
      topic: 'order.created',
      delivery_url: 'https://envios.test/api/v1/webhooks/woocommerce/x',
      secret: 's3cr3t',
    });
    expect(webhook).toMatchObject({ topic: 'order.created', status: 'active' });
    expect(received.slice(before)).toEqual([
      { url: 'https://envios.test/api/v1/webhooks/woocommerce/x', headers: expect.any(Object) as object, body: `webhook_id=${webhook.id}` },
    ]);
    expect((await api.listWebhooks()).map((w) => w.id)).toContain(webhook.id);
    await api.deleteWebhook(webhook.id);
    await api.deleteWebhook(webhook.id);
    expect((await api.listWebhooks()).map((w) => w.id)).not.toContain(webhook.id);
  });

  it('reads product weights and the store weight unit', async () => {
    const api = clientFor(plain);
    const products = await api.listProducts([11, 14]);
    expect(products.map((p) => [p.id, p.weight])).toEqual([
      [11, '0.45'],
      [14, ''],
    ]);
    expect(await api.weightUnit()).toBe('kg');
  });

  it('turns WooCommerce error bodies into errors whose kind says what to do', async () => {
    const wrong = clientFor(tls, { consumerSecret: `cs_${'0'.repeat(40)}` });
    const denied = await wrong.getOrder(1).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(WooApiError);
    expect(denied).toMatchObject({ kind: 'unauthorized', status: 401, code: 'woocommerce_rest_authentication_error', message: 'Consumer secret is invalid.' });
    const missing = await clientFor(tls)
      .getOrder(999_999)
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ kind: 'not_found', code: 'woocommerce_rest_shop_order_invalid_id' });
    tls.mode = { kind: 'error', status: 500 };
    const down = await clientFor(tls)
      .getOrder(1)
      .catch((e: unknown) => e);
    tls.mode = { kind: 'ok' };
    expect(down).toMatchObject({ kind: 'server', status: 500 });
  });

  it('gives up on a store that does not answer in time', async () => {
    plain.mode = { kind: 'hang' };
    const key = createKeys(plain.state, 'Pruebas', 'read_write', new Date());
    const api = createWooClient({
      storeUrl: plain.homeUrl,
      consumerKey: key.consumer_key,
      consumerSecret: key.consumer_secret,
      http: plain.http,
      requireHttps: false,
      timeoutMs: 200,
    });
    const error = await api.getOrder(1).catch((e: unknown) => e);
    plain.mode = { kind: 'ok' };
    expect(error).toMatchObject({ kind: 'timeout' });
  });
});

describe('webhook signatures', () => {
  it('are the base64 HMAC-SHA256 of the raw bytes WordPress wrote, which re-serializing would break', () => {
    const raw = wpJsonEncode({ name: 'María José', url: 'https://tienda.test/a' });
    expect(raw).toBe('{"name":"Mar\\u00eda Jos\\u00e9","url":"https:\\/\\/tienda.test\\/a"}');
    const signature = signWebhookBody('secreto', raw);
    expect(webhookSignatureMatches('secreto', Buffer.from(raw), signature)).toBe(true);
    expect(webhookSignatureMatches('secreto', Buffer.from(JSON.stringify(JSON.parse(raw))), signature)).toBe(false);
    expect(webhookSignatureMatches('otro', Buffer.from(raw), signature)).toBe(false);
  });
});
