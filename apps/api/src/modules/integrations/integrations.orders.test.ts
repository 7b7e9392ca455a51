import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreOrderDetail, StoreOrderPage } from '@envios/contracts/integrations';
import type { CarrierTracking, TrackingAdapter } from '../carriers/adapters/tracking-adapter.js';
import { createCarrierLimiter } from '../tracking/tracking.usecases.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { someAddress, type SignedIn } from '../../testing/accounts.js';
import { signWebhookBody, wpJsonEncode } from './platforms/woocommerce/woocommerce-wire.js';
import { mexicanAddress } from './platforms/woocommerce/fakes/woocommerce.fake.js';
import { APP_URL, connectStore, listStores, newSeller, startStoreWorld, storeOrderCount, type StoreWorld } from './integrations.testing.js';

/**
 * Orders in and tracking out (issue 17), with the real client against the local fake store:
 * signed deliveries stored once, the periodic sync recovering a lost one, addresses mapped and
 * flagged, the E-Commerce tab, and tracking written back once per state even when a job retries.
 */

const tracked = new Map<string, CarrierTracking>();
const dhl: TrackingAdapter = {
  carrierCode: 'dhl',
  sandbox: false,
  track: (request) => Promise.resolve(tracked.get(request.guideNumber) ?? null),
};

let world: StoreWorld;
let seller: SignedIn;
let connectionId: string;

beforeAll(async () => {
  world = await startStoreWorld({
    deps: {
      jobs: { backoffMs: () => 0 },
      trackingAdapters: { dhl },
      tracking: { freshForMs: 0, cacheTtlMs: 0, limitLookup: async () => {}, limiter: createCarrierLimiter(10_000) },
    },
  });
  seller = await newSeller(world);
  connectionId = await connectStore(world, seller);
});
afterAll(async () => {
  await world.close();
});

const checkout = (shipping = mexicanAddress(), items = [{ product_id: 11, quantity: 2 }]) => ({
  billing: { ...shipping, email: 'cliente@correo.mx' },
  shipping,
  items,
});

function webhookUrl(id = connectionId) {
  return `/api/v1/webhooks/woocommerce/${id}`;
}

