import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyList, CreatedApiKey } from '@envios/contracts/developers';
import { buildApp, logMixin, logSerializers, redactedLogPaths } from '../../app.js';
import { manualClock } from '../../shared/clock.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { cloneShipment } from '../guides/guides.testing.js';
import { createOne, pricedBody } from '../shipments/shipments.fixtures.js';

/*
 * API keys: created with a session and shown once, stored hashed; `Authorization: Bearer <key>`
 * acts as the seller on every route a seller uses (never an administrator's), a read key only
 * reads, a revoked key fails at once (also on another app on the same database, as another
 * process would), each key has its rate (429 + Retry-After), a test key moves no real money, and
 * each use is one log line naming the key without its value.
 */

const clock = manualClock(new Date('2026-11-30T16:00:00Z'));
const lines: Record<string, unknown>[] = [];
let t: TestApp;
let admin: SignedIn;
let ana: SignedIn;

beforeAll(async () => {
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  t = await createTestApp({
    env: { ...adminEnv, API_KEY_RATE_PER_SECOND: '1', API_KEY_BURST: '5' },
    deps: { clock, logger: { level: 'info', stream, redact: { paths: redactedLogPaths, censor: '[oculto]' }, serializers: logSerializers, mixin: logMixin } },
  });
  admin = await signInAdmin(t.app);
  ana = await createSignedInUser(t.app, admin);
});
afterAll(async () => {
  await t.close();
});

async function createKey(who: SignedIn, body: { name: string; scope: 'read' | 'write'; mode: 'live' | 'test' }): Promise<CreatedApiKey> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/developers/keys', headers: who.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>();
}
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, key: string, payload?: object, app = t.app) {
  // Each call a second later: the rate of these tests' keys (1 a second) never gets in the way.
  clock.advance(1_000);
  return app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });
}

describe('creating and listing keys', () => {
  it('shows the key once with its prefix; the list never shows it again, nor its hash', async () => {
    const created = await createKey(ana, { name: 'ERP del almacén', scope: 'write', mode: 'live' });
    expect(created.key).toMatch(/^emx_live_[A-Za-z0-9_-]{43}$/);
    expect(created.api_key).toMatchObject({
      name: 'ERP del almacén',
      scope: 'write',
      mode: 'live',
      prefix: created.key.slice(0, 13),
      last_used_at: null,
      revoked_at: null,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/developers/keys', headers: ana.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key.slice(13));
    expect(list.json<ApiKeyList>()).toMatchObject({
      data: [{ _id: created.api_key._id, prefix: created.api_key.prefix }],
      rate_limit: { per_second: 1, burst: 5 },
    });
    const [row] = await t.database.query<{ token_hash: string }>('select token_hash from api_keys where id = $1', [created.api_key._id]);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(created.key);
  });

  it('refuses a bad body naming the field, and a visitor', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/developers/keys',
      headers: ana.headers,
      payload: { name: '', scope: 'todo', mode: 'live' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<{ errors: { path: string }[] }>()
        .errors.map((e) => e.path)
        .sort(),
    ).toEqual(['name', 'scope']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/developers/keys' })).statusCode).toBe(401);
  });
});

describe('what a key may do', () => {
  it('acts as its seller on a seller’s routes, records its last use, and a quote with it gets the seller’s answer', async () => {
    const { key, api_key } = await createKey(ana, { name: 'Tienda', scope: 'write', mode: 'live' });
    const me = await call('GET', '/api/v1/me', key);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<{ _id: string }>()._id).toBe(ana.id);
    const { body } = await pricedBody(t, ana);
    const created = await call('POST', '/api/v1/shipments', key, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ shipments: { user: string }[] }>().shipments[0]!.user).toBe(ana.id);
    const [row] = await t.database.query<{ last_used_at: Date | null }>('select last_used_at from api_keys where id = $1', [api_key._id]);
    expect(row!.last_used_at).not.toBeNull();
  });

  it('never opens an administrator’s route, even with an administrator’s own key', async () => {
    const { key } = await createKey(admin, { name: 'Admin', scope: 'write', mode: 'live' });
    const users = await call('GET', '/api/v1/users', key);
    expect(users.statusCode).toBe(403);
    const other = await call('GET', `/api/v1/users/${ana.id}`, key);
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: admin.headers })).statusCode).toBe(200);
  });

  it('a read key reads, and any change answers 403 developers.read_only_key (a POST that only reads passes)', async () => {
    const { key } = await createKey(ana, { name: 'Reportes', scope: 'read', mode: 'live' });
    expect((await call('GET', '/api/v1/prepaid', key)).statusCode).toBe(200);
    const change = await call('POST', '/api/v1/locations-user', key, { name: 'x' });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ code: 'developers.read_only_key' });
    const shipment = await createOne(t, ana);
    const status = await call('POST', '/api/v1/generate-guides-after-pay/many', key, { shipments: [shipment._id] });
    expect(status.statusCode, status.body).toBe(200);
  });

  it('the account’s credentials and the developer page take a session, never a key', async () => {
    const { key } = await createKey(ana, { name: 'Integración', scope: 'write', mode: 'live' });
    for (const res of [
      await call('GET', '/api/v1/developers/keys', key),
      await call('POST', '/api/v1/developers/keys', key, { name: 'otra', scope: 'write', mode: 'live' }),
      await call('GET', '/api/v1/developers/webhooks', key),
      await call('PUT', `/api/v1/users/${ana.id}`, key, { password: 'nueva1234', currentPassword: 'clave123' }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'developers.session_only' });
    }
  });

  it('a key of a locked account is refused; a made-up key is 401', async () => {
    const beto = await createSignedInUser(t.app, admin);
    const { key } = await createKey(beto, { name: 'Beto', scope: 'write', mode: 'live' });
    expect((await call('GET', '/api/v1/me', key)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/users/${beto.id}`, headers: admin.headers, payload: { locked: true } })).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/me', key)).statusCode).toBe(403);
    const fake = `emx_live_${'A'.repeat(43)}`;
    const res = await call('GET', '/api/v1/me', fake);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'La llave de API no es válida o fue revocada.' });
  });
});

describe('revocation', () => {
  it('a revoked key fails at once, here and on another app on the same database (another process), and stays listed as revoked', async () => {
    const other = await buildApp({ config: testConfig(adminEnv), database: t.database, clock });
    await other.ready();
    try {
      const { key, api_key } = await createKey(ana, { name: 'Temporal', scope: 'write', mode: 'live' });
      // Both apps have used (and kept) the key.
      expect((await call('GET', '/api/v1/me', key)).statusCode).toBe(200);
      expect((await call('GET', '/api/v1/me', key, undefined, other)).statusCode).toBe(200);
      const revoked = await t.app.inject({ method: 'DELETE', url: `/api/v1/developers/keys/${api_key._id}`, headers: ana.headers });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json<{ revoked_at: string | null }>().revoked_at).not.toBeNull();
      expect((await call('GET', '/api/v1/me', key)).statusCode).toBe(401);
      expect((await call('GET', '/api/v1/me', key, undefined, other)).statusCode).toBe(401);
      const list = (await t.app.inject({ method: 'GET', url: '/api/v1/developers/keys', headers: ana.headers })).json<ApiKeyList>();
      expect(list.data.find((k) => k._id === api_key._id)!.revoked_at).not.toBeNull();
    } finally {
      await other.close();
    }
  });

  it('nobody revokes another account’s key (404)', async () => {
    const { api_key } = await createKey(ana, { name: 'Mía', scope: 'read', mode: 'live' });
    const beto = await createSignedInUser(t.app, admin);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/developers/keys/${api_key._id}`, headers: beto.headers })).statusCode).toBe(404);
  });
});

