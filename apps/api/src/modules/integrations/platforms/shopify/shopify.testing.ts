import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppDeps } from '../../../../app.js';
import { adminEnv, signInAdmin, type SignedIn } from '../../../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../../../testing/test-app.js';
import { APP_URL, injectFromStore, listStores } from '../../integrations.testing.js';
import type { ContractHarness } from '../contract.testing.js';
import { startShopifyFake, type ShopifyFake } from './fakes/shopify.fake.js';
import { signShopifyBody } from './shopify-wire.js';

/** The app on https://envios.test with a fake Shopify shop its real client reaches; throttling waits are recorded, not slept. */

export interface ShopifyWorld {
  t: TestApp;
  fake: ShopifyFake;
  admin: SignedIn;
  /** Every back-off the client asked for (ms). */
  waits: number[];
  close(): Promise<void>;
}

export async function startShopifyWorld(opts: { deps?: Partial<AppDeps> } = {}): Promise<ShopifyWorld> {
  const box: { app?: FastifyInstance } = {};
  const fake = await startShopifyFake({ send: (request) => injectFromStore(box.app!, request) });
  const waits: number[] = [];
  const t = await createTestApp({
    env: { ...adminEnv, APP_URL },
    deps: {
      jobs: { backoffMs: () => 0 },
      ...opts.deps,
      // integrations below: the fake's outbound client and app, throttling waits recorded.
      integrations: {
        outbound: fake.outbound,
        storeTimeoutMs: 2_000,
        storeApps: { shopify: fake.app },
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
        intake: { weightsSlotMs: 1, quietBeforeWeightsMs: 0 },
      },
    },
  });
  box.app = t.app;
  const admin = await signInAdmin(t.app);
  return {
    t,
    fake,
    admin,
    waits,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

export async function authorizeShopify(world: ShopifyWorld, who: SignedIn, body: Record<string, unknown> = { shop: world.fake.shop }) {
  return world.t.app.inject({ method: 'POST', url: '/api/v1/stores/shopify/authorize', headers: who.headers, payload: body });
}

/** The browser coming back to our callback: answers where we send it. */
export async function callback(world: ShopifyWorld, who: SignedIn, url: string): Promise<string> {
  const u = new URL(url);
  const res = await world.t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(302);
  return String(res.headers.location);
}

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
