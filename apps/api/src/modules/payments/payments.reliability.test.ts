import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '@envios/contracts/payments';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { cloneShipment, setStock } from '../guides/guides.testing.js';
import { createPayPalClient } from './adapters/paypal-client.js';
import { PAYPAL_FAKE_CREDENTIALS, startPayPalFake, type PayPalFake } from './adapters/fakes/paypal.fake.js';

/**
 * Reliability of payments (issue #6): the same capture ten times, fifty wallet payments racing
 * for a balance that covers ten, eight buyers racing for five inventory guides, and a process that
 * dies between the confirmed payment and its guide.
 */

const INVENTORY_SERVICE = 'EXPRESS DOMESTIC DINAMICA';

let t: TestApp;
let fake: PayPalFake;
let admin: SignedIn;

beforeAll(async () => {
  fake = await startPayPalFake();
  const paypal = createPayPalClient({ baseUrl: fake.url, clientId: PAYPAL_FAKE_CREDENTIALS.clientId, secret: PAYPAL_FAKE_CREDENTIALS.secret });
  t = await createTestApp({ env: adminEnv, deps: { paypal } });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function totalOf(app: TestApp, id: string): Promise<number> {
  const [row] = await app.database.query<{ total: string | number }>('select total_centavos as total from shipments where id = $1', [id]);
  return Number(row!.total);
}

async function credit(app: TestApp, who: SignedIn, centavos: number): Promise<void> {
  const adminOf = app === t ? admin : await signInAdmin(app.app);
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/v1/prepaid/createPrepaid',
    headers: adminOf.headers,
    payload: { userId: who.id, cantidadAbonar: centavos / 100 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function walletState(app: TestApp, userId: string) {
  const [w] = await app.database.query<{ balance: string | number | null }>('select balance_centavos as balance from wallets where user_id = $1', [userId]);
  const [l] = await app.database.query<{ sum: string | number | null; charges: number }>(
    `select coalesce(sum(amount_centavos) filter (where paid), 0) as sum, count(*) filter (where type = 'cargo')::int as charges
     from wallet_entries where user_id = $1`,
    [userId],
  );
  return { balance: Number(w?.balance ?? 0), ledger: Number(l!.sum), charges: l!.charges };
}

function payWallet(app: TestApp, who: SignedIn, shipments: string[]) {
  return app.app.inject({ method: 'POST', url: '/api/v1/payments/many/monedero', headers: who.headers, payload: { shipments, email: who.email } });
}

describe('the same PayPal capture delivered 10 times at once', () => {
  it('captures once at PayPal, confirms one payment, enqueues one guide job, pays the shipments once', async () => {
    const user = await createSignedInUser(t.app, admin);
    const first = await createOne(t, user);
    const [second] = await cloneShipment(t, first._id, 1);
    const ids = [first._id, second!];
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paypal/v2/link/many',
      headers: user.headers,
      payload: { shipments: ids, email: user.email },
    });
    expect(link.statusCode, link.body).toBe(200);
    const order = link.json<{ id: string; payment_id: string; sandbox: boolean }>();
    expect(order.sandbox).toBe(false);
    fake.approve(order.id);
    const capturesBefore = fake.capturesMade;

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url: `/api/v1/paypal/v2/capture-order/${order.id}`, headers: user.headers })),
    );
    for (const a of answers) {
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json()).toMatchObject({ status: 'COMPLETED', restart: false, payment_id: order.payment_id, purpose: 'shipments' });
    }
    expect(fake.capturesMade - capturesBefore).toBe(1);
    const payments = await t.database.query<{ status: string; n: number }>(
      `select p.status, count(*)::int as n from payments p join payment_shipments ps on ps.payment_id = p.id where ps.shipment_id = any($1::uuid[]) group by p.status`,
      [ids],
    );
    expect(payments).toEqual([{ status: 'paid', n: 2 }]);
    const jobs = await t.database.query<{ key: string }>(`select key from jobs where type = 'guides.issue' and key = any($1::text[])`, [
      ids.map((id) => `guides.issue:${id}`),
    ]);
    expect(jobs).toHaveLength(2);
    const shipments = await t.database.query<{ paid: boolean }>('select paid from shipments where id = any($1::uuid[])', [ids]);
    expect(shipments.every((s) => s.paid)).toBe(true);
    // Nothing went to the wallet: no shipment was paid twice.
    expect((await walletState(t, user.id)).ledger).toBe(0);
  });
});

