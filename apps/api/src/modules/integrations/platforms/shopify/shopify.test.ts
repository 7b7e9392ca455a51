import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierTracking, TrackingAdapter } from '../../../carriers/adapters/tracking-adapter.js';
import { createCarrierLimiter } from '../../../tracking/tracking.usecases.js';
import { someAddress, type SignedIn } from '../../../../testing/accounts.js';
import { APP_URL, buyGuideFor, newSeller, storeOrderCount, tabOrders } from '../../integrations.testing.js';
import { callbackMessage, hmacHex, signShopifyBody } from './shopify-wire.js';
import { authorizeShopify, callback, installShopify, startShopifyWorld, type ShopifyWorld } from './shopify.testing.js';

/**
 * Shopify with the real client against the local fake shop: the install (approve, deny, a forged
 * hmac or state, a state of another account), webhooks verified and deduplicated, throttling
 * answered by back-off, fulfillment with tracking and later states once each, the custom-app
 * token, privacy requests and the uninstall.
 */

const tracked = new Map<string, CarrierTracking>();
const dhl: TrackingAdapter = { carrierCode: 'dhl', sandbox: false, track: (request) => Promise.resolve(tracked.get(request.guideNumber) ?? null) };

let world: ShopifyWorld;
let seller: SignedIn;
let connectionId: string;

beforeAll(async () => {
  world = await startShopifyWorld({
    deps: { trackingAdapters: { dhl }, tracking: { freshForMs: 0, cacheTtlMs: 0, limitLookup: async () => {}, limiter: createCarrierLimiter(10_000) } },
  });
  seller = await newSeller(world);
  connectionId = await installShopify(world, seller);
});
afterAll(async () => {
  await world.close();
});

