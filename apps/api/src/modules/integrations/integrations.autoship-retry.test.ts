import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreOrderPage, StoreRule } from '@envios/contracts/integrations';
import type { SignedIn } from '../../testing/accounts.js';
import { manualClock } from '../../shared/clock.js';
import { mexicoCityTime } from '../../shared/mexico-city-time.js';
import { scheduleIntegrationsTick } from './integrations.usecases.js';
import { newSeller, saveOrigin, tabOrders } from './integrations.testing.js';
import { shopifyAddress } from './platforms/shopify/fakes/shopify.fake.js';
import { installShopify, startShopifyWorld, type ShopifyWorld } from './platforms/shopify/shopify.testing.js';

/**
 * Waiting orders that go on by themselves, against the real Shopify client and its fake: a wallet
 * short is paid when the wallet is credited (once, however many credits come, even two at once),
 * a purchase waiting with its shipment created keeps its place in the daily limit, an order held
 * by the limit is bought the next day (Mexico City) by the periodic job, and an address to review
 * waits for the seller.
 */

const clock = manualClock(new Date());
let world: ShopifyWorld;
let seller: SignedIn;
let connectionId: string;
/** What one guide of the rule costs (centavos): the first order tells. */
let price = 0;

beforeAll(async () => {
  world = await startShopifyWorld({ deps: { clock } });
  seller = await newSeller(world);
  connectionId = await installShopify(world, seller);
  const originId = await saveOrigin(world, seller);
  const rule = await world.t.app.inject({
    method: 'PUT',
    url: `/api/v1/stores/${connectionId}/rule`,
    headers: seller.headers,
    payload: {
      origin_address_id: originId,
      package_template_id: null,
      carrier_rule: 'service',
      service_name: 'EXPRESS DOMESTIC',
      max_price: null,
      auto_purchase: true,
      daily_limit: 2,
    },
  });
  expect(rule.statusCode, rule.body).toBe(200);
});
afterAll(async () => {
  await world.close();
});

