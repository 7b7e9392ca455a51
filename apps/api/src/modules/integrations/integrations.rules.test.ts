import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreOrderPage, StoreRule } from '@envios/contracts/integrations';
import type { SignedIn } from '../../testing/accounts.js';
import { setStock } from '../guides/guides.testing.js';
import { newSeller, saveOrigin, tabOrders } from './integrations.testing.js';
import { shopifyAddress } from './platforms/shopify/fakes/shopify.fake.js';
import { installShopify, startShopifyWorld, type ShopifyWorld } from './platforms/shopify/shopify.testing.js';

/**
 * Rules that ship by themselves, against the real Shopify client and its fake: a paid order
 * within the rule becomes a paid guide exactly once (the notice ten times, two runs at once), the
 * tracking reaches the store's order, a flagged address and an empty wallet wait with their
 * reason, the daily limit holds, and no one reads or changes another account's rule.
 */

let world: ShopifyWorld;
let seller: SignedIn;
let connectionId: string;
let originId: string;

beforeAll(async () => {
  world = await startShopifyWorld();
  seller = await newSeller(world);
  connectionId = await installShopify(world, seller);
  originId = await saveOrigin(world, seller);
});
afterAll(async () => {
  await world.close();
});

async function putRule(who: SignedIn, id: string, rule: Record<string, unknown>) {
  return world.t.app.inject({ method: 'PUT', url: `/api/v1/stores/${id}/rule`, headers: who.headers, payload: rule });
}

