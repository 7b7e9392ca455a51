import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handshakeReturnMessages } from '@envios/contracts/integrations';
import { createTestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { keysCallbackBody } from './platforms/woocommerce/woocommerce-sim-keys.js';
import { APP_URL, connectStore, listStores, newSeller, oauth, startStoreWorld, type StoreWorld } from './integrations.testing.js';

/**
 * Connecting a WooCommerce store (issue 17) with the real client against the local fake store:
 * the handshake approved and denied, the key callback answered once, the toggle, disconnection,
 * and who may touch whose connection.
 */

let world: StoreWorld;
let seller: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  world = await startStoreWorld();
  seller = await newSeller(world);
  other = await newSeller(world);
});
afterAll(async () => {
  await world.close();
});

describe('POST /woocommerce/oauth', () => {
  it("answers the store's consent address with read_write, an opaque signed user_id, our return_url and the https callback", async () => {
    const res = await oauth(world, seller);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json<{ url_auth: string }>().url_auth);
    expect(`${url.origin}${url.pathname}`).toBe(`${world.fake.homeUrl}/wc-auth/v1/authorize`);
    expect(url.searchParams.get('scope')).toBe('read_write');
    expect(url.searchParams.get('app_name')).toBe('Envíos MX (Mi Tienda)');
    expect(url.searchParams.get('return_url')).toBe(`${APP_URL}/integrations`);
    expect(url.searchParams.get('callback_url')).toBe(`${APP_URL}/api/v1/webhooks/woocommerce/keys`);
    const userId = url.searchParams.get('user_id')!;
    expect(userId).not.toContain(seller.id);
    expect(userId).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
  });

  it('refuses another account as user_id, a bad store URL and a missing name, naming the field', async () => {
    expect((await oauth(world, seller, world.fake.homeUrl, other.id)).statusCode).toBe(403);
    const bad = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/woocommerce/oauth',
      headers: seller.headers,
      payload: { store_url: 'no es una url', app_name: '', user_id: seller.id },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<{ errors: { path: string }[] }>()
        .errors.map((e) => e.path)
        .sort(),
    ).toEqual(['app_name', 'store_url']);
    const anonymous = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/woocommerce/oauth',
      payload: { store_url: 'https://a.mx', app_name: 'A', user_id: seller.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets an admin start the connection for any account', async () => {
    expect((await oauth(world, world.admin, world.fake.homeUrl, seller.id)).statusCode).toBe(200);
  });
});

