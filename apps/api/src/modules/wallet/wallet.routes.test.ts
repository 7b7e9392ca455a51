import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, type ApiError } from '@envios/contracts/errors';
import { walletErrorCodes, type WalletEntry, type WalletList } from '@envios/contracts/wallet';
import { manualClock } from '../../shared/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createWallet, type Wallet } from './wallet.usecases.js';

const clock = manualClock();
let t: TestApp;
let wallet: Wallet;
let admin: SignedIn;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv, deps: { clock } });
  wallet = createWallet({ db: t.database.db, clock });
  admin = await signInAdmin(t.app);
  owner = await createSignedInUser(t.app, admin);
  other = await createSignedInUser(t.app, admin);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, who?: SignedIn, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as string }) });

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function pendingTopUp(who: SignedIn, amount: number, user?: string): Promise<string> {
  clock.advance(1000);
  const res = await call('POST', '/api/v1/prepaid', who, { amount, ...(user ? { user } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

async function total(who: SignedIn, userId: string): Promise<number> {
  const res = await call('GET', `/api/v1/prepaid/getTotalAmount/${userId}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ total_amount: number }>().total_amount;
}

async function list(who: SignedIn, query = ''): Promise<WalletList> {
  const res = await call('GET', `/api/v1/prepaid${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WalletList>();
}

function expectFieldError(res: { statusCode: number; json: <T>() => T }, field: string): ApiError {
  expect(res.statusCode).toBe(400);
  const body = res.json<ApiError>();
  expect(body.code).toBe(errorCodes.validation);
  expect(body.errors?.map((x) => x.path)).toContain(field);
  return body;
}

describe('POST /prepaid (pending top-up)', () => {
  it('creates a pending top-up for the caller that does not count in the balance', async () => {
    const id = await pendingTopUp(owner, 250.5);
    const page = await list(owner);
    expect(page.docs[0]).toMatchObject({
      _id: id,
      type: 'abono',
      movement: 'Abono',
      amount: 250.5,
      status: false,
      status_label: 'Pendiente',
      user: owner.id,
      shipment: null,
    });
    expect(page.docs[0]!.numberOfOrder).toBeGreaterThanOrEqual(1000);
    expect(await total(owner, owner.id)).toBe(0);
  });

  it('refuses a top-up for another user (403) but lets an admin create one for anyone', async () => {
    const res = await call('POST', '/api/v1/prepaid', other, { user: owner.id, amount: 10 });
    expect(res.statusCode).toBe(403);
    const id = await pendingTopUp(admin, 10, other.id);
    expect((await list(other)).docs.map((d) => d._id)).toContain(id);
    const unknown = await call('POST', '/api/v1/prepaid', admin, { user: UNKNOWN_ID, amount: 10 });
    expectFieldError(unknown, 'user');
  });

  it('answers 401 to a visitor', async () => {
    expect((await call('POST', '/api/v1/prepaid', undefined, { amount: 10 })).statusCode).toBe(401);
  });

  it.each([
    [undefined, 'El monto es obligatorio.'],
    ['diez', 'El monto debe ser un número.'],
    [0, 'El monto debe ser mayor que cero.'],
    [-5, 'El monto debe ser mayor que cero.'],
    [100_000.01, 'El monto debe ser como máximo 100,000 pesos.'],
    [10.123, 'El monto debe tener como máximo dos decimales.'],
  ])('refuses amount %s naming the field in Spanish', async (amount, message) => {
    const res = await call('POST', '/api/v1/prepaid', owner, amount === undefined ? {} : { amount });
    const body = expectFieldError(res, 'amount');
    expect(body.errors?.find((x) => x.path === 'amount')?.message).toBe(message);
  });

  it('accepts the largest amount and refuses a malformed user id', async () => {
    await pendingTopUp(owner, 100_000);
    expectFieldError(await call('POST', '/api/v1/prepaid', owner, { amount: 1, user: 'nope' }), 'user');
  });
});

describe('markTopUpPaid', () => {
  it('pays a top-up once: the second confirmation changes nothing', async () => {
    const fresh = await createSignedInUser(t.app, admin);
    const id = await pendingTopUp(fresh, 123.45);
    clock.advance(1000);
    const first = await wallet.markTopUpPaid(id, 'paypal', 'ORDER-1');
    expect(first.changed).toBe(true);
    expect(first.entry).toMatchObject({ status: true, provider: 'paypal' });
    clock.advance(1000);
    const second = await wallet.markTopUpPaid(id, 'oxxo', 'OTHER');
    expect(second.changed).toBe(false);
    expect(second.entry).toEqual(first.entry);
    expect(await total(fresh, fresh.id)).toBe(123.45);
    const [row] = (await list(fresh)).docs;
    expect(row).toMatchObject({ status: true, status_label: 'Pagado', amount: 123.45 });
    await expect(wallet.markTopUpPaid(UNKNOWN_ID, 'paypal', null)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('GET /prepaid and /prepaid/getTotalAmount/{userId}', () => {
  it('lists newest first; another user gets 403, an admin sees anyone, a visitor 401', async () => {
    const a = await pendingTopUp(owner, 1);
    const b = await pendingTopUp(owner, 2);
    const own = await list(owner, `?user=${owner.id}`);
    expect(own.docs.slice(0, 2).map((d) => d._id)).toEqual([b, a]);
    expect(own).toMatchObject({ page: 1, previous: null });
    expect((await call('GET', `/api/v1/prepaid?user=${owner.id}`, other)).statusCode).toBe(403);
    expect((await list(admin, `?user=${owner.id}`)).docs[0]!._id).toBe(b);
    expect((await call('GET', '/api/v1/prepaid')).statusCode).toBe(401);
    expectFieldError(await call('GET', '/api/v1/prepaid?user=abc', owner), 'user');
  });

  it('answers the balance to the owner and an admin, 403 to another user, 401 to a visitor, 400 to a bad id', async () => {
    expect(await total(owner, owner.id)).toBe(0);
    expect(await total(admin, owner.id)).toBe(0);
    expect((await call('GET', `/api/v1/prepaid/getTotalAmount/${owner.id}`, other)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/prepaid/getTotalAmount/${owner.id}`)).statusCode).toBe(401);
    expectFieldError(await call('GET', '/api/v1/prepaid/getTotalAmount/abc', admin), 'userId');
  });
});

describe('POST /prepaid/createPrepaid (admin credit)', () => {
  it('credits a paid top-up at once and the balance grows, two decimals', async () => {
    const fresh = await createSignedInUser(t.app, admin);
    clock.advance(1000);
    const res = await call('POST', '/api/v1/prepaid/createPrepaid', admin, { cantidadAbonar: 99.9, userId: fresh.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WalletEntry>()).toMatchObject({
      type: 'abono',
      movement: 'Abono',
      amount: 99.9,
      status: true,
      status_label: 'Pagado',
      provider: 'admin',
      user: fresh.id,
    });
    await call('POST', '/api/v1/prepaid/createPrepaid', admin, { cantidadAbonar: 0.2, userId: fresh.id });
    expect(await total(fresh, fresh.id)).toBe(100.1);
  });

  it('is for admins only: a user gets 403 (even for themselves), a visitor 401', async () => {
    expect((await call('POST', '/api/v1/prepaid/createPrepaid', owner, { cantidadAbonar: 10, userId: owner.id })).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/prepaid/createPrepaid', undefined, { cantidadAbonar: 10, userId: owner.id })).statusCode).toBe(401);
  });

  it('names the bad field', async () => {
    const body = expectFieldError(await call('POST', '/api/v1/prepaid/createPrepaid', admin, { cantidadAbonar: -1, userId: owner.id }), 'cantidadAbonar');
    expect(body.errors?.[0]?.message).toBe('La cantidad a abonar debe ser mayor que cero.');
    expectFieldError(await call('POST', '/api/v1/prepaid/createPrepaid', admin, { cantidadAbonar: 1 }), 'userId');
    expectFieldError(await call('POST', '/api/v1/prepaid/createPrepaid', admin, { cantidadAbonar: 1, userId: UNKNOWN_ID }), 'userId');
  });
});

describe('DELETE /prepaid/{id}', () => {
  it('deletes the owner’s pending top-up; another user gets 403; an admin may delete any', async () => {
    const id = await pendingTopUp(owner, 5);
    expect((await call('DELETE', `/api/v1/prepaid/${id}`, other)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/prepaid/${id}`)).statusCode).toBe(401);
    const res = await call('DELETE', `/api/v1/prepaid/${id}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(owner)).docs.map((d) => d._id)).not.toContain(id);
    expect((await call('DELETE', `/api/v1/prepaid/${id}`, owner)).statusCode).toBe(404);
    const byAdmin = await pendingTopUp(owner, 6);
    expect((await call('DELETE', `/api/v1/prepaid/${byAdmin}`, admin)).statusCode).toBe(200);
  });

  it('refuses a paid top-up with 409 and a bad id with 400', async () => {
    const id = await pendingTopUp(owner, 7);
    await wallet.markTopUpPaid(id, 'oxxo', 'REF-7');
    const res = await call('DELETE', `/api/v1/prepaid/${id}`, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().code).toBe(walletErrorCodes.alreadyPaid);
    expectFieldError(await call('DELETE', '/api/v1/prepaid/abc', owner), 'id');
  });
});
