import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoStore } from '@envios/contracts/integrations';
import type { SignedIn } from '../../../../testing/accounts.js';
import { APP_URL, buyGuideFor, listStores, newSeller, tabOrders } from '../../integrations.testing.js';
import { callback, startShopifyWorld, type ShopifyWorld } from './shopify.testing.js';

/** The labelled Shopify demo store: installed by the same OAuth path, its orders in by signed webhooks, the tracking back on its order. */

let world: ShopifyWorld;
let seller: SignedIn;

beforeAll(async () => {
  world = await startShopifyWorld();
  seller = await newSeller(world);
});
afterAll(async () => {
  await world.close();
});

async function demoView(who: SignedIn = seller): Promise<DemoStore> {
  const res = await world.t.app.inject({ method: 'GET', url: '/api/v1/demo-store/shopify', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DemoStore>();
}

async function consent(decision: 'approve' | 'deny') {
  const start = await world.t.app.inject({ method: 'POST', url: '/api/v1/stores/shopify/authorize', headers: seller.headers, payload: { sandbox: true } });
  expect(start.statusCode, start.body).toBe(200);
  const url = new URL(start.json<{ url_auth: string }>().url_auth);
  expect(`${url.origin}${url.pathname}`).toBe(`${APP_URL}/tienda-demo/shopify/admin/oauth/authorize`);
  const answer = await world.t.app.inject({
    method: 'POST',
    url: '/api/v1/demo-store/shopify/authorize',
    headers: seller.headers,
    payload: { ...Object.fromEntries(url.searchParams), decision },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return callback(world, seller, answer.json<{ redirect: string }>().redirect);
}

describe('the Shopify demo store', () => {
  it('denying connects nothing; approving installs it as a sandbox with our four webhooks', async () => {
    expect(await consent('deny')).toBe(`${APP_URL}/integrations?tienda=rechazada`);
    expect((await listStores(world, seller)).data).toHaveLength(0);
    expect(await consent('approve')).toBe(`${APP_URL}/integrations?tienda=conectada`);
    await world.t.app.jobs.drain();
    const [store] = (await listStores(world, seller)).data;
    expect(store).toMatchObject({ ecommerce_type: 'shopify', sandbox: true, state: 'connected', webhooks_ready: true });
    expect((await demoView()).webhooks).toBe(4);
  });

  it('a paid demo order reaches the E-Commerce tab, and the guide bought for it is the tracking on the demo order', async () => {
    const placed = await world.t.app.inject({ method: 'POST', url: '/api/v1/demo-store/shopify/orders', headers: seller.headers, payload: { kind: 'normal' } });
    expect(placed.statusCode, placed.body).toBe(201);
    await world.t.app.jobs.drain();
    const row = (await tabOrders(world.t, seller)).data.find((o) => o.order_id === placed.json<{ id: number }>().id);
    expect(row).toMatchObject({ sandbox: true, ready: true, store_status: 'processing' });
    const { guide } = await buyGuideFor(world.t, world.admin, seller, row!._id);
    const order = (await demoView()).orders.find((o) => o.id === row!.order_id)!;
    expect(order).toMatchObject({ tracking_number: guide, tracking_provider: 'DHL', status: 'completed' });
    expect(order.notes[0]!.note).toContain(`${APP_URL}/rastreo/${guide}`);
  });

  it('another seller sees none of my demo shop', async () => {
    const other = await newSeller(world);
    expect((await demoView(other)).orders).toHaveLength(0);
  });
});