describe('rate limit per key', () => {
  it('past its bucket a key answers 429 with Retry-After; another key is not affected; a second later it works again', async () => {
    const { key } = await createKey(ana, { name: 'Rápida', scope: 'read', mode: 'live' });
    const { key: other } = await createKey(ana, { name: 'Otra', scope: 'read', mode: 'live' });
    clock.advance(10_000);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(key) }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = answers[5]!;
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.json()).toMatchObject({ code: 'developers.rate_limited' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(other) })).statusCode).toBe(200);
    // A public route with the key counts too: the quote says 429 rather than answering as a visitor.
    const { body } = await pricedBody(t, ana);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/v1/quoting',
      headers: bearer(key),
      payload: {
        origin_direction: body.origin_direction,
        destination_direction: body.destination_direction,
        parcels: body.parcels,
        package_type: 'box',
        cantidadGuias: 1,
      },
    });
    expect(quote.statusCode).toBe(429);
    clock.advance(1_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(key) })).statusCode).toBe(200);
  });
});

describe('test keys', () => {
  it('pay only through sandbox providers: the wallet (real money) is refused, the PayPal sandbox works', async () => {
    const { key } = await createKey(ana, { name: 'Pruebas', scope: 'write', mode: 'test' });
    expect(key.startsWith('emx_test_')).toBe(true);
    const shipment = await createOne(t, ana);
    const wallet = await call('POST', '/api/v1/payments/many/monedero', key, { shipments: [shipment._id] });
    expect(wallet.statusCode).toBe(403);
    expect(wallet.json()).toMatchObject({ code: 'developers.test_key_payment' });
    const [another] = await cloneShipment(t, shipment._id, 1);
    const paypal = await call('POST', '/api/v1/paypal/v2/link/many', key, { shipments: [another] });
    expect(paypal.statusCode, paypal.body).toBe(200);
    expect(paypal.json()).toMatchObject({ sandbox: true });
  });
});

describe('logs', () => {
  it('each use is one line naming the key’s id and prefix, never the key', async () => {
    const { key, api_key } = await createKey(ana, { name: 'Registro', scope: 'read', mode: 'live' });
    lines.length = 0;
    expect((await call('GET', '/api/v1/me', key)).statusCode).toBe(200);
    const uses = lines.filter((l) => l.msg === 'uso de llave de API');
    expect(uses).toEqual([expect.objectContaining({ apiKeyId: api_key._id, apiKeyPrefix: api_key.prefix, statusCode: 200, route: '/api/v1/me' })]);
    expect(JSON.stringify(lines)).not.toContain(key.slice(13));
  });
});
