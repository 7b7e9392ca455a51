import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, type ApiError } from '@envios/contracts/errors';
import type { OxxoResult } from '@envios/contracts/payments';
import type { Shipment } from '@envios/contracts/shipments';
import { manualClock } from '../../shared/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';

/** `GET /api/v1/shipments/references/{reference}` as the spec's table names it, on the offline OXXO sandbox. */

const clock = manualClock(new Date('2026-03-02T16:00:00Z'));
let t: TestApp;
let admin: SignedIn;
let ana: SignedIn;
let beto: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv, deps: { clock } });
  admin = await signInAdmin(t.app);
  ana = await createSignedInUser(t.app, admin, { firstName: 'Ana', lastName: 'López' });
  beto = await createSignedInUser(t.app, admin, { firstName: 'Beto', lastName: 'Ruiz' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who?: SignedIn) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

describe('GET /shipments/references/{reference}', () => {
  it('lists the shipments one OXXO slip pays, by folio, to their owner and to an admin', async () => {
    const first = await createOne(t, ana);
    const second = await createOne(t, ana);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/many/conekta/oxxo/',
      headers: ana.headers,
      payload: { shipments: [second._id, first._id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { reference } = res.json<OxxoResult>();

    for (const who of [ana, admin]) {
      const answer = await get(`/api/v1/shipments/references/${reference}`, who);
      expect(answer.statusCode, answer.body).toBe(200);
      const list = answer.json<Shipment[]>();
      expect(list.map((s) => s._id)).toEqual([first._id, second._id]);
      expect(list[0]).toMatchObject({
        numberOfOrder: first.numberOfOrder,
        status: false,
        user: ana.id,
        selected_service: { total_amount: first.selected_service.total_amount },
      });
    }
  });

  it('answers 404 to another user and to an unknown reference, so a guessed reference tells nothing', async () => {
    const mine = await createOne(t, ana);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/payments/conekta/oxxo/${mine._id}`, headers: ana.headers, payload: {} });
    const { reference } = res.json<OxxoResult>();
    const foreign = await get(`/api/v1/shipments/references/${reference}`, beto);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<ApiError>()).toMatchObject({ code: 'payments.reference_not_found', message: `La referencia ${reference} no existe.` });
    expect((await get('/api/v1/shipments/references/SBX00000000000000', ana)).statusCode).toBe(404);
  });

  it('refuses a visitor with 401 and a malformed reference with 400 naming it', async () => {
    expect((await get('/api/v1/shipments/references/SBX00000000000000')).statusCode).toBe(401);
    const bad = await get('/api/v1/shipments/references/no%20vale!', ana);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>()).toMatchObject({ code: errorCodes.validation, errors: [expect.objectContaining({ path: 'reference' })] });
  });
});