describe('the install (authorization code grant)', () => {
  it('asks for an offline token with our scopes, a signed one-use state and our https callback', async () => {
    const res = await authorizeShopify(world, seller);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json<{ url_auth: string }>().url_auth);
    expect(url.origin + url.pathname).toBe(`https://${world.fake.shop}/admin/oauth/authorize`);
    expect(url.searchParams.get('scope')).toBe('read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders');
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/v1/stores/shopify/callback`);
    expect(url.searchParams.has('grant_options[]')).toBe(false);
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f-]{36}\.[\w-]+$/);
  });

  it('refuses a shop that is not a .myshopify.com domain, naming the field', async () => {
    const res = await authorizeShopify(world, seller, { shop: 'mitienda.com.mx' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('shop');
  });

  it('a denied consent connects nothing', async () => {
    const other = await newSeller(world);
    const res = await authorizeShopify(world, other);
    expect(await callback(world, other, world.fake.deny(res.json<{ url_auth: string }>().url_auth))).toBe(`${APP_URL}/integrations?tienda=rechazada`);
    const [row] = await world.t.database.query<{ n: number }>('select count(*)::int as n from store_connections where user_id = $1', [other.id]);
    expect(row!.n).toBe(0);
  });

  it('refuses a forged hmac, a forged state, a state of another account and a replayed callback', async () => {
    const other = await newSeller(world);
    const start = async (who: SignedIn) => world.fake.approve((await authorizeShopify(world, who)).json<{ url_auth: string }>().url_auth);

    const forgedHmac = new URL(await start(other));
    forgedHmac.searchParams.set('hmac', hmacHex('not-the-secret', callbackMessage(Object.fromEntries(forgedHmac.searchParams))));
    expect(await callback(world, other, forgedHmac.toString())).toBe(`${APP_URL}/integrations?tienda=invalida`);

    // A state we never signed, re-signed with the app secret as an attacker cannot do for ours.
    const forgedState = new URL(await start(other));
    forgedState.searchParams.set('state', `${forgedState.searchParams.get('state')!.split('.')[0]}.AAAA`);
    const params = Object.fromEntries(forgedState.searchParams);
    forgedState.searchParams.set('hmac', hmacHex(world.fake.app.clientSecret, callbackMessage(params)));
    expect(await callback(world, other, forgedState.toString())).toBe(`${APP_URL}/integrations?tienda=invalida`);

    // Another account's browser cannot finish my install.
    const mine = await start(other);
    expect(await callback(world, seller, mine)).toBe(`${APP_URL}/integrations?tienda=invalida`);
    expect(await callback(world, other, mine)).toBe(`${APP_URL}/integrations?tienda=conectada`);
    expect(await callback(world, other, mine)).toBe(`${APP_URL}/integrations?tienda=invalida`);
    const [row] = await world.t.database.query<{ n: number }>("select count(*)::int as n from store_connections where user_id = $1 and platform = 'shopify'", [
      other.id,
    ]);
    expect(row!.n).toBe(1);
  });

  it('keeps the offline token sealed and subscribes our four topics to the store', async () => {
    const [row] = await world.t.database.query<{ consumer_key_sealed: string }>('select consumer_key_sealed from store_connections where id = $1', [
      connectionId,
    ]);
    expect(row!.consumer_key_sealed).not.toContain('shpat_');
    const ours = world.fake.state.webhooks.filter((w) => w.callbackUrl === `${APP_URL}/api/v1/webhooks/shopify/${connectionId}`).map((w) => w.topic);
    expect(ours.sort()).toEqual(['APP_UNINSTALLED', 'ORDERS_CANCELLED', 'ORDERS_CREATE', 'ORDERS_PAID']);
  });
});

describe('order webhooks', () => {
  it('verifies the base64 HMAC of the raw body before reading it, and stores an order delivered 10 times once', async () => {
    const before = await storeOrderCount(world, connectionId);
    const id = await world.fake.placeOrder();
    const statuses = await world.fake.redeliver(id, 10);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await storeOrderCount(world, connectionId)).toBe(before + 1);
    const row = (await tabOrders(world.t, seller)).data.find((o) => o.order_id === id)!;
    expect(row).toMatchObject({ store_status: 'processing', ready: true, name: 'María José Hernández', destination: 'Guadalajara, Jalisco · C.P. 44100' });

    const body = '{"id":1}';
    const tampered = await world.t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/shopify/${connectionId}`,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'orders/create',
        'x-shopify-hmac-sha256': signShopifyBody(world.fake.app.clientSecret, `${body} `),
      },
      payload: body,
    });
    expect(tampered.statusCode).toBe(401);
  });

  it('takes the weight from the line items and the cancellation from orders/cancelled', async () => {
    const id = await world.fake.placeOrder({ lines: [{ name: 'Café de Chiapas 500 g', quantity: 3, sku: 'CAF-105', grams: 550 }] });
    const row = (await tabOrders(world.t, seller)).data.find((o) => o.order_id === id)!;
    const detail = await world.t.app.inject({ method: 'GET', url: `/api/v1/marketplace/orders/${row._id}`, headers: seller.headers });
    expect(detail.json<{ weight_kg: number; weight_from_products: boolean }>()).toMatchObject({ weight_kg: 1.65, weight_from_products: true });
    await world.fake.cancelOrder(id);
    expect((await tabOrders(world.t, seller)).data.some((o) => o.order_id === id)).toBe(false);
  });

  it('a lost notice comes back with the reconciliation by updated_at, and throttling is answered by waiting for the points', async () => {
    const id = world.fake.placeOrderSilently();
    world.fake.state.throttleNext = 2;
    world.waits.length = 0;
    await world.t.app.jobs.enqueue({ type: 'woocommerce.sync', key: `shopify-sync:${id}`, payload: { connectionId } });
    await world.t.app.jobs.drain();
    expect((await tabOrders(world.t, seller)).data.some((o) => o.order_id === id)).toBe(true);
    // 52 points asked with at most 51 left, restoring 50 a second: at least 20 ms each time.
    expect(world.waits.length).toBeGreaterThanOrEqual(2);
    expect(world.waits.every((ms) => ms >= 20)).toBe(true);
  });
});