async function orders(who: SignedIn = seller, query = ''): Promise<StoreOrderPage> {
  const res = await world.t.app.inject({ method: 'GET', url: `/api/v1/marketplace/shipments/${who.id}${query}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StoreOrderPage>();
}

async function rowFor(externalId: number) {
  return (await orders(seller, '?limit=50')).data.find((o) => o.order_id === externalId);
}

async function detail(id: string, who: SignedIn = seller) {
  return world.t.app.inject({ method: 'GET', url: `/api/v1/marketplace/orders/${id}`, headers: who.headers });
}

describe('order webhooks', () => {
  it('answers the ping WooCommerce sends when a webhook is created, and nothing else happens', async () => {
    const res = await world.t.app.inject({
      method: 'POST',
      url: webhookUrl(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'webhook_id=7',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, action: 'ping' });
  });

  it('refuses a delivery with a bad signature (401) before reading it, and stores nothing', async () => {
    const order = world.fake.placeOrderSilently(checkout());
    const before = await storeOrderCount(world, connectionId);
    const body = wpJsonEncode(order);
    const res = await world.t.app.inject({
      method: 'POST',
      url: webhookUrl(),
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-topic': 'order.created',
        'x-wc-webhook-signature': signWebhookBody('no-es-el-secreto', body),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    const unsigned = await world.t.app.inject({
      method: 'POST',
      url: webhookUrl(),
      headers: { 'content-type': 'application/json', 'x-wc-webhook-topic': 'order.created' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await storeOrderCount(world, connectionId)).toBe(before);
    const [store] = (await listStores(world, seller)).data;
    expect(store!.health.recent_failures[0]!.reason).toMatch(/firma inválida/);
  });

  it('stores an order once however many times it is delivered, one after another or all at once', async () => {
    const order = await world.fake.placeOrder(checkout());
    expect(world.fake.deliveries.at(-1)).toMatchObject({ topic: 'order.created', status: 200 });
    for (let i = 0; i < 9; i += 1) await world.fake.redeliver(order.id);
    const delivery = world.fake.state.webhooks.find((w) => w.topic === 'order.created' && w.delivery_url === `${APP_URL}${webhookUrl()}`)!;
    const body = wpJsonEncode(world.fake.state.orders.find((o) => o.id === order.id));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        world.t.app.inject({
          method: 'POST',
          url: webhookUrl(),
          headers: {
            'content-type': 'application/json',
            'x-wc-webhook-topic': 'order.created',
            'x-wc-webhook-signature': signWebhookBody(delivery.secret, body),
          },
          payload: body,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const [row] = await world.t.database.query<{ n: string }>('select count(*) as n from store_orders where connection_id = $1 and external_id = $2', [
      connectionId,
      order.id,
    ]);
    expect(Number(row!.n)).toBe(1);
  });

  it('merges updates, and an older delivery arriving late changes nothing', async () => {
    const order = await world.fake.placeOrder(checkout());
    const firstBody = wpJsonEncode(world.fake.state.orders.find((o) => o.id === order.id));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await world.fake.changeOrder(order.id, { status: 'on-hold' });
    expect((await rowFor(order.id))!.store_status).toBe('on-hold');
    const secret = world.fake.state.webhooks.find((w) => w.delivery_url === `${APP_URL}${webhookUrl()}`)!.secret;
    const late = await world.t.app.inject({
      method: 'POST',
      url: webhookUrl(),
      headers: { 'content-type': 'application/json', 'x-wc-webhook-topic': 'order.created', 'x-wc-webhook-signature': signWebhookBody(secret, firstBody) },
      payload: firstBody,
    });
    expect(late.json()).toEqual({ received: true, action: 'unchanged' });
    expect((await rowFor(order.id))!.store_status).toBe('on-hold');
  });

  it('keeps an order with an unknown postal code, flagged so it cannot be bought before it is fixed', async () => {
    const order = await world.fake.placeOrder(checkout(mexicanAddress({ postcode: '00000' })));
    const row = await rowFor(order.id);
    expect(row).toMatchObject({ ready: false, name: 'María José Hernández' });
    expect(row!.problems).toContainEqual({
      field: 'postal_code',
      message: 'El código postal 00000 no existe en el catálogo: corrígelo en el asistente.',
      blocking: true,
    });
  });
});

describe('the periodic sync', () => {
  it('recovers an order whose webhook was lost', async () => {
    const lost = world.fake.placeOrderSilently(checkout(mexicanAddress({ first_name: 'Perdido', last_name: 'Sin Aviso' })));
    expect(await rowFor(lost.id)).toBeUndefined();
    // The next link of the periodic chain comes: one sync per connected store.
    await world.t.app.jobs.enqueue({ type: 'woocommerce.tick', key: 'tick-sync', payload: {} });
    await world.t.app.jobs.drain();
    expect((await rowFor(lost.id))?.name).toBe('Perdido Sin Aviso');
    const [store] = (await listStores(world, seller)).data;
    expect(store!.health.last_sync_at).not.toBeNull();
  });
});

describe('an order that cannot be stored', () => {
  it('is set aside with its reason for the seller; text it cannot keep is replaced and flagged; the next orders still arrive', async () => {
    const someone = await newSeller(world);
    const store = await connectStore(world, someone);
    const order = (name: string) => world.fake.placeOrderSilently(checkout(mexicanAddress({ first_name: name, last_name: 'Prueba' })));
    const withNul = order('Nulo');
    const absurd = order('Absurdo');
    const wrongType = order('Tipo');
    const good = order('Bueno');
    const raw = (id: number) =>
      world.fake.state.orders.find((o) => o.id === id)! as unknown as Record<string, unknown> & {
        shipping: Record<string, unknown>;
        line_items: Record<string, unknown>[];
      };
    raw(withNul.id).shipping.first_name = 'Nu\u0000lo\ud800';
    raw(absurd.id).line_items[0]!.quantity = 1e308;
    raw(wrongType.id).total = { importe: 'muchos' };
    await world.t.app.jobs.enqueue({ type: 'woocommerce.sync', key: `sync-poison:${store}`, payload: { connectionId: store } });
    await world.t.app.jobs.drain();

    const names = async () => {
      const rows = await world.t.database.query<{ customer_name: string; problems: { field: string; message: string }[] }>(
        'select customer_name, problems from store_orders where connection_id = $1',
        [store],
      );
      return rows;
    };
    const rows = await names();
    // The fake store is shared with the other tests: only this test's orders are looked at.
    const mine = rows.map((r) => r.customer_name).filter((n) => / Prueba$/.test(n));
    expect(mine).toEqual(expect.arrayContaining(['Bueno Prueba', 'Nu\uFFFDlo\uFFFD Prueba']));
    expect(mine).not.toContain('Absurdo Prueba');
    expect(mine).not.toContain('Tipo Prueba');
    expect(rows.find((r) => r.customer_name.startsWith('Nu'))!.problems).toContainEqual(
      expect.objectContaining({ field: 'order', message: expect.stringMatching(/caracteres no válidos/) as string }),
    );
    const [health] = (await listStores(world, someone)).data;
    const reasons = health!.health.recent_failures.map((f) => f.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Pedido #${absurd.number} no se pudo importar`)),
        expect.stringMatching(new RegExp(`^Pedido #${wrongType.number} no se pudo importar`)),
      ]),
    );
    expect(health!.health.last_sync_at).not.toBeNull();
    // The cursor moved on: a later order arrives with the next sync, and the set-aside ones are not told twice the same day.
    const later = order('Después');
    await world.t.app.jobs.enqueue({ type: 'woocommerce.sync', key: `sync-poison-2:${store}`, payload: { connectionId: store } });
    await world.t.app.jobs.drain();
    expect((await names()).map((r) => r.customer_name)).toContain('Después Prueba');
    expect(later.id).toBeGreaterThan(good.id);
    const again = (await listStores(world, someone)).data[0]!.health.recent_failures.filter((f) => f.reason.includes('no se pudo importar'));
    expect(again).toHaveLength(2);
  });
});

