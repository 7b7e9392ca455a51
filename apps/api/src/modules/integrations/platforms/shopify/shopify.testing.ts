import { expect } from 'vitest';
import type { AppDeps } from '../../../../app.js';
import type { SignedIn } from '../../../../testing/accounts.js';
import { APP_URL, followRedirect, listStores, startPlatformWorld, type PlatformWorld } from '../../integrations.testing.js';
import type { ContractHarness } from '../contract.testing.js';
import { startShopifyFake, type ShopifyFake } from './fakes/shopify.fake.js';
import { signShopifyBody } from './shopify-wire.js';

/** The app on https://envios.test with a fake Shopify shop its real client reaches; throttling waits are recorded, not slept. */
export type ShopifyWorld = PlatformWorld<ShopifyFake>;

export function startShopifyWorld(opts: { deps?: Partial<AppDeps> } = {}): Promise<ShopifyWorld> {
  return startPlatformWorld((send) => startShopifyFake({ send }), { storeApps: (fake) => ({ shopify: fake.app }), deps: opts.deps });
}

export async function authorizeShopify(world: ShopifyWorld, who: SignedIn, body: Record<string, unknown> = { shop: world.fake.shop }) {
  return world.t.app.inject({ method: 'POST', url: '/api/v1/stores/shopify/authorize', headers: who.headers, payload: body });
}

/** The browser coming back to our callback: answers where we send it. */
export const callback = followRedirect;

/** The whole install as a seller makes it: consent approved, callback, set-up and first sync. */
export async function installShopify(world: ShopifyWorld, who: SignedIn): Promise<string> {
  const res = await authorizeShopify(world, who);
  expect(res.statusCode, res.body).toBe(200);
  const back = await callback(world, who, world.fake.approve(res.json<{ url_auth: string }>().url_auth));
  expect(back).toBe(`${APP_URL}/integrations?tienda=conectada`);
  await world.t.app.jobs.drain();
  const store = (await listStores(world, who)).data.find((s) => s.ecommerce_type === 'shopify');
  expect(store?.webhooks_ready).toBe(true);
  return store!._id;
}

export const shopifyContract: ContractHarness = {
  platform: 'shopify',
  async start() {
    const world = await startShopifyWorld();
    return {
      t: world.t,
      admin: world.admin,
      connect: (seller) => installShopify(world, seller),
      placeOrder: (_connectionId, opts = {}) => (opts.lost ? Promise.resolve(world.fake.placeOrderSilently()) : world.fake.placeOrder()),
      redeliver: (_connectionId, externalId, times) => world.fake.redeliver(externalId, times),
      async forged(connectionId, externalId) {
        const body = JSON.stringify({ id: externalId, financial_status: 'paid' });
        const res = await world.t.app.inject({
          method: 'POST',
          url: `/api/v1/webhooks/shopify/${connectionId}`,
          headers: {
            'content-type': 'application/json',
            'x-shopify-topic': 'orders/create',
            'x-shopify-webhook-id': 'forged-1',
            'x-shopify-hmac-sha256': signShopifyBody('not-the-secret', body),
          },
          payload: body,
        });
        return res.statusCode;
      },
      failNextTrackingWrite() {
        // The next GraphQL call is throttled beyond the client's retries: the write-back job fails once and retries.
        world.fake.state.throttleNext = 6;
      },
      trackingOnStore(externalId) {
        const ours = world.fake.state.fulfillments.filter((f) => f.order_id === externalId);
        return { guide: ours[0]?.tracking.number ?? '', events: ours.length };
      },
      close: () => world.close(),
    };
  },
};