async function credit(who: SignedIn, amount: number) {
  const res = await world.t.app.inject({
    method: 'POST',
    url: '/api/v1/prepaid/createPrepaid',
    headers: world.admin.headers,
    payload: { userId: who.id, cantidadAbonar: amount },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function orderRow(externalId: number): Promise<StoreOrderPage['data'][number]> {
  const row = (await tabOrders(world.t, seller)).data.find((o) => o.order_id === externalId);
  expect(row).toBeDefined();
  return row!;
}

const rule = {
  origin_address_id: null as string | null,
  package_template_id: null,
  carrier_rule: 'service',
  service_name: 'EXPRESS DOMESTIC',
  max_price: null,
  auto_purchase: true,
  daily_limit: 2,
};

describe('the rule, its owner only', () => {
  it('is read and saved by the store owner; another seller reads or changes nothing, and a bad input names its field', async () => {
    const fresh = await world.t.app.inject({ method: 'GET', url: `/api/v1/stores/${connectionId}/rule`, headers: seller.headers });
    expect(fresh.json<StoreRule>()).toMatchObject({ carrier_rule: 'cheapest', auto_purchase: false, bought_today: 0 });

    const other = await newSeller(world);
    expect((await world.t.app.inject({ method: 'GET', url: `/api/v1/stores/${connectionId}/rule`, headers: other.headers })).statusCode).toBe(403);
    expect((await putRule(other, connectionId, { ...rule, origin_address_id: await saveOrigin(world, other) })).statusCode).toBe(403);

    const noOrigin = await putRule(seller, connectionId, rule);
    expect(noOrigin.statusCode).toBe(400);
    const issue = noOrigin.json<{ errors: { path: string; message: string }[] }>().errors[0]!;
    expect(issue.path).toBe('origin_address_id');
    expect(issue.message).toContain('Para comprar guías solas elige la dirección de origen.');
    const foreign = await putRule(seller, connectionId, { ...rule, origin_address_id: await saveOrigin(world, other) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('origin_address_id');
    const badLimit = await putRule(seller, connectionId, { ...rule, origin_address_id: originId, daily_limit: 0 });
    expect(badLimit.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('daily_limit');

    const saved = await putRule(seller, connectionId, { ...rule, origin_address_id: originId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<StoreRule>()).toMatchObject({ auto_purchase: true, daily_limit: 2, origin_address_id: originId });
  });
});

describe('automatic purchase', () => {
  it('an order within the rule becomes one paid guide, however often its notice comes and even with two runs at once; the tracking reaches the store', async () => {
    await credit(seller, 5_000);
    const id = await world.fake.placeOrder();
    await world.fake.redeliver(id, 10);
    const row = await orderRow(id);
    // The same order's job twice more, as two processes picking it up would.
    await Promise.all(
      ['again-a', 'again-b'].map((key) => world.t.app.jobs.enqueue({ type: 'stores.auto-ship', key: `${key}:${row._id}`, payload: { orderId: row._id } })),
    );
    await world.t.app.jobs.drain();
    const after = await orderRow(id);
    expect(after.auto_ship, JSON.stringify(after.auto_ship)).toEqual({ status: 'bought', reason: null });
    expect(after.shipments).toHaveLength(1);
    expect(after.shipments[0]!.status).toBe(true);
    expect(after.number_guide).toBeTruthy();
    const [ledger] = await world.t.database.query<{ n: number }>('select count(*)::int as n from shipments where user_id = $1 and paid = true', [seller.id]);
    expect(ledger!.n).toBe(1);
    expect(world.fake.state.fulfillments.filter((f) => f.order_id === id).map((f) => f.tracking.number)).toEqual([after.number_guide]);
  });

  it('a flagged address waits with its reason, and nothing is bought', async () => {
    const id = await world.fake.placeOrder({ shipping: shopifyAddress({ zip: '00000' }) });
    await world.t.app.jobs.drain();
    const row = await orderRow(id);
    expect(row.auto_ship?.status).toBe('waiting');
    expect(row.auto_ship?.reason).toMatch(/^La dirección necesita tu revisión: /);
    expect(row.shipments).toHaveLength(0);
  });

  it('the daily limit holds: past it, orders wait with the reason', async () => {
    const second = await world.fake.placeOrder();
    await world.t.app.jobs.drain();
    expect((await orderRow(second)).auto_ship?.status).toBe('bought');
    const third = await world.fake.placeOrder();
    await world.t.app.jobs.drain();
    const row = await orderRow(third);
    expect(row.auto_ship).toEqual({
      status: 'waiting',
      reason: 'Se alcanzó el límite de 2 guías automáticas por día de esta tienda: se comprará sola mañana, o genérala tú.',
    });
    expect(row.shipments).toHaveLength(0);
    const read = await world.t.app.inject({ method: 'GET', url: `/api/v1/stores/${connectionId}/rule`, headers: seller.headers });
    expect(read.json<StoreRule>().bought_today).toBe(2);
  });

  it('no service under the maximum price waits with the reason', async () => {
    expect((await putRule(seller, connectionId, { ...rule, origin_address_id: originId, daily_limit: 50, max_price: 1 })).statusCode).toBe(200);
    const id = await world.fake.placeOrder();
    await world.t.app.jobs.drain();
    expect((await orderRow(id)).auto_ship).toEqual({ status: 'waiting', reason: 'Ningún servicio de tu regla cuesta MX$1.00 o menos para este pedido.' });
  });

  it('«más barato» skips a service sold from the guide inventory when it has no guides left, and takes it again once guides arrive', async () => {
    const [ampm] = await world.t.database.query<{ id: string }>("select id from carrier_services where name = 'ESTANDAR'", []);
    const serviceOf = async (externalId: number) => {
      const row = await orderRow(externalId);
      expect(row.auto_ship, JSON.stringify(row.auto_ship)).toEqual({ status: 'bought', reason: null });
      const [s] = await world.t.database.query<{ service_id: string }>('select service_id from shipments where id = $1', [row.shipments[0]!._id]);
      return s!.service_id;
    };
    expect(
      (await putRule(seller, connectionId, { ...rule, origin_address_id: originId, daily_limit: 50, carrier_rule: 'cheapest', service_name: null })).statusCode,
    ).toBe(200);
    await setStock(world.t, ampm!.id, 0);
    const without = await world.fake.placeOrder();
    await world.t.app.jobs.drain();
    expect(await serviceOf(without)).not.toBe(ampm!.id);
    // With guides, the same order is AM/PM's: it was the cheapest all along.
    await setStock(world.t, ampm!.id, 1);
    const withGuides = await world.fake.placeOrder();
    await world.t.app.jobs.drain();
    expect(await serviceOf(withGuides)).toBe(ampm!.id);
  });
});
