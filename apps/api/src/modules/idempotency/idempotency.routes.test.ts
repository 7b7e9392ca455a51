import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../shared/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { cloneShipment } from '../guides/guides.testing.js';
import { createOne } from '../shipments/shipments.fixtures.js';

/*
 * Safe retries: a POST that opts in (`config.idempotent`) answers the same key with the same body
 * with its first answer for 24 hours, refuses the key with another body (422), and runs once when
 * twenty requests with one key arrive together: one wallet charge, one payment.
 */

const clock = manualClock(new Date('2026-11-30T16:00:00Z'));
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv, deps: { clock } });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

async function totalOf(id: string): Promise<number> {
  const [row] = await t.database.query<{ total: string | number }>('select total_centavos as total from shipments where id = $1', [id]);
  return Number(row!.total);
}
async function credit(who: SignedIn, centavos: number): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/prepaid/createPrepaid',
    headers: admin.headers,
    payload: { userId: who.id, cantidadAbonar: centavos / 100 },
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function charges(userId: string): Promise<number> {
  const [row] = await t.database.query<{ n: number }>("select count(*)::int as n from wallet_entries where user_id = $1 and type = 'cargo'", [userId]);
  return row!.n;
}
function pay(who: SignedIn, shipments: string[], key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/many/monedero',
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { shipments },
  });
}

describe('Idempotency-Key on a wallet payment', () => {
  it('the same key and body answers the first answer again (Idempotent-Replayed) and charges once', async () => {
    const user = await createSignedInUser(t.app, admin);
    const shipment = await createOne(t, user);
    await credit(user, (await totalOf(shipment._id)) * 2);
    const first = await pay(user, [shipment._id], 'pago-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await pay(user, [shipment._id], 'pago-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await charges(user.id)).toBe(1);
    // Without the key the second call is a new request: the shipment is already paid.
    expect((await pay(user, [shipment._id])).statusCode).toBe(409);
  });

  it('the same key with another body (or another route) is 422 idempotency.key_reused and runs nothing', async () => {
    const user = await createSignedInUser(t.app, admin);
    const shipment = await createOne(t, user);
    const [other] = await cloneShipment(t, shipment._id, 1);
    await credit(user, (await totalOf(shipment._id)) * 2);
    expect((await pay(user, [shipment._id], 'clave-2')).statusCode).toBe(200);
    const reused = await pay(user, [other!], 'clave-2');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency.key_reused', errors: [{ path: 'Idempotency-Key' }] });
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prepaid',
      headers: { ...user.headers, 'idempotency-key': 'clave-2' },
      payload: { amount: 100 },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(await charges(user.id)).toBe(1);
  });

  it('20 concurrent payments with one key charge once and all answer the same', async () => {
    const user = await createSignedInUser(t.app, admin);
    const shipment = await createOne(t, user);
    await credit(user, (await totalOf(shipment._id)) * 5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(user, [shipment._id], 'rafaga')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await charges(user.id)).toBe(1);
    const [payments] = await t.database.query<{ n: number }>("select count(*)::int as n from payments where user_id = $1 and method = 'monedero'", [user.id]);
    expect(payments!.n).toBe(1);
  });

  it('keys belong to the account: another account may use the same one', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const beto = await createSignedInUser(t.app, admin);
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prepaid',
      headers: { ...ana.headers, 'idempotency-key': 'compartida' },
      payload: { amount: 100 },
    });
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prepaid',
      headers: { ...beto.headers, 'idempotency-key': 'compartida' },
      payload: { amount: 100 },
    });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json<{ id: string }>().id).not.toBe(b.json<{ id: string }>().id);
  });

  it('after 24 hours the key is free again; a bad key is 400 naming the header; a bad body is 400 and keeps no key', async () => {
    const user = await createSignedInUser(t.app, admin);
    const topUp = (key: string, amount: unknown = 150) =>
      t.app.inject({ method: 'POST', url: '/api/v1/prepaid', headers: { ...user.headers, 'idempotency-key': key }, payload: { amount } });
    const first = await topUp('abono');
    expect((await topUp('abono')).json()).toEqual(first.json());
    clock.advance(24 * 60 * 60_000 + 1_000);
    const later = await topUp('abono');
    expect(later.statusCode).toBe(200);
    expect(later.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);

    const bad = await topUp('con espacio');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('idempotency-key');
    expect((await topUp('cuerpo', 'mucho')).statusCode).toBe(400);
    expect((await topUp('cuerpo', 200)).statusCode).toBe(200);
  });
});
