import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierTracking, TrackingAdapter } from '../../../carriers/adapters/tracking-adapter.js';
import { createCarrierLimiter } from '../../../tracking/tracking.usecases.js';
import { someAddress, type SignedIn } from '../../../../testing/accounts.js';
import { APP_URL, buyGuideFor, newSeller, tabOrders } from '../../integrations.testing.js';
import { CALLBACK, browse, installTiendanube, startTiendanubeWorld, type TiendanubeWorld } from './tiendanube.testing.js';

/**
 * Tiendanube with the real client against the local fake: the install (approve, deny, a forged
 * state), notices that carry only ids read back from the store once however often they come,
 * `locality` as the colony, the 40-request bucket answered by waiting, the fulfilment with our link
 * and later states as tracking events once each, cancellation and uninstall.
 */

const tracked = new Map<string, CarrierTracking>();
const dhl: TrackingAdapter = { carrierCode: 'dhl', sandbox: false, track: (request) => Promise.resolve(tracked.get(request.guideNumber) ?? null) };

let world: TiendanubeWorld;
let seller: SignedIn;
let connectionId: string;

beforeAll(async () => {
  world = await startTiendanubeWorld({
    deps: { trackingAdapters: { dhl }, tracking: { freshForMs: 0, cacheTtlMs: 0, limitLookup: async () => {}, limiter: createCarrierLimiter(10_000) } },
  });
  seller = await newSeller(world);
  connectionId = await installTiendanube(world, seller);
});
afterAll(async () => {
  await world.close();
});

describe('the install', () => {
  it('sends the seller to the app’s consent with a signed state; user_id becomes the store id', async () => {
    const res = await world.t.app.inject({ method: 'POST', url: '/api/v1/stores/tiendanube/authorize', headers: seller.headers, payload: {} });
    const url = new URL(res.json<{ url_auth: string }>().url_auth);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.tiendanube.com/apps/4321/authorize');
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f-]{36}\.[\w-]+$/);
    const [row] = await world.t.database.query<{ external_store_id: string; store_url: string }>(
      'select external_store_id, store_url from store_connections where id = $1',
      [connectionId],
    );
    expect(row).toEqual({ external_store_id: '1234567', store_url: 'https://api.tiendanube.com/v1/1234567' });
  });

  it('a denied consent or a forged state connects nothing', async () => {
    const other = await newSeller(world);
    expect(await browse(world, other, `${CALLBACK}?error=access_denied`)).toBe(`${APP_URL}/integrations?tienda=rechazada`);
    const res = await world.t.app.inject({ method: 'POST', url: '/api/v1/stores/tiendanube/authorize', headers: other.headers, payload: {} });
    const approved = new URL(world.fake.approve(res.json<{ url_auth: string }>().url_auth, CALLBACK));
    approved.searchParams.set('state', `${approved.searchParams.get('state')!.split('.')[0]}.forged`);
    expect(await browse(world, other, approved.toString())).toBe(`${APP_URL}/integrations?tienda=invalida`);
    const [row] = await world.t.database.query<{ n: number }>('select count(*)::int as n from store_connections where user_id = $1', [other.id]);
    expect(row!.n).toBe(0);
  });
});

describe('orders', () => {
  it('reads an id-only notice from the store with Authentication: bearer and our User-Agent, locality as the colony', async () => {
    const id = await world.fake.placeOrder({
      shipping_address: {
        name: 'Luis Pérez',
        address: 'Calle Morelos',
        number: '45',
        floor: '',
        locality: 'Guadalajara Centro',
        city: 'Guadalajara',
        province: 'Jalisco',
        zipcode: '44100',
        country: 'MX',
        phone: '3312345678',
      },
    });
    await world.t.app.jobs.drain();
    const row = (await tabOrders(world.t, seller)).data.find((o) => o.order_id === id)!;
    const detail = await world.t.app.inject({ method: 'GET', url: `/api/v1/marketplace/orders/${row._id}`, headers: seller.headers });
    expect(detail.json<{ destination_direction: Record<string, string>; weight_kg: number }>()).toMatchObject({
      destination_direction: { address: 'Calle Morelos', number: '45', colony: 'Guadalajara Centro', postal_code: '44100' },
      weight_kg: 0.35,
    });
  });

  it('waits for the bucket when Tiendanube answers 429, and a cancelled order leaves the tab', async () => {
    const id = await world.fake.placeOrder();
    world.fake.fillBucket();
    world.waits.length = 0;
    await world.t.app.jobs.drain();
    expect(world.waits.length).toBeGreaterThan(0);
    expect((await tabOrders(world.t, seller)).data.some((o) => o.order_id === id)).toBe(true);
    await world.fake.cancelOrder(id);
    await world.t.app.jobs.drain();
    expect((await tabOrders(world.t, seller)).data.some((o) => o.order_id === id)).toBe(false);
  });

  it('fulfils the order once with the guide and our link, notifying the buyer; later states become tracking events once each', async () => {
    const id = await world.fake.placeOrder();
    await world.t.app.jobs.drain();
    const row = (await tabOrders(world.t, seller)).data.find((o) => o.order_id === id)!;
    const { guide } = await buyGuideFor(world.t, world.admin, seller, row._id);
    const order = world.fake.state.orders.find((o) => o.id === id)!;
    expect(order).toMatchObject({ shipping_status: 'fulfilled', shipping_tracking_number: guide, shipping_tracking_url: `${APP_URL}/rastreo/${guide}` });
    expect(world.fake.state.notified[String(id)]).toBe(1);

    await trackState(guide, ['picked_up']);
    await trackState(guide, ['picked_up']);
    await trackState(guide, ['picked_up', 'in_transit']);
    await trackState(guide, ['picked_up', 'in_transit', 'delivered']);
    expect(world.fake.state.trackingEvents?.[String(id)]?.map((e) => e.status)).toEqual(['dispatched', 'in_transit', 'delivered']);
    expect(world.fake.state.notified[String(id)]).toBe(1);
  });

  it('app/uninstalled forgets the token', async () => {
    await world.fake.uninstall();
    const [row] = await world.t.database.query<{ state: string; consumer_key_sealed: string | null }>(
      'select state, consumer_key_sealed from store_connections where id = $1',
      [connectionId],
    );
    expect(row).toEqual({ state: 'disconnected', consumer_key_sealed: null });
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
