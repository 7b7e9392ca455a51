import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoStore } from '@envios/contracts/integrations';
import type { SignedIn } from '../../../../testing/accounts.js';
import { APP_URL, buyGuideFor, listStores, newSeller, tabOrders } from '../../integrations.testing.js';
import { startTiendanubeWorld, type TiendanubeWorld } from './tiendanube.testing.js';

/** The labelled Tiendanube demo store: installed by the same authorization path, its id-only notices read back, the tracking on its order. */

let world: TiendanubeWorld;
let seller: SignedIn;

beforeAll(async () => {
  world = await startTiendanubeWorld();
  seller = await newSeller(world);
});
afterAll(async () => {
  await world.close();
});

async function demoView(who: SignedIn = seller): Promise<DemoStore> {
  const res = await world.t.app.inject({ method: 'GET', url: '/api/v1/demo-store/tiendanube', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DemoStore>();
}

async function consent(decision: 'approve' | 'deny', who: SignedIn = seller): Promise<string> {
  const start = await world.t.app.inject({ method: 'POST', url: '/api/v1/stores/tiendanube/authorize', headers: who.headers, payload: { sandbox: true } });
  expect(start.statusCode, start.body).toBe(200);
  const url = new URL(start.json<{ url_auth: string }>().url_auth);
  expect(`${url.origin}${url.pathname}`).toBe(`${APP_URL}/tienda-demo/tiendanube/apps/envios-demo-tiendanube/authorize`);
  const answer = await world.t.app.inject({
    method: 'POST',
    url: '/api/v1/demo-store/tiendanube/authorize',
    headers: who.headers,
    payload: { client_id: 'envios-demo-tiendanube', state: url.searchParams.get('state'), decision },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const back = new URL(answer.json<{ redirect: string }>().redirect);
  expect(`${back.origin}${back.pathname}`).toBe(`${APP_URL}/api/v1/stores/tiendanube/callback`);
  const res = await world.t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(302);
  return String(res.headers.location);
}

describe('the Tiendanube demo store', () => {
  it('denying connects nothing; approving installs it as a sandbox with our three notices', async () => {
    expect(await consent('deny')).toBe(`${APP_URL}/integrations?tienda=rechazada`);
    expect((await listStores(world, seller)).data).toHaveLength(0);
    expect(await consent('approve')).toBe(`${APP_URL}/integrations?tienda=conectada`);
    await world.t.app.jobs.drain();
    const [store] = (await listStores(world, seller)).data;
    expect(store).toMatchObject({ ecommerce_type: 'tiendanube', sandbox: true, state: 'connected', webhooks_ready: true });
    expect((await demoView()).webhooks).toBe(3);
  });

  it('refuses a consent for another app', async () => {
    const res = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/demo-store/tiendanube/authorize',
      headers: seller.headers,
      payload: { client_id: '4321', state: 'x', decision: 'approve' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('a paid demo order reaches the E-Commerce tab, and the guide bought for it is the tracking on the demo order', async () => {
    const placed = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/demo-store/tiendanube/orders',
      headers: seller.headers,
      payload: { kind: 'normal' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await world.t.app.jobs.drain();
    const row = (await tabOrders(world.t, seller)).data.find((o) => o.order_id === placed.json<{ id: number }>().id);
    expect(row).toMatchObject({ sandbox: true, ready: true, store_status: 'processing' });
    const { guide } = await buyGuideFor(world.t, world.admin, seller, row!._id);
    const order = (await demoView()).orders.find((o) => o.id === row!.order_id)!;
    expect(order).toMatchObject({ tracking_number: guide, status: 'completed' });
    expect(order.notes[0]!.note).toContain(`${APP_URL}/rastreo/${guide}`);
  });

  it('another seller sees none of my demo store, and an unknown platform is a 400 naming it', async () => {
    const other = await newSeller(world);
    expect((await demoView(other)).orders).toHaveLength(0);
    const bad = await world.t.app.inject({ method: 'GET', url: '/api/v1/demo-store/magento', headers: other.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('platform');
  });
});