describe('50 concurrent wallet payments against a balance that covers 10', () => {
  it('pays exactly 10, refuses 40 with insufficient balance, and the ledger sums to the balance ≥ 0', async () => {
    const user = await createSignedInUser(t.app, admin);
    const first = await createOne(t, user);
    const ids = [first._id, ...(await cloneShipment(t, first._id, 49))];
    const price = await totalOf(t, first._id);
    await credit(t, user, price * 10);

    const answers = await Promise.all(ids.map((id) => payWallet(t, user, [id])));
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json<{ code: string }>().code).toBe('wallet.insufficient_balance');
    }
    const state = await walletState(t, user.id);
    expect(state.balance).toBe(0);
    expect(state.ledger).toBe(state.balance);
    expect(state.charges).toBe(10);
    const [paid] = await t.database.query<{ n: number }>('select count(*)::int as n from shipments where id = any($1::uuid[]) and paid', [ids]);
    expect(paid!.n).toBe(10);
    const [payments] = await t.database.query<{ n: number }>(`select count(*)::int as n from payments where user_id = $1 and status = 'paid'`, [user.id]);
    expect(payments!.n).toBe(10);
  });
});

describe('5 inventory guides and 8 concurrent wallet buyers', () => {
  it('pays 5, refuses 3 with the spec no-guides message and takes no money from them', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createSignedInUser(t.app, admin)));
    const shipments = await Promise.all(buyers.map((b) => createOne(t, b, {}, INVENTORY_SERVICE)));
    await setStock(t, shipments[0]!.selected_service.service_id, 5);
    const price = await totalOf(t, shipments[0]!._id);
    for (const b of buyers) await credit(t, b, price * 2);

    const answers = await Promise.all(buyers.map((b, i) => payWallet(t, b, [shipments[i]!._id])));
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ code: 'guides.none_available', message: paymentMessages.noGuides });
    }
    for (const [i, b] of buyers.entries()) {
      const state = await walletState(t, b.id);
      expect(state.ledger).toBe(state.balance);
      expect(state.balance).toBe(answers[i]!.statusCode === 200 ? price : price * 2);
    }
    const stock = await t.database.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from guide_inventory where service_id = $1 group by status',
      [shipments[0]!.selected_service.service_id],
    );
    expect(stock).toEqual([{ status: 'reserved', n: 5 }]);
  });
});

describe('the process dies between the confirmed payment and the guide', () => {
  it('a new app on the same database drains the job enqueued with the payment and issues the guide', async () => {
    const a = await createTestApp({ env: adminEnv });
    try {
      const adminA = await signInAdmin(a.app);
      const user = await createSignedInUser(a.app, adminA);
      const shipment = await createOne(a, user);
      await credit(a, user, await totalOf(a, shipment._id));
      const paid = await payWallet(a, user, [shipment._id]);
      expect(paid.statusCode, paid.body).toBe(200);
      // "Killed": the first app goes away without ever running its queue.
      await a.app.close();
      const [before] = await a.database.query<{ number_guide: string | null; paid: boolean }>('select number_guide, paid from shipments where id = $1', [
        shipment._id,
      ]);
      expect(before).toEqual({ number_guide: null, paid: true });

      const b = await buildApp({ config: a.config, database: a.database });
      try {
        await b.ready();
        await b.jobs.drain();
        const [after] = await a.database.query<{ number_guide: string | null; guide_url: string | null }>(
          'select number_guide, guide_url from shipments where id = $1',
          [shipment._id],
        );
        expect(after!.number_guide).toBeTruthy();
        expect(after!.guide_url).toContain(shipment._id);
        const [job] = await a.database.query<{ status: string }>('select status from jobs where key = $1', [`guides.issue:${shipment._id}`]);
        expect(job!.status).toBe('done');
      } finally {
        await b.close();
      }
    } finally {
      await a.database.close();
    }
  });
});
