import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletList } from '@envios/contracts/wallet';
import { manualClock } from '../../shared/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { scheduleTopUpExpiry, WALLET_TOP_UP_EXPIRY_JOB } from './wallet.expiry.js';
import { createWallet } from './wallet.usecases.js';

/** Abandoned or declined top-ups leave the pending list ('Cancelado'); each movement names its own folio. */

const HOUR = 3_600_000;
const clock = manualClock(new Date('2026-03-02T16:00:00Z'));
let t: TestApp;
let admin: SignedIn;
let ana: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv, deps: { clock } });
  admin = await signInAdmin(t.app);
  ana = await createSignedInUser(t.app, admin, { firstName: 'Ana', lastName: 'López' });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, who: SignedIn, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function topUp(amount: number): Promise<string> {
  const res = await call('POST', '/api/v1/prepaid', ana, { amount });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

async function entries(): Promise<WalletList['docs']> {
  const res = await call('GET', '/api/v1/prepaid?limit=50', ana);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WalletList>().docs;
}

const byId = async (id: string) => (await entries()).find((e) => e._id === id)!;

describe('abandoned top-ups', () => {
  it('a day without an open payment makes a pending top-up "Cancelado" (by the hourly job); one with an OXXO reference open, a fresh one and a paid one stay', async () => {
    const abandoned = await topUp(100);
    const withReference = await topUp(200);
    const reference = await call('POST', `/api/v1/payments/conekta/oxxo/${withReference}`, ana, {});
    expect(reference.statusCode, reference.body).toBe(200);
    const paid = await topUp(300);
    await createWallet({ db: t.database.db, clock }).markTopUpPaid(paid, 'paypal', 'CAPTURE-1');

    clock.advance(25 * HOUR);
    const fresh = await topUp(400);
    await scheduleTopUpExpiry(t.app.jobs, clock);
    await t.app.jobs.drain();

    expect(await byId(abandoned)).toMatchObject({ status: false, cancelled: true, status_label: 'Cancelado' });
    expect(await byId(withReference)).toMatchObject({ cancelled: false, status_label: 'Pendiente' });
    expect(await byId(fresh)).toMatchObject({ cancelled: false, status_label: 'Pendiente' });
    expect(await byId(paid)).toMatchObject({ status: true, cancelled: false, status_label: 'Pagado' });

    // The chain keeps one job per hour: the next run is already queued, once.
    const queued = await t.database.query<{ n: number }>("select count(*)::int as n from jobs where type = $1 and status = 'pending'", [
      WALLET_TOP_UP_EXPIRY_JOB,
    ]);
    expect(queued[0]!.n).toBe(1);
  });

  it('money that arrives for a cancelled top-up after all is still credited (paid wins)', async () => {
    const late = await topUp(150);
    clock.advance(25 * HOUR);
    await scheduleTopUpExpiry(t.app.jobs, clock);
    await t.app.jobs.drain();
    expect((await byId(late)).status_label).toBe('Cancelado');
    const before = (await call('GET', `/api/v1/prepaid/getTotalAmount/${ana.id}`, ana)).json<{ total_amount: number }>().total_amount;
    const { changed } = await createWallet({ db: t.database.db, clock }).markTopUpPaid(late, 'oxxo', 'REF-LATE');
    expect(changed).toBe(true);
    expect(await byId(late)).toMatchObject({ status: true, cancelled: false, status_label: 'Pagado' });
    expect((await call('GET', `/api/v1/prepaid/getTotalAmount/${ana.id}`, ana)).json<{ total_amount: number }>().total_amount).toBe(before + 150);
  });
});

describe('wallet folios', () => {
  it('a top-up shows its own MON- number; a charge also names the folio of the shipment it paid', async () => {
    const shipment = await createOne(t, ana);
    const credit = await call('POST', '/api/v1/prepaid/createPrepaid', admin, { cantidadAbonar: 5000, userId: ana.id });
    expect(credit.statusCode, credit.body).toBe(200);
    const pay = await call('POST', '/api/v1/payments/many/monedero', ana, { shipments: [shipment._id], user: ana.id });
    expect(pay.statusCode, pay.body).toBe(200);

    const list = await entries();
    const charge = list.find((e) => e.shipment === shipment._id)!;
    expect(charge).toMatchObject({ movement: 'Cargo', shipment_folio: shipment.numberOfOrder, folio: `MON-${charge.numberOfOrder}` });
    const topUpEntry = list.find((e) => e.type === 'abono')!;
    expect(topUpEntry.folio).toMatch(/^MON-\d+$/);
    expect(topUpEntry.shipment_folio).toBeNull();
  });
});
