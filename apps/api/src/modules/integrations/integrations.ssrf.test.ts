import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreList } from '@envios/contracts/integrations';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { guardOffBoxConnections } from '../../testing/no-off-box.js';
import { HANDSHAKES_PER_HOUR } from './integrations.usecases.js';

/**
 * A seller cannot make our server call an internal address through the store URL: refused when
 * the store is connected, and again on every call a job makes (a name that answered a public
 * address at first and a private one later reaches nothing). The health panel reads the same for
 * an internal address and for a name that does not exist, so it cannot be used to map ports.
 * Nothing is ever sent off this machine: the guard stops any such connect, and 10.x or
 * 169.254.169.254 are refused before one is attempted.
 */

const APP_URL = 'https://envios.test';
const guard = guardOffBoxConnections();
let listener: Server;
let port = 0;
let connections = 0;
let t: TestApp;
let seller: SignedIn;
/** rebind.ejemplo.mx answers a public address the first time it is resolved, 127.0.0.1 after. */
let rebindCalls = 0;

beforeAll(async () => {
  listener = createServer((_req, res) => res.end('{}'));
  listener.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  const dns: Record<string, string> = { 'interna.ejemplo.mx': '127.0.0.1', 'metadatos.ejemplo.mx': '169.254.169.254', 'oficina.ejemplo.mx': '10.0.0.5' };
  t = await createTestApp({
    env: { ...adminEnv, APP_URL },
    deps: {
      // What production has (no address allowed), with a DNS table instead of the system's.
      outbound: {
        resolve: (hostname) => {
          if (hostname === 'rebind.ejemplo.mx') {
            rebindCalls += 1;
            return Promise.resolve([{ address: rebindCalls === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }]);
          }
          const address = dns[hostname];
          return address ? Promise.resolve([{ address, family: 4 }]) : Promise.reject(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }));
        },
      },
      integrations: { storeTimeoutMs: 2_000 },
    },
  });
  seller = await createSignedInUser(t.app, await signInAdmin(t.app));
});
afterAll(async () => {
  await t.close();
  listener.closeAllConnections();
  await new Promise((resolve) => listener.close(resolve));
  guard.restore();
  expect(guard.attempts).toEqual([]);
});

const oauth = (store_url: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/woocommerce/oauth',
    headers: seller.headers,
    payload: { store_url, app_name: 'Mi Tienda', user_id: seller.id },
  });

describe('connecting a store at an address that is not public', () => {
  it.each([
    ['loopback', () => `https://127.0.0.1:${port}`],
    ['private 10.x', () => 'https://10.0.0.1'],
    ['cloud metadata', () => 'https://169.254.169.254'],
    ['IPv6 loopback', () => `https://[::1]:${port}`],
    ['IPv4-mapped IPv6 loopback', () => `https://[::ffff:127.0.0.1]:${port}`],
    ['a name resolving to loopback', () => `https://interna.ejemplo.mx:${port}`],
    ['a name resolving to cloud metadata', () => 'https://metadatos.ejemplo.mx'],
    ['a name resolving to 10.x', () => 'https://oficina.ejemplo.mx'],
    ['plain http', () => `http://interna.ejemplo.mx:${port}`],
  ])('%s is refused with a 400 naming store_url, and nothing reaches the listener', async (_name, url) => {
    const before = connections;
    const res = await oauth(url());
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ message: string; code: string; errors: { path: string }[] }>();
    expect(body.errors.map((e) => e.path)).toContain('store_url');
    expect(body.message).not.toMatch(/privad|interna|loopback|127\.|10\.0/i);
    expect(connections).toBe(before);
  });

  it('an internal name reads exactly like a name that does not exist', async () => {
    const internal = (await oauth(`https://interna.ejemplo.mx:${port}`)).json<{ message: string }>();
    const missing = (await oauth('https://no-existe.ejemplo.mx')).json<{ message: string }>();
    expect(internal).toEqual(missing);
    expect(internal.message).toMatch(/No pudimos comunicarnos con la tienda/);
  });
});

describe('probing by handshakes', () => {
  it(`an account starts at most ${HANDSHAKES_PER_HOUR} handshakes an hour, refused or not`, async () => {
    const prober = await createSignedInUser(t.app, await signInAdmin(t.app));
    const call = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/woocommerce/oauth',
        headers: prober.headers,
        payload: { store_url: `https://h${n}.ejemplo.mx`, app_name: 'Sonda', user_id: prober.id },
      });
    for (let n = 0; n < HANDSHAKES_PER_HOUR; n += 1) expect((await call(n)).statusCode).toBe(400);
    const blocked = await call(99);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toMatch(/Demasiadas solicitudes/);
  });
});

describe('a name that turns private after the store was connected (DNS rebinding)', () => {
  it('the set-up job reaches nothing, and the health panel says what it says of any unreachable store', async () => {
    const res = await oauth(`https://rebind.ejemplo.mx:${port}`);
    expect(res.statusCode, res.body).toBe(200);
    // The seller plays the store: posts the key callback with the handshake's user_id.
    const userId = new URL(res.json<{ url_auth: string }>().url_auth).searchParams.get('user_id')!;
    const keys = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/woocommerce/keys',
      headers: { 'content-type': 'application/json' },
      payload: { key_id: 1, user_id: userId, consumer_key: `ck_${'a'.repeat(40)}`, consumer_secret: `cs_${'b'.repeat(40)}`, key_permissions: 'read_write' },
    });
    expect(keys.statusCode, keys.body).toBe(200);
    const before = connections;
    await t.app.jobs.drain();
    expect(connections).toBe(before);
    expect(rebindCalls).toBeGreaterThanOrEqual(2);
    const stores = await t.app.inject({ method: 'GET', url: `/api/v1/woocommerce/stores/${seller.id}`, headers: seller.headers });
    const [store] = stores.json<StoreList>().data;
    const reasons = store!.health.recent_failures.map((f) => f.reason);
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) {
      expect(reason).toMatch(/No pudimos comunicarnos con la tienda: revisa que su dirección pública \(https\) sea correcta y que esté en línea\./);
      expect(reason).not.toMatch(/rechaz|ECONN|127\.|privad/i);
    }
  });
});
