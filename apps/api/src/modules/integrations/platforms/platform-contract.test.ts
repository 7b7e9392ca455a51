import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../../testing/accounts.js';
import { buyGuideFor, listStores, newSeller, storeOrderCount, tabOrders } from '../integrations.testing.js';
import type { ContractHarness, ContractWorld } from './contract.testing.js';
import { PLATFORMS } from './platform-list.js';
import { shopifyContract } from './shopify/shopify.testing.js';
import { tiendanubeContract } from './tiendanube/tiendanube.testing.js';
import { woocommerceContract } from './woocommerce/woocommerce.testing.js';

/**
 * The store-platform port's contract, run against every registered platform with its real client
 * and its local fake: connect, a signed notice stored once however often it comes, a forged one
 * refused, a lost one recovered by the sync, tracking written back once, and disconnection
 * forgetting the credential.
 */

const HARNESSES: ContractHarness[] = [woocommerceContract, shopifyContract, tiendanubeContract];

it('every registered platform runs the contract', () => {
  expect(HARNESSES.map((h) => h.platform).sort()).toEqual(PLATFORMS.map((p) => p.id).sort());
});

describe.each(HARNESSES)('the $platform platform', (harness) => {
  let world: ContractWorld;
  let seller: SignedIn;
  let connectionId: string;

  beforeAll(async () => {
    world = await harness.start();
    seller = await newSeller({ t: world.t, admin: world.admin });
    connectionId = await world.connect(seller);
  });
  afterAll(async () => {
    await world.close();
  });

  it('connects as that platform, with its order notices set up', async () => {
    const stores = await listStores({ t: world.t }, seller);
    expect(stores.data.find((s) => s._id === connectionId)).toMatchObject({ ecommerce_type: harness.platform, state: 'connected', webhooks_ready: true });
  });

  it('stores a signed order notice once, however many times it is delivered', async () => {
    const before = await storeOrderCount({ t: world.t }, connectionId);
    const externalId = await world.placeOrder(connectionId);
    await world.t.app.jobs.drain();
    const statuses = await world.redeliver(connectionId, externalId, 10);
    await world.t.app.jobs.drain();
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await storeOrderCount({ t: world.t }, connectionId)).toBe(before + 1);
    const row = (await tabOrders(world.t, seller)).data.find((o) => o.order_id === externalId);
    expect(row).toMatchObject({ ready: true, store_status: 'processing' });
  });

  it('refuses a notice with a forged signature and stores nothing', async () => {
    const externalId = await world.placeOrder(connectionId, { lost: true });
    const before = await storeOrderCount({ t: world.t }, connectionId);
    expect(await world.forged(connectionId, externalId)).toBe(401);
    await world.t.app.jobs.drain();
    expect(await storeOrderCount({ t: world.t }, connectionId)).toBe(before);
  });

  it('recovers an order whose notice was lost, with the periodic sync', async () => {
    const externalId = await world.placeOrder(connectionId, { lost: true });
    await world.t.app.jobs.enqueue({ type: 'woocommerce.sync', key: `contract-sync:${connectionId}:${externalId}`, payload: { connectionId } });
    await world.t.app.jobs.drain();
    expect((await tabOrders(world.t, seller)).data.some((o) => o.order_id === externalId)).toBe(true);
  });

  it('writes the tracking back once, even when the write is retried', async () => {
    const externalId = await world.placeOrder(connectionId);
    await world.t.app.jobs.drain();
    const row = (await tabOrders(world.t, seller)).data.find((o) => o.order_id === externalId)!;
    world.failNextTrackingWrite(externalId);
    const { guide } = await buyGuideFor(world.t, world.admin, seller, row._id);
    await world.t.app.jobs.drain();
    expect(world.trackingOnStore(externalId)).toEqual({ guide, events: 1 });
  });

  it('disconnecting forgets the credential', async () => {
    const res = await world.t.app.inject({
      method: 'PUT',
      url: `/api/v1/status/woocommerce/${seller.id}`,
      headers: seller.headers,
      payload: { ecommerce_type: 'woocommerce', status: false, connection_id: connectionId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await world.t.database.query<{ state: string; consumer_key_sealed: string | null }>(
      'select state, consumer_key_sealed from store_connections where id = $1',
      [connectionId],
    );
    expect(row).toEqual({ state: 'disconnected', consumer_key_sealed: null });
  });
});
