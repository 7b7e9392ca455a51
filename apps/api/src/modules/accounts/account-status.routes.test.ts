import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@envios/contracts/errors';
import { accountMessages, type User } from '@envios/contracts/accounts';
import { manualClock } from '../../shared/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signIn, signInAdmin, someAddress, type SignedIn } from '../../testing/accounts.js';
import { pricedBody } from '../shipments/shipments.fixtures.js';

/**
 * What the users admin's actions do: 'Bloquear compras' stops buying only (sign-in and quotes
 * go on, buying says why); 'Bloquear cuenta' (locked) stops everything; a sign-up waits as
 * 'Pendiente de aprobación' until its first approval. Also: automatic invoices need tax data.
 */

const clock = manualClock(new Date('2026-03-02T16:00:00Z'));
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv, deps: { clock } });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, remoteAddress: someAddress(), ...(payload ? { payload } : {}) });

async function userAsAdminSees(id: string): Promise<User> {
  const res = await call('GET', `/api/v1/users/${id}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<User>();
}

describe("'Bloquear compras' (purchasesBlocked)", () => {
  it('lets the person sign in and quote, and refuses buying with a reason; lifting it lets them buy again', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const { body } = await pricedBody(t, ana);
    const blocked = await call('PUT', `/api/v1/users/${ana.id}`, admin, { purchasesBlocked: true });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json<User>()).toMatchObject({ purchasesBlocked: true, locked: false, active: true, status: 'active' });

    // Signing in again still works, and so do the profile and a quote.
    const again = await signIn(t.app, ana.email, ana.password);
    expect((await call('GET', '/api/v1/me', again)).json<User>()).toMatchObject({ purchasesBlocked: true });
    const quote = await call('POST', '/api/v1/quoting', again, {
      origin_direction: body.origin_direction,
      destination_direction: body.destination_direction,
      parcels: body.parcels,
      package_type: 'box',
    });
    expect(quote.statusCode, quote.body).toBe(200);

    // Buying (a shipment, a payment, a top-up) is refused, saying why.
    for (const [url, payload] of [
      ['/api/v1/shipments', body],
      ['/api/v1/prepaid', { amount: 100 }],
      ['/api/v1/payments/many/monedero', { shipments: ['00000000-0000-4000-8000-000000000000'] }],
    ] as const) {
      const refused = await call('POST', url, again, payload);
      expect(refused.statusCode, `${url}: ${refused.body}`).toBe(403);
      expect(refused.json<ApiError>()).toMatchObject({ code: 'accounts.purchases_blocked', message: accountMessages.purchasesBlocked });
    }
    // An admin buying for that account is refused too.
    const forHer = await call('POST', '/api/v1/shipments', admin, { ...body, user: ana.id });
    expect(forHer.statusCode).toBe(403);
    expect(forHer.json<ApiError>().code).toBe('shipments.account_locked');

    expect((await call('PUT', `/api/v1/users/${ana.id}`, admin, { purchasesBlocked: false })).statusCode).toBe(200);
    const bought = await call('POST', '/api/v1/shipments', again, body);
    expect(bought.statusCode, bought.body).toBe(201);
  });

  it('only an admin may block purchases, and never their own', async () => {
    const beto = await createSignedInUser(t.app, admin);
    const self = await call('PUT', `/api/v1/users/${beto.id}`, beto, { purchasesBlocked: false });
    expect(self.statusCode).toBe(403);
    expect(self.json<ApiError>().code).toBe('accounts.admin_only');
    expect((await call('PUT', `/api/v1/users/${admin.id}`, admin, { purchasesBlocked: true })).statusCode).toBe(409);
    const bad = await call('PUT', `/api/v1/users/${beto.id}`, admin, { purchasesBlocked: 'sí' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().errors?.map((e) => e.path)).toContain('purchasesBlocked');
  });
});

describe('account status', () => {
  it("a sign-up reads 'pending_approval' until approved; deactivated later, it reads 'deactivated'; a locked account cannot sign in", async () => {
    const email = `pendiente${Date.now()}@correo.test`;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      remoteAddress: someAddress(),
      payload: { firstName: 'Paula', lastName: 'Pendiente', email, phone: '3311111111', password: 'clave123', rol: 'user' },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const id = signUp.json<{ _id: string }>()._id;
    expect(await userAsAdminSees(id)).toMatchObject({ active: false, approvedAt: null, status: 'pending_approval' });

    expect((await call('PUT', `/api/v1/users/${id}`, admin, { active: true })).statusCode).toBe(200);
    const approved = await userAsAdminSees(id);
    expect(approved).toMatchObject({ active: true, status: 'active', approvedAt: clock.now().toISOString() });

    expect((await call('PUT', `/api/v1/users/${id}`, admin, { active: false })).statusCode).toBe(200);
    expect(await userAsAdminSees(id)).toMatchObject({ active: false, status: 'deactivated' });

    expect((await call('PUT', `/api/v1/users/${id}`, admin, { active: true, locked: true })).statusCode).toBe(200);
    expect(await userAsAdminSees(id)).toMatchObject({ status: 'locked' });
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/login', remoteAddress: someAddress(), payload: { email, password: 'clave123' } });
    expect(login.statusCode).toBe(403);
    expect(login.json<ApiError>().code).toBe('accounts.locked');
  });
});

describe('automatic invoicing', () => {
  const tax = {
    name: 'TIENDA ANA',
    rfc: 'TAN010101AB3',
    tax_system: '601',
    cfdi_use: 'G03',
    email: 'facturas@tienda-ana.test',
    phone: '3312345678',
    address: 'Av. Juárez 100',
    colony: 'Centro',
    postal_code: '44100',
    state_city: 'Jalisco, Guadalajara',
  };

  it('cannot be switched on without complete tax data (409 naming invoice); with it, it can', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const refused = await call('PUT', `/api/v1/users/${ana.id}`, ana, { invoice: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>()).toMatchObject({
      code: 'accounts.tax_data_incomplete',
      errors: [{ path: 'invoice', message: accountMessages.taxDataIncomplete }],
    });
    expect((await userAsAdminSees(ana.id)).invoice).toBe(false);

    expect((await call('PUT', `/api/v1/users/${ana.id}`, ana, { taxInformation: tax })).statusCode).toBe(200);
    const on = await call('PUT', `/api/v1/users/${ana.id}`, ana, { invoice: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<User>().invoice).toBe(true);
    // Switching it off never needs anything.
    expect((await call('PUT', `/api/v1/users/${ana.id}`, ana, { invoice: false })).statusCode).toBe(200);
  });
});