describe('tracking written back', () => {
  it('fulfils the open fulfillment orders once with company, number and our link, notifying the buyer; later states once each', async () => {
    const id = await world.fake.placeOrder();
    const row = (await tabOrders(world.t, seller)).data.find((o) => o.order_id === id)!;
    const { guide } = await buyGuideFor(world.t, world.admin, seller, row._id);
    const fulfillments = world.fake.state.fulfillments.filter((f) => f.order_id === id);
    expect(fulfillments).toHaveLength(1);
    expect(fulfillments[0]).toMatchObject({ tracking: { company: 'DHL', number: guide, url: `${APP_URL}/rastreo/${guide}` }, notify_customer: true });
    expect(world.fake.state.orders.find((o) => o.id === id)!.fulfillment_orders[0]!.status).toBe('CLOSED');
    // The same event again (a retried job) writes nothing new.
    const [wb] = await world.t.database.query<{ id: string }>("select id from store_writebacks where event = 'issued' order by created_at desc limit 1", []);
    await world.t.database.query("update store_writebacks set status = 'pending' where id = $1", [wb!.id]);
    await world.t.app.jobs.enqueue({ type: 'woocommerce.writeback', key: `again:${wb!.id}`, payload: { writebackId: wb!.id } });
    await world.t.app.jobs.drain();
    expect(world.fake.state.fulfillments.filter((f) => f.order_id === id)).toHaveLength(1);

    await trackState(guide, ['picked_up']);
    await trackState(guide, ['picked_up']);
    await trackState(guide, ['picked_up', 'in_transit']);
    await trackState(guide, ['picked_up', 'in_transit', 'delivered']);
    expect(world.fake.state.fulfillments.find((f) => f.order_id === id)!.events.map((e) => e.status)).toEqual(['CARRIER_PICKED_UP', 'IN_TRANSIT', 'DELIVERED']);
  });
});

async function trackState(guide: string, states: CarrierTracking['events'][number]['state'][]) {
  tracked.set(guide, {
    events: states.map((state, i) => ({
      occurredAt: new Date(Date.now() - (states.length - i) * 60_000),
      state,
      code: state.toUpperCase(),
      description: state,
      location: 'GUADALAJARA',
      piece: null,
    })),
    shipperCity: 'GUADALAJARA',
    consigneeCity: 'GUADALAJARA',
    pieces: 1,
    publicUrl: null,
  });
  const res = await world.t.app.inject({ method: 'POST', url: '/api/v1/tracking', payload: { guide_number: guide }, remoteAddress: someAddress() });
  expect(res.statusCode, res.body).toBe(200);
  await world.t.app.jobs.drain();
}

describe('a custom app token', () => {
  it('is checked against the shop before it is kept; a wrong one is refused naming the field', async () => {
    const other = await newSeller(world);
    const bad = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/stores/shopify/token',
      headers: other.headers,
      payload: { shop: world.fake.shop, access_token: `shpat_${'x'.repeat(32)}`, api_secret: 'custom-app-secret-0123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('access_token');
    const token = world.fake.createCustomApp();
    const ok = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/stores/shopify/token',
      headers: other.headers,
      payload: { shop: world.fake.shop, access_token: token, api_secret: 'custom-app-secret-0123' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await world.t.app.jobs.drain();
    const [row] = await world.t.database.query<{ state: string; webhook_ids: Record<string, string> | null }>(
      'select state, webhook_ids from store_connections where id = $1',
      [ok.json<{ _id: string }>()._id],
    );
    expect(row!.state).toBe('connected');
    expect(Object.keys(row!.webhook_ids ?? {})).toHaveLength(4);
  });
});

describe('privacy and uninstall', () => {
  it('customers/redact erases the named orders’ customer data; a forged one is refused', async () => {
    const id = await world.fake.placeOrder();
    expect(await world.fake.privacy('customers/redact', { shop_domain: world.fake.shop, orders_to_redact: [id] }, APP_URL)).toBe(200);
    const [row] = await world.t.database.query<{ customer_name: string; destination: Record<string, string> }>(
      'select customer_name, destination from store_orders where connection_id = $1 and external_id = $2',
      [connectionId, id],
    );
    expect(row).toEqual({ customer_name: 'Datos borrados', destination: {} });
    const forged = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/shopify/app',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'shop/redact',
        'x-shopify-shop-domain': world.fake.shop,
        'x-shopify-hmac-sha256': signShopifyBody('nope', '{}'),
      },
      payload: '{}',
    });
    expect(forged.statusCode).toBe(401);
  });

  it('app/uninstalled forgets the token and disconnects the store', async () => {
    await world.fake.uninstall();
    const [row] = await world.t.database.query<{ state: string; consumer_key_sealed: string | null }>(
      'select state, consumer_key_sealed from store_connections where id = $1',
      [connectionId],
    );
    expect(row).toEqual({ state: 'disconnected', consumer_key_sealed: null });
  });
});
