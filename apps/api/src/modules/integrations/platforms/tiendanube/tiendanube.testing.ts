import { expect } from 'vitest';
import type { AppDeps } from '../../../../app.js';
import type { SignedIn } from '../../../../testing/accounts.js';
import { APP_URL, followRedirect, listStores, startPlatformWorld, type PlatformWorld } from '../../integrations.testing.js';
import type { ContractHarness } from '../contract.testing.js';
import { startTiendanubeFake, type TiendanubeFake } from './fakes/tiendanube.fake.js';
import { signTiendanubeBody } from './tiendanube-wire.js';

/** The app on https://envios.test with a fake Tiendanube its real client reaches; back-off waits recorded, slept at most 0.6 s. */
export type TiendanubeWorld = PlatformWorld<TiendanubeFake>;

export function startTiendanubeWorld(opts: { deps?: Partial<AppDeps> } = {}): Promise<TiendanubeWorld> {
  // The fake's bucket drains with real time: a throttled call waits a little for real.
  return startPlatformWorld((send) => startTiendanubeFake({ send }), { storeApps: (fake) => ({ tiendanube: fake.app }), sleepUpToMs: 600, deps: opts.deps });
}

export const CALLBACK = `${APP_URL}/api/v1/stores/tiendanube/callback`;

export const browse = followRedirect;

export async function installTiendanube(world: TiendanubeWorld, who: SignedIn): Promise<string> {
  const res = await world.t.app.inject({ method: 'POST', url: '/api/v1/stores/tiendanube/authorize', headers: who.headers, payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  const back = await browse(world, who, world.fake.approve(res.json<{ url_auth: string }>().url_auth, CALLBACK));
  expect(back).toBe(`${APP_URL}/integrations?tienda=conectada`);
  await world.t.app.jobs.drain();
  const store = (await listStores(world, who)).data.find((s) => s.ecommerce_type === 'tiendanube');
  expect(store?.webhooks_ready).toBe(true);
  return store!._id;
}

export const tiendanubeContract: ContractHarness = {
  platform: 'tiendanube',
  async start() {
    const world = await startTiendanubeWorld();
    return {
      t: world.t,
      admin: world.admin,
      connect: (seller) => installTiendanube(world, seller),
      placeOrder: (_connectionId, opts = {}) => (opts.lost ? Promise.resolve(world.fake.placeOrderSilently()) : world.fake.placeOrder()),
      redeliver: (_connectionId, externalId, times) => world.fake.redeliver(externalId, times),
      async forged(connectionId, externalId) {
        const body = JSON.stringify({ store_id: world.fake.state.storeId, event: 'order/paid', id: externalId });
        const res = await world.t.app.inject({
          method: 'POST',
          url: `/api/v1/webhooks/tiendanube/${connectionId}`,
          headers: { 'content-type': 'application/json', 'x-linkedstore-hmac-sha256': signTiendanubeBody('not-the-secret', body) },
          payload: body,
        });
        return res.statusCode;
      },
      failNextTrackingWrite() {
        world.fake.fillBucket();
      },
      trackingOnStore(externalId) {
        const order = world.fake.state.orders.find((o) => o.id === externalId)!;
        return { guide: order.shipping_tracking_number ?? '', events: world.fake.state.notified[String(externalId)] ?? 0 };
      },
      close: () => world.close(),
    };
  },
};