async function credit(centavos: number) {
  const res = await world.t.app.inject({
    method: 'POST',
    url: '/api/v1/prepaid/createPrepaid',
    headers: world.admin.headers,
    payload: { userId: seller.id, cantidadAbonar: centavos / 100 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function orderRow(externalId: number): Promise<StoreOrderPage['data'][number]> {
  const row = (await tabOrders(world.t, seller)).data.find((o) => o.order_id === externalId);
  expect(row).toBeDefined();
  return row!;
}

async function ledger(): Promise<{ shipments: number; paid: number; balance: number }> {
  const [row] = await world.t.database.query<{ shipments: number; paid: number; balance: number }>(
    `select (select count(*)::int from shipments where user_id = $1) as shipments,
            (select count(*)::int from shipments where user_id = $1 and paid) as paid,
            (select coalesce(max(balance_centavos), 0)::int from wallets where user_id = $1) as balance`,
    [seller.id],
  );
  return row!;
}

async function boughtToday(): Promise<number> {
  const res = await world.t.app.inject({ method: 'GET', url: `/api/v1/stores/${connectionId}/rule`, headers: seller.headers });
  return res.json<StoreRule>().bought_today;
}

const WALLET_SHORT = /^La guía quedó creada sin pagar: Saldo insuficiente en tu monedero: .* Se pagará sola cuando abones a tu monedero\.$/;
const HELD = 'Se alcanzó el límite de 2 guías automáticas por día de esta tienda: se comprará sola mañana, o genérala tú.';

let first: number;
let second: number;
let held: number;

describe('a wallet short', () => {
  it('waits with its reason; a credit pays it once, and a second credit buys nothing more', async () => {
    first = await world.fake.placeOrder();
    await world.t.app.jobs.drain();
    const waiting = await orderRow(first);
    // The E-Commerce tab names the store's platform (what a shipment made by hand from it carries).
    expect(waiting.platform).toBe('shopify');
    expect(waiting.auto_ship?.status).toBe('waiting');
    expect(waiting.auto_ship?.reason).toMatch(WALLET_SHORT);
    expect(waiting.shipments).toHaveLength(1);
    expect(waiting.shipments[0]!.status).toBe(false);
    const [shipment] = await world.t.database.query<{ total: number }>('select total_centavos::int as total from shipments where user_id = $1', [seller.id]);
    price = shipment!.total;
    expect(price).toBeGreaterThan(0);

    await credit(price + 100);
    await world.t.app.jobs.drain();
    const bought = await orderRow(first);
    expect(bought.auto_ship).toEqual({ status: 'bought', reason: null });
    expect(bought.shipments).toHaveLength(1);
    expect(bought.shipments[0]!.status).toBe(true);
    expect(await ledger()).toEqual({ shipments: 1, paid: 1, balance: 100 });
    expect(world.fake.state.fulfillments.filter((f) => f.order_id === first)).toHaveLength(1);

    await credit(100);
    await world.t.app.jobs.drain();
    expect(await ledger()).toEqual({ shipments: 1, paid: 1, balance: 200 });
    expect((await orderRow(first)).auto_ship?.status).toBe('bought');
  });
});

describe('the daily limit', () => {
  it('counts a purchase waiting with its shipment created: the next order is held, not created', async () => {
    second = await world.fake.placeOrder();
    await world.t.app.jobs.drain();
    const short = await orderRow(second);
    expect(short.auto_ship?.reason).toMatch(WALLET_SHORT);
    expect(short.shipments).toHaveLength(1);

    held = await world.fake.placeOrder();
    await world.t.app.jobs.drain();
    const row = await orderRow(held);
    expect(row.auto_ship).toEqual({ status: 'waiting', reason: HELD });
    expect(row.shipments).toHaveLength(0);
    expect(await boughtToday()).toBe(2);
    expect(await ledger()).toEqual({ shipments: 2, paid: 1, balance: 200 });
  });

  it('two credits at once pay the waiting order once, and leave the held order for tomorrow', async () => {
    await Promise.all([credit(price), credit(price)]);
    await world.t.app.jobs.drain();
    expect((await orderRow(second)).auto_ship).toEqual({ status: 'bought', reason: null });
    expect(await ledger()).toEqual({ shipments: 2, paid: 2, balance: 200 + price });
    expect(world.fake.state.fulfillments.filter((f) => f.order_id === second)).toHaveLength(1);
    expect((await orderRow(held)).auto_ship).toEqual({ status: 'waiting', reason: HELD });
  });

  it('the next day (Mexico City) the periodic job buys the held order; an address to review still waits for the seller', async () => {
    const flagged = await world.fake.placeOrder({ shipping: shopifyAddress({ zip: '00000' }) });
    await world.t.app.jobs.drain();
    const review = (await orderRow(flagged)).auto_ship;
    expect(review?.status).toBe('waiting');
    expect(review?.reason).toMatch(/^La dirección necesita tu revisión: /);

    // Still today: the day's carry-over finds nothing to do.
    await scheduleIntegrationsTick(world.t.app.jobs, clock);
    await world.t.app.jobs.drain();
    expect((await orderRow(held)).auto_ship?.status).toBe('waiting');

    // One minute past midnight in Mexico City (UTC−6): the next tick carries the held order over.
    const today = mexicoCityTime(clock.now()).date;
    clock.set(new Date(new Date(`${today}T06:01:00Z`).getTime() + 24 * 60 * 60_000));
    expect(mexicoCityTime(clock.now()).date).not.toBe(today);
    await scheduleIntegrationsTick(world.t.app.jobs, clock);
    await world.t.app.jobs.drain();
    const carried = await orderRow(held);
    expect(carried.auto_ship).toEqual({ status: 'bought', reason: null });
    expect(carried.shipments).toHaveLength(1);
    expect(await boughtToday()).toBe(1);
    expect(await ledger()).toEqual({ shipments: 3, paid: 3, balance: 200 });
    expect((await orderRow(flagged)).auto_ship).toEqual(review);

    // A credit does not touch it either.
    await credit(price);
    await world.t.app.jobs.drain();
    expect((await orderRow(flagged)).auto_ship).toEqual(review);
    expect((await ledger()).paid).toBe(3);
  });
});