describe('the key handshake', () => {
  it('approved: the keys are stored sealed, answered 200 once, our webhooks are created and the browser comes back with success=1', async () => {
    const res = await oauth(world, seller);
    const urlAuth = res.json<{ url_auth: string }>().url_auth;
    const approved = await world.fake.approve(urlAuth);
    expect(approved.status).toBe(302);
    const back = new URL(approved.location!);
    expect(`${back.origin}${back.pathname}`).toBe(`${APP_URL}/integrations`);
    expect(back.searchParams.get('success')).toBe('1');
    expect(back.searchParams.get('user_id')).toBe(new URL(urlAuth).searchParams.get('user_id'));

    await world.t.app.jobs.drain();
    const [store] = (await listStores(world, seller)).data;
    expect(store).toMatchObject({ state: 'connected', status: true, app_name: 'Mi Tienda', sandbox: false, webhooks_ready: true, complete_on_delivery: true });
    const key = world.fake.state.keys.at(-1)!;
    expect(store!.key_hint).toBe(`…${key.consumer_key.slice(-7)}`);
    // Sealed at rest: neither value appears in the row.
    const [row] = await world.t.database.query<Record<string, unknown>>('select * from store_connections where id = $1', [store!._id]);
    expect(JSON.stringify(row)).not.toContain(key.consumer_key);
    expect(JSON.stringify(row)).not.toContain(key.consumer_secret);
    // Two webhooks point at this connection, and each was pinged with 200.
    const ours = world.fake.state.webhooks.filter((w) => w.delivery_url === `${APP_URL}/api/v1/webhooks/woocommerce/${store!._id}`);
    expect(ours.map((w) => w.topic).sort()).toEqual(['order.created', 'order.updated']);
    expect(ours.every((w) => !w.pending_delivery)).toBe(true);
  });

  it('a replayed key callback is refused (the handshake answers 200 exactly once)', async () => {
    const res = await oauth(world, other);
    const userId = new URL(res.json<{ url_auth: string }>().url_auth).searchParams.get('user_id')!;
    const body = (n: number) =>
      keysCallbackBody(
        { key_id: n, consumer_key: `ck_${'a'.repeat(40)}`, consumer_secret: `cs_${'b'.repeat(40)}`, permissions: 'read_write', description: '' },
        userId,
      );
    const post = (payload: string) =>
      world.t.app.inject({ method: 'POST', url: '/api/v1/webhooks/woocommerce/keys', headers: { 'content-type': 'application/json;charset=UTF-8' }, payload });
    expect((await post(body(900))).statusCode).toBe(200);
    const replay = await post(body(901));
    expect(replay.statusCode).toBe(409);
    expect(replay.json<{ message: string }>().message).toMatch(/Ya recibimos las llaves/);
  });

  it('refuses a forged user_id and keys without write permission; WooCommerce then deletes the keys and shows Access denied', async () => {
    const forged = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/woocommerce/keys',
      headers: { 'content-type': 'application/json' },
      payload: keysCallbackBody(
        { key_id: 1, consumer_key: `ck_${'c'.repeat(40)}`, consumer_secret: `cs_${'d'.repeat(40)}`, permissions: 'read_write', description: '' },
        `${seller.id}.x`,
      ),
    });
    expect(forged.statusCode).toBe(400);

    const res = await oauth(world, seller);
    const urlAuth = new URL(res.json<{ url_auth: string }>().url_auth);
    urlAuth.searchParams.set('scope', 'read');
    const keysBefore = world.fake.state.keys.length;
    const outcome = await world.fake.approve(urlAuth.toString());
    expect(outcome.status).toBe(401);
    expect(outcome.body).toContain('unable to send the consumer data');
    expect(world.fake.state.keys).toHaveLength(keysBefore);
  });

  it('denied: the browser comes back to /integrations with success=0, and nothing is stored', async () => {
    const someone = await newSeller(world);
    const res = await oauth(world, someone);
    const back = new URL(await world.fake.deny(res.json<{ url_auth: string }>().url_auth));
    expect(`${back.origin}${back.pathname}`).toBe(`${APP_URL}/integrations`);
    expect(back.searchParams.get('success')).toBe('0');
    expect((await listStores(world, someone)).data).toEqual([]);
    expect(handshakeReturnMessages.denied).toMatch(/rechazada/);
  });

  it('an install without https cannot connect a real store (WooCommerce only calls back over https), but can the demo store', async () => {
    const local = await createTestApp({ env: adminEnv });
    try {
      const user = await createSignedInUser(local.app, await signInAdmin(local.app));
      const call = (store_url: string) =>
        local.app.inject({
          method: 'POST',
          url: '/api/v1/woocommerce/oauth',
          headers: user.headers,
          payload: { store_url, app_name: 'Tienda', user_id: user.id },
        });
      const real = await call('https://tienda.test');
      expect(real.statusCode).toBe(400);
      expect(real.json<{ code: string }>().code).toBe('integrations.https_required');
      expect((await call('http://localhost:3000/tienda-demo')).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('status, toggle and disconnection', () => {
  it('POST /status/woocommerce answers the toggle and the store name, for the owner or an admin only', async () => {
    const someone = await newSeller(world);
    const call = (who: SignedIn, user_id: string) =>
      world.t.app.inject({ method: 'POST', url: '/api/v1/status/woocommerce', headers: who.headers, payload: { ecommerce_type: 'woocommerce', user_id } });
    expect((await call(someone, someone.id)).json()).toEqual({ status: false, app_name: null, store_url: null });
    await connectStore(world, someone);
    expect((await call(someone, someone.id)).json()).toEqual({ status: true, app_name: 'Mi Tienda', store_url: world.fake.homeUrl });
    expect((await call(world.admin, someone.id)).json<{ status: boolean }>().status).toBe(true);
    expect((await call(other, someone.id)).statusCode).toBe(403);
    const bad = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/status/woocommerce',
      headers: someone.headers,
      payload: { ecommerce_type: 'shopify', user_id: someone.id },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('ecommerce_type');
  });

  it('PUT /status/woocommerce/{userId} with status=false deletes our keys now and our webhooks on the store', async () => {
    const someone = await newSeller(world);
    const id = await connectStore(world, someone);
    const delivery = `${APP_URL}/api/v1/webhooks/woocommerce/${id}`;
    expect(world.fake.state.webhooks.filter((w) => w.delivery_url === delivery)).toHaveLength(2);

    const put = (who: SignedIn, body: object) =>
      world.t.app.inject({
        method: 'PUT',
        url: `/api/v1/status/woocommerce/${someone.id}`,
        headers: who.headers,
        payload: { ecommerce_type: 'woocommerce', ...body },
      });
    expect((await put(other, { status: false })).statusCode).toBe(403);
    expect((await put(someone, { status: true })).statusCode).toBe(400);
    const res = await put(someone, { status: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: false, disconnected: 1 });
    const [row] = await world.t.database.query<{ state: string; consumer_key_sealed: string | null; webhook_secret_sealed: string | null }>(
      'select state, consumer_key_sealed, webhook_secret_sealed from store_connections where id = $1',
      [id],
    );
    expect(row).toEqual({ state: 'disconnected', consumer_key_sealed: null, webhook_secret_sealed: null });
    await world.t.app.jobs.drain();
    expect(world.fake.state.webhooks.filter((w) => w.delivery_url === delivery)).toEqual([]);
    // The job's payload no longer holds the sealed keys once done.
    const [job] = await world.t.database.query<{ payload: object }>(
      "select payload from jobs where type = 'woocommerce.cleanup' and payload->>'connectionId' = $1",
      [id],
    );
    expect(job!.payload).toEqual({ connectionId: id });
    expect((await listStores(world, someone)).data).toEqual([]);
    // A delivery to the old address is refused.
    const late = await world.t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/woocommerce/${id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(late.statusCode).toBe(404);
  });
});

describe('who may touch a connection', () => {
  it('another account can neither read, change, sync nor list the orders of my store; an admin can', async () => {
    const id = (await listStores(world, seller)).data[0]!._id;
    const attempts = [
      { method: 'GET' as const, url: `/api/v1/woocommerce/stores/${seller.id}` },
      { method: 'PATCH' as const, url: `/api/v1/woocommerce/stores/${id}`, payload: { complete_on_delivery: false } },
      { method: 'POST' as const, url: `/api/v1/woocommerce/stores/${id}/sync` },
      { method: 'GET' as const, url: `/api/v1/marketplace/shipments/${seller.id}` },
      { method: 'PUT' as const, url: `/api/v1/status/woocommerce/${seller.id}`, payload: { ecommerce_type: 'woocommerce', status: false } },
    ];
    for (const attempt of attempts) {
      const res = await world.t.app.inject({ ...attempt, headers: other.headers });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }
    const asAdmin = await world.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/woocommerce/stores/${id}`,
      headers: world.admin.headers,
      payload: { complete_on_delivery: false },
    });
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json<{ complete_on_delivery: boolean }>().complete_on_delivery).toBe(false);
    const back = await world.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/woocommerce/stores/${id}`,
      headers: seller.headers,
      payload: { complete_on_delivery: 'sí' },
    });
    expect(back.statusCode).toBe(400);
    expect(back.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('complete_on_delivery');
  });

  it('a sync can be asked for now, once a minute', async () => {
    const id = (await listStores(world, seller)).data[0]!._id;
    const sync = () => world.t.app.inject({ method: 'POST', url: `/api/v1/woocommerce/stores/${id}/sync`, headers: seller.headers });
    const first = await sync();
    expect(first.statusCode, first.body).toBe(200);
    const second = await sync();
    expect([first.json(), second.json()]).toContainEqual({ queued: false });
    await world.t.app.jobs.drain();
    expect((await listStores(world, seller)).data[0]!.health.last_sync_at).not.toBeNull();
  });
});
