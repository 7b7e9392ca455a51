import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { StoreList, StoreOrderDetail, StoreOrderPage } from '@envios/contracts/integrations';
import { createOne } from '../shipments/shipments.fixtures.js';
import type { AppDeps } from '../../app.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import type { OutboundHttp } from '../../shared/outbound-http.js';
import { startWooFake, type OutgoingRequest, type WooFake } from './platforms/woocommerce/fakes/woocommerce.fake.js';

/** Shared by the integrations tests: the app on https://envios.test and a fake store that reaches it in-process. */

export const APP_URL = 'https://envios.test';

/** What the store sends to our app (key callback, webhooks), through app.inject. */
export async function injectFromStore(app: FastifyInstance, request: OutgoingRequest): Promise<{ status: number }> {
  const url = new URL(request.url);
  if (url.origin !== APP_URL) return { status: 0 };
  const answer = await app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: request.headers, payload: request.body });
  return { status: answer.statusCode };
}

export interface StoreWorld {
  t: TestApp;
  fake: WooFake;
  admin: SignedIn;
  close(): Promise<void>;
}

export async function startStoreWorld(opts: { deps?: Partial<AppDeps> } = {}): Promise<StoreWorld> {
  const box: { app?: FastifyInstance } = {};
  const fake = await startWooFake({ send: (request) => injectFromStore(box.app!, request), ssl: true });
  const t = await createTestApp({
    env: { ...adminEnv, APP_URL },
    // Weights are looked up at once (1 ms slots) so a drain right after an order finds them.
    deps: {
      outbound: fake.outboundPolicy,
      ...opts.deps,
      integrations: { storeTimeoutMs: 2_000, intake: { weightsSlotMs: 1, quietBeforeWeightsMs: 0 }, ...opts.deps?.integrations },
    },
  });
  box.app = t.app;
  const admin = await signInAdmin(t.app);
  return {
    t,
    fake,
    admin,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/** A platform's world: the app on APP_URL with the platform's fake, which its real client reaches. */
export interface PlatformWorld<F> {
  t: TestApp;
  fake: F;
  admin: SignedIn;
  /** Every back-off the client asked for (ms). */
  waits: number[];
  close(): Promise<void>;
}

/**
 * Starts a platform's fake (its notices injected into the app) and the app that reaches it. The
 * client's back-off waits are recorded and slept for real at most `sleepUpToMs` (default 0: a fake
 * whose limit drains with real time needs a little).
 */
export async function startPlatformWorld<F extends { outbound: OutboundHttp; close(): Promise<void> }>(
  startFake: (send: (request: OutgoingRequest) => Promise<{ status: number }>) => Promise<F>,
  opts: { storeApps: (fake: F) => NonNullable<NonNullable<AppDeps['integrations']>['storeApps']>; sleepUpToMs?: number; deps?: Partial<AppDeps> },
): Promise<PlatformWorld<F>> {
  const box: { app?: FastifyInstance } = {};
  const fake = await startFake((request) => injectFromStore(box.app!, request));
  const waits: number[] = [];
  const sleepUpToMs = opts.sleepUpToMs ?? 0;
  const t = await createTestApp({
    env: { ...adminEnv, APP_URL },
    deps: {
      jobs: { backoffMs: () => 0 },
      ...opts.deps,
      integrations: {
        outbound: fake.outbound,
        storeTimeoutMs: 2_000,
        storeApps: opts.storeApps(fake),
        sleep: (ms) => {
          waits.push(ms);
          return sleepUpToMs > 0 ? new Promise((resolve) => setTimeout(resolve, Math.min(ms, sleepUpToMs))) : Promise.resolve();
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

/** The browser following a link into the app that answers with a redirect: where it sends it. */
export async function followRedirect(world: Pick<StoreWorld, 't'>, who: SignedIn, url: string): Promise<string> {
  const u = new URL(url);
  const res = await world.t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(302);
  return String(res.headers.location);
}

/** Saves the seller's «Bodega Centro» in Guadalajara, the origin a store rule ships from; answers its id. */
export async function saveOrigin(world: Pick<StoreWorld, 't'>, who: SignedIn): Promise<string> {
  const res = await world.t.app.inject({
    method: 'POST',
    url: '/api/v1/locations-user',
    headers: who.headers,
    payload: {
      name: 'Bodega Centro',
      email: 'bodega@correo.test',
      phone: '3312345678',
      address: 'Av. Juárez',
      number: '123',
      colony: 'Guadalajara Centro',
      postal_code: '44100',
      city: 'Jalisco, Guadalajara',
      state_code: 'JAL',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ _id: string }>()._id;
}

export function newSeller(world: Pick<StoreWorld, 't' | 'admin'>): Promise<SignedIn> {
  return createSignedInUser(world.t.app, world.admin);
}

export async function oauth(world: StoreWorld, who: SignedIn, storeUrl = world.fake.homeUrl, userId = who.id) {
  return world.t.app.inject({
    method: 'POST',
    url: '/api/v1/woocommerce/oauth',
    headers: who.headers,
    payload: { store_url: storeUrl, app_name: 'Mi Tienda', user_id: userId },
  });
}

/** The whole connection as a seller makes it: oauth, approval in the store, keys, set-up and first sync. */
export async function connectStore(world: StoreWorld, who: SignedIn): Promise<string> {
  const res = await oauth(world, who);
  expect(res.statusCode, res.body).toBe(200);
  const approved = await world.fake.approve(res.json<{ url_auth: string }>().url_auth);
  expect(approved.status, approved.body).toBe(302);
  await world.t.app.jobs.drain();
  const stores = await listStores(world, who);
  const store = stores.data.find((s) => s.store_url === world.fake.homeUrl);
  expect(store?.webhooks_ready, JSON.stringify(stores)).toBe(true);
  return store!._id;
}

export async function listStores(world: Pick<StoreWorld, 't'>, who: SignedIn, userId = who.id): Promise<StoreList> {
  const res = await world.t.app.inject({ method: 'GET', url: `/api/v1/woocommerce/stores/${userId}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StoreList>();
}

export async function storeOrderCount(world: Pick<StoreWorld, 't'>, connectionId: string): Promise<number> {
  const [row] = await world.t.database.query<{ n: string | number }>('select count(*) as n from store_orders where connection_id = $1', [connectionId]);
  return Number(row!.n);
}

/** The seller's E-Commerce tab (first 50 orders). */
export async function tabOrders(t: TestApp, who: SignedIn): Promise<StoreOrderPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/marketplace/shipments/${who.id}?limit=50`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StoreOrderPage>();
}

/** 'Generar Guia' on an order of the tab: its shipment bought with the wallet; answers the guide number. */
export async function buyGuideFor(t: TestApp, admin: SignedIn, who: SignedIn, orderRowId: string): Promise<{ shipmentId: string; guide: string }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/marketplace/orders/${orderRowId}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json<StoreOrderDetail>();
  const shipment = await createOne(t, who, {
    destination_direction: d.destination_direction,
    parcels: d.parcels,
    description_of_the_content: d.description_of_the_content,
    shipment_ecommerce: { order_id: d._id, ecommerce_type: 'woocommerce' },
  });
  const credit = await t.app.inject({
    method: 'POST',
    url: '/api/v1/prepaid/createPrepaid',
    headers: admin.headers,
    payload: { userId: who.id, cantidadAbonar: 5_000 },
  });
  expect(credit.statusCode, credit.body).toBe(200);
  const paid = await t.app.inject({ method: 'POST', url: '/api/v1/payments/many/monedero', headers: who.headers, payload: { shipments: [shipment._id] } });
  expect(paid.statusCode, paid.body).toBe(200);
  await t.app.jobs.drain();
  const [row] = await t.database.query<{ number_guide: string }>('select number_guide from shipments where id = $1', [shipment._id]);
  expect(row!.number_guide).toBeTruthy();
  return { shipmentId: shipment._id, guide: row!.number_guide };
}
