import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoStore, StoreList, StoreOrderDetail, StoreOrderPage } from '@envios/contracts/integrations';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';

/**
 * The demo store (issue 17): with no store of their own, a seller connects the labelled demo
 * store, receives an order, buys its guide and finds the note on the demo order, all in-process
 * and through the same client, simulator and routes a real store uses.
 */

let t: TestApp;
let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv, deps: { jobs: { backoffMs: () => 0 }, integrations: { intake: { weightsSlotMs: 1, quietBeforeWeightsMs: 0 } } } });
  admin = await signInAdmin(t.app);
  seller = await createSignedInUser(t.app, admin);
});
afterAll(async () => {
  await t.close();
});

async function stores(who: SignedIn): Promise<StoreList> {
  return (await t.app.inject({ method: 'GET', url: `/api/v1/woocommerce/stores/${who.id}`, headers: who.headers })).json<StoreList>();
}

async function consent(who: SignedIn, decision: 'approve' | 'deny', tamper: Record<string, string> = {}) {
  const demoUrl = (await stores(who)).demo_store_url;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/woocommerce/oauth',
    headers: who.headers,
    payload: { store_url: demoUrl, app_name: 'Mi tienda demo', user_id: who.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json<{ url_auth: string }>().url_auth);
  expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/tienda-demo/wc-auth/v1/authorize');
  const params = { ...Object.fromEntries(url.searchParams), ...tamper };
  return t.app.inject({ method: 'POST', url: '/api/v1/demo-store/authorize', headers: who.headers, payload: { ...params, decision } });
}

async function demo(who: SignedIn): Promise<DemoStore> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/demo-store', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DemoStore>();
}

describe('the demo store', () => {
  it('denying comes back with success=0 and connects nothing', async () => {
    const res = await consent(seller, 'deny');
    expect(res.statusCode, res.body).toBe(200);
    const back = new URL(res.json<{ redirect: string }>().redirect);
    expect(back.pathname).toBe('/integrations');
    expect(back.searchParams.get('success')).toBe('0');
    expect((await stores(seller)).data).toEqual([]);
  });

  it('refuses, in Spanish, a consent whose parameters were tampered with or whose callback is elsewhere', async () => {
    const scope = await consent(seller, 'approve', { scope: 'todo' });
    expect(scope.statusCode).toBe(400);
    expect(scope.json<{ message: string }>().message).toBe('Acceso denegado: el permiso solicitado (todo) no es válido.');
    const elsewhere = await consent(seller, 'approve', { callback_url: 'https://ataque.example/llaves' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json<{ message: string }>().message).toMatch(/solo entrega llaves a esta misma aplicación/);
  });

  it('returns the browser only to our own origin: a return_url elsewhere is refused, for deny and approve alike', async () => {
    const someone = await createSignedInUser(t.app, admin);
    for (const return_url of [
      'https://ataque.example/integrations',
      '//ataque.example/integrations',
      'http://localhost:3000@ataque.example/integrations',
      'javascript:alert(1)',
    ]) {
      for (const decision of ['deny', 'approve'] as const) {
        const res = await consent(someone, decision, { return_url });
        expect(res.statusCode, `${decision} ${return_url}: ${res.body}`).toBe(400);
        const { message } = res.json<{ message: string }>();
        expect(message).toMatch(
          return_url.startsWith('javascript') ? /^Acceso denegado: .* no es una dirección válida/ : /solo regresa a esta misma aplicación/,
        );
      }
    }
    expect((await stores(someone)).data).toEqual([]);
    expect((await demo(someone)).webhooks).toBe(0);
  });

  it('approving connects it, clearly as a sandbox, with our two webhooks on the demo store', async () => {
    const res = await consent(seller, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(new URL(res.json<{ redirect: string }>().redirect).searchParams.get('success')).toBe('1');
    await t.app.jobs.drain();
    const [store] = (await stores(seller)).data;
    expect(store).toMatchObject({ sandbox: true, state: 'connected', webhooks_ready: true, app_name: 'Mi tienda demo' });
    expect((await demo(seller)).webhooks).toBe(2);
  });

  it('an order placed in the demo store reaches the E-Commerce tab through its signed webhook', async () => {
    const placed = await t.app.inject({ method: 'POST', url: '/api/v1/demo-store/orders', headers: seller.headers, payload: {} });
    expect(placed.statusCode, placed.body).toBe(201);
    await t.app.jobs.drain();
    const page = (await t.app.inject({ method: 'GET', url: `/api/v1/marketplace/shipments/${seller.id}`, headers: seller.headers })).json<StoreOrderPage>();
    expect(page.count).toBe(1);
    expect(page.data[0]).toMatchObject({ order_id: placed.json<{ id: number }>().id, sandbox: true, ready: true, guide_status: 'Sin guía' });
  });

  it('the guide bought for it is written back as a note on the demo order', async () => {
    const row = (await t.app.inject({ method: 'GET', url: `/api/v1/marketplace/shipments/${seller.id}`, headers: seller.headers })).json<StoreOrderPage>()
      .data[0]!;
    const d = (await t.app.inject({ method: 'GET', url: `/api/v1/marketplace/orders/${row._id}`, headers: seller.headers })).json<StoreOrderDetail>();
    expect(d.weight_from_products).toBe(true);
    const shipment = await createOne(t, seller, {
      destination_direction: d.destination_direction,
      parcels: d.parcels,
      description_of_the_content: d.description_of_the_content,
      shipment_ecommerce: { order_id: d._id, ecommerce_type: 'woocommerce' },
    });
    await t.app.inject({ method: 'POST', url: '/api/v1/prepaid/createPrepaid', headers: admin.headers, payload: { userId: seller.id, cantidadAbonar: 5_000 } });
    const paid = await t.app.inject({ method: 'POST', url: '/api/v1/payments/many/monedero', headers: seller.headers, payload: { shipments: [shipment._id] } });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.app.jobs.drain();
    const [order] = (await demo(seller)).orders;
    expect(order!.tracking_number).toBeTruthy();
    expect(order!.tracking_provider).toBe('DHL');
    expect(order!.notes.map((n) => n.note)).toEqual([
      `Tu pedido ya tiene guía de envío con DHL. Número de guía: ${order!.tracking_number}. Síguelo en http://localhost:3000/rastreo/${order!.tracking_number}`,
    ]);
  });

  it('each account has its own demo store: another seller sees none of mine', async () => {
    const other = await createSignedInUser(t.app, admin);
    expect((await demo(other)).orders).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/demo-store' })).statusCode).toBe(401);
  });

  it('disconnecting removes our webhooks and the key from the demo store', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/status/woocommerce/${seller.id}`,
      headers: seller.headers,
      payload: { ecommerce_type: 'woocommerce', status: false },
    });
    expect(res.json()).toEqual({ status: false, disconnected: 1 });
    await t.app.jobs.drain();
    expect((await demo(seller)).webhooks).toBe(0);
    const [row] = await t.database.query<{ keys: number }>("select jsonb_array_length(state->'keys') as keys from demo_stores where user_id = $1", [seller.id]);
    expect(Number(row!.keys)).toBe(0);
  });
});