describe('weights, the E-Commerce tab and its detail', () => {
  it('takes the weight from the store products and pre-fills destination, content and parcel', async () => {
    const order = await world.fake.placeOrder(checkout());
    await world.t.app.jobs.drain();
    const row = await rowFor(order.id);
    const res = await detail(row!._id);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<StoreOrderDetail>();
    expect(d).toMatchObject({
      weight_kg: 0.9,
      weight_from_products: true,
      description_of_the_content: '2 × Taza de talavera',
      ready: true,
      guide_status: 'Sin guía',
      total: 897,
    });
    expect(d.parcels).toEqual([{ width: 12, depth: 11, height: 20, weight: 0.9 }]);
    expect(d.destination_direction).toMatchObject({
      postal_code: '44100',
      colony: 'Guadalajara Centro',
      address: 'Av. Juárez',
      number: '123',
      intNumber: '4',
      city: 'Jalisco, Guadalajara',
    });
    expect(d.items).toEqual([{ name: 'Taza de talavera', quantity: 2, sku: 'TAZ-01', weight_kg: 0.45 }]);
  });

  it('flags, without blocking, an order whose products have no weight in the store', async () => {
    const order = await world.fake.placeOrder(checkout(mexicanAddress(), [{ product_id: 14, quantity: 1 }]));
    await world.t.app.jobs.drain();
    const d = (await detail((await rowFor(order.id))!._id)).json<StoreOrderDetail>();
    expect(d.weight_kg).toBeNull();
    expect(d.parcels[0]!.weight).toBe(1);
    expect(d.problems).toContainEqual(expect.objectContaining({ field: 'parcels', blocking: false }));
    expect(d.ready).toBe(true);
  });

  it('filters by name above 2 characters, accents aside, and pages by 10', async () => {
    await world.fake.placeOrder(checkout(mexicanAddress({ first_name: 'Ángela', last_name: 'Zúñiga' })));
    expect((await orders(seller, '?filter=zu')).count).toBeGreaterThan(1);
    const found = await orders(seller, '?filter=ZUÑIGA');
    expect(found.data.map((o) => o.name)).toEqual(['Ángela Zúñiga']);
    const all = await orders();
    expect(all.data.length).toBeLessThanOrEqual(10);
    expect(all).toMatchObject({ page: 1, previous: null });
    const bad = await world.t.app.inject({ method: 'GET', url: `/api/v1/marketplace/shipments/${seller.id}?page=0`, headers: seller.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('page');
  });

  it('another account can neither list nor open my orders; an unknown order is 404', async () => {
    const other = await newSeller(world);
    const mine = (await orders()).data[0]!;
    expect((await world.t.app.inject({ method: 'GET', url: `/api/v1/marketplace/shipments/${seller.id}`, headers: other.headers })).statusCode).toBe(403);
    expect((await detail(mine._id, other)).statusCode).toBe(403);
    expect((await detail(mine._id, world.admin)).statusCode).toBe(200);
    expect((await detail('3f1c1b8e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await orders(other)).count).toBe(0);
  });
});

async function notesOf(orderId: number) {
  return (world.fake.state.notes[String(orderId)] ?? []).map((n) => n.note);
}

function metaOf(orderId: number, key: string) {
  return world.fake.state.orders.find((o) => o.id === orderId)!.meta_data.find((m) => m.key === key)?.value;
}

/** 'Generar Guia': the order's shipment bought with the wallet; answers the guide number. */
async function buyGuide(orderRowId: string, who: SignedIn = seller): Promise<{ shipmentId: string; guide: string }> {
  const d = (await detail(orderRowId, who)).json<StoreOrderDetail>();
  const shipment = await createOne(world.t, who, {
    destination_direction: d.destination_direction,
    parcels: d.parcels,
    description_of_the_content: d.description_of_the_content,
    shipment_ecommerce: { order_id: d._id, ecommerce_type: 'woocommerce' },
  });
  const credit = await world.t.app.inject({
    method: 'POST',
    url: '/api/v1/prepaid/createPrepaid',
    headers: world.admin.headers,
    payload: { userId: who.id, cantidadAbonar: 5_000 },
  });
  expect(credit.statusCode, credit.body).toBe(200);
  const paid = await world.t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/many/monedero',
    headers: who.headers,
    payload: { shipments: [shipment._id] },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await world.t.app.jobs.drain();
  const [row] = await world.t.database.query<{ number_guide: string }>('select number_guide from shipments where id = $1', [shipment._id]);
  expect(row!.number_guide).toBeTruthy();
  return { shipmentId: shipment._id, guide: row!.number_guide };
}

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

describe('tracking written back to the store order', () => {
  it('writes the guide, carrier and tracking link once per state, even when a job retries, and completes the order on delivery', async () => {
    const order = await world.fake.placeOrder(checkout());
    const row = (await rowFor(order.id))!;
    // The first write of the order's meta fails once: the job retries without a second note.
    world.fake.failNext({ method: 'PUT', path: new RegExp(`/orders/${order.id}$`) }, 500);
    const { guide } = await buyGuide(row._id);
    const puts = world.fake.requests.filter((r) => r.method === 'PUT' && r.path.startsWith(`/wp-json/wc/v3/orders/${order.id}`));
    expect(puts).toHaveLength(2);

    const issued = `Tu pedido ya tiene guía de envío con DHL. Número de guía: ${guide}. Síguelo en ${APP_URL}/rastreo/${guide}`;
    expect(await notesOf(order.id)).toEqual([issued]);
    expect(world.fake.state.notes[String(order.id)]![0]!.customer_note).toBe(true);
    expect(metaOf(order.id, '_tracking_number')).toBe(guide);
    expect(metaOf(order.id, '_tracking_provider')).toBe('DHL');
    expect((await rowFor(order.id))!).toMatchObject({ number_guide: guide, service: 'DHL - EXPRESS DOMESTIC' });

    await trackState(guide, ['picked_up']);
    await trackState(guide, ['picked_up']);
    await trackState(guide, ['picked_up', 'in_transit']);
    await trackState(guide, ['picked_up', 'in_transit', 'delivered']);
    expect(await notesOf(order.id)).toEqual([
      issued,
      `Tu envío con DHL (guía ${guide}): Recolectado. Síguelo en ${APP_URL}/rastreo/${guide}`,
      `Tu envío con DHL (guía ${guide}): En tránsito. Síguelo en ${APP_URL}/rastreo/${guide}`,
      `Tu envío con DHL (guía ${guide}): Entregado. Síguelo en ${APP_URL}/rastreo/${guide}`,
    ]);
    expect(world.fake.state.orders.find((o) => o.id === order.id)!.status).toBe('completed');
    // The store tells us about its own change (its order.updated delivery): the tab shows it too.
    await expect.poll(async () => (await rowFor(order.id))!.store_status).toBe('completed');
  });

  it('leaves the order as it is on delivery when the seller turned completing off', async () => {
    await world.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/woocommerce/stores/${connectionId}`,
      headers: seller.headers,
      payload: { complete_on_delivery: false },
    });
    const order = await world.fake.placeOrder(checkout());
    const { guide } = await buyGuide((await rowFor(order.id))!._id);
    await trackState(guide, ['delivered']);
    expect((await notesOf(order.id)).at(-1)).toContain('Entregado');
    expect(world.fake.state.orders.find((o) => o.id === order.id)!.status).toBe('processing');
    await world.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/woocommerce/stores/${connectionId}`,
      headers: seller.headers,
      payload: { complete_on_delivery: true },
    });
  });

  it('an order id of another account in shipment_ecommerce writes nothing to that store', async () => {
    const intruder = await newSeller(world);
    const order = await world.fake.placeOrder(checkout());
    const victimRow = (await rowFor(order.id))!;
    const shipment = await createOne(world.t, intruder, { shipment_ecommerce: { order_id: victimRow._id, ecommerce_type: 'woocommerce' } });
    await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/prepaid/createPrepaid',
      headers: world.admin.headers,
      payload: { userId: intruder.id, cantidadAbonar: 5_000 },
    });
    await world.t.app.inject({ method: 'POST', url: '/api/v1/payments/many/monedero', headers: intruder.headers, payload: { shipments: [shipment._id] } });
    await world.t.app.jobs.drain();
    expect(await notesOf(order.id)).toEqual([]);
    expect((await rowFor(order.id))!.shipments).toEqual([]);
  });
});

describe('a revoked key', () => {
  it('marks the connection as needing reconnection, holds the tracking, and sends it once reconnected', async () => {
    const order = await world.fake.placeOrder(checkout());
    const keysBefore = world.fake.state.keys.length;
    world.fake.revokeKeys();
    await buyGuide((await rowFor(order.id))!._id);
    const [store] = (await listStores(world, seller)).data;
    expect(store).toMatchObject({ state: 'needs_reconnect', status: true });
    expect(store!.health.failing_since).not.toBeNull();
    expect(store!.health.recent_failures[0]!.reason).toMatch(/rechazó nuestras llaves \(401\).*Reconectar/);
    expect(await notesOf(order.id)).toEqual([]);
    expect(keysBefore).toBeGreaterThan(0);

    // Webhooks keep working meanwhile (they are signed with our secret, not the keys).
    const next = await world.fake.placeOrder(checkout());
    expect(await rowFor(next.id)).toBeDefined();

    await connectStore(world, seller);
    await world.t.app.jobs.drain();
    const [again] = (await listStores(world, seller)).data;
    expect(again).toMatchObject({ state: 'connected' });
    expect(again!.health.failing_since).toBeNull();
    expect((await notesOf(order.id))[0]).toMatch(/^Tu pedido ya tiene guía de envío con DHL/);
  });
});

describe('a store failing for an hour', () => {
  it('e-mails its owner once per failing period', async () => {
    await world.t.database.query("update store_connections set failing_since = now() - interval '2 hours', failure_notified_at = null where id = $1", [
      connectionId,
    ]);
    const mails = async () =>
      (await world.t.database.query<{ n: string }>('select count(*) as n from jobs where key like $1', [`woo.failing:${connectionId}:%`]))[0]!.n;
    await world.t.app.jobs.enqueue({ type: 'woocommerce.tick', key: 'tick-prueba-1', payload: {} });
    await world.t.app.jobs.drain();
    await world.t.app.jobs.enqueue({ type: 'woocommerce.tick', key: 'tick-prueba-2', payload: {} });
    await world.t.app.jobs.drain();
    expect(Number(await mails())).toBe(1);
    const [mail] = await world.t.database.query<{ subject: string; recipient: string }>('select subject, recipient from outbox where subject like $1', [
      'Tu tienda %',
    ]);
    expect(mail).toMatchObject({ subject: 'Tu tienda Mi Tienda necesita atención', recipient: seller.email });
  });
});
