import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages, type OpenPayments } from '@envios/contracts/payments';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { cloneShipment, setStock } from '../guides/guides.testing.js';
import { PAYPAL_FAKE_CREDENTIALS, startPayPalFake, type PayPalFake } from './adapters/fakes/paypal.fake.js';

/**
 * The PayPal, wallet, top-up, overweight and guide-status routes: for each, a caller
 * acting on someone else's record (403), bad input (400 naming the field) and the happy path,
 * against the sandbox provider and against the real client pointed at the local PayPal fake.
 */

const INVENTORY_SERVICE = 'EXPRESS DOMESTIC DINAMICA';
const BAD_ID = 'no-es-uuid';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let other: SignedIn;
let template: string;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  admin = await signInAdmin(t.app);
  [user, other] = await Promise.all([createSignedInUser(t.app, admin), createSignedInUser(t.app, admin)]);
  template = (await createOne(t, user))._id;
});
afterAll(async () => {
  await t.close();
});

const call = (app: TestApp, who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

async function fresh(n = 1): Promise<string[]> {
  return cloneShipment(t, template, n);
}

async function totalOf(app: TestApp, id: string): Promise<number> {
  const [row] = await app.database.query<{ total: string | number }>('select total_centavos as total from shipments where id = $1', [id]);
  return Number(row!.total);
}

async function credit(app: TestApp, who: SignedIn, centavos: number, by = admin): Promise<void> {
  const res = await call(app, by, 'POST', '/api/v1/prepaid/createPrepaid', { userId: who.id, cantidadAbonar: centavos / 100 });
  expect(res.statusCode, res.body).toBe(200);
}

async function pendingTopUp(app: TestApp, who: SignedIn, amount: number): Promise<string> {
  const res = await call(app, who, 'POST', '/api/v1/prepaid', { amount });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

async function balanceOf(app: TestApp, who: SignedIn): Promise<number> {
  const res = await call(app, who, 'GET', `/api/v1/prepaid/getTotalAmount/${who.id}`);
  return res.json<{ total_amount: number }>().total_amount;
}

function expectField(res: { statusCode: number; json: <T>() => T; body: string }, field: string): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ errors?: { path: string }[] }>();
  expect(
    body.errors?.some((e) => e.path.startsWith(field)),
    res.body,
  ).toBe(true);
}

/** Plays the buyer on the sandbox approval page; answers the order id. */
async function sandboxDo(who: SignedIn, approveUrl: string, action: 'approve' | 'decline' | 'cancel'): Promise<{ orderId: string; redirect: string }> {
  const orderId = decodeURIComponent(approveUrl.split('/sandbox/paypal/')[1]!);
  const res = await call(t, who, 'POST', `/api/v1/sandbox/paypal/${encodeURIComponent(orderId)}/${action}`);
  expect(res.statusCode, res.body).toBe(200);
  return { orderId, redirect: res.json<{ redirect: string }>().redirect };
}

async function paymentRow(app: TestApp, id: string) {
  const [row] = await app.database.query<{ status: string; method: string; provider_data: Record<string, unknown> | null; failure_code: string | null }>(
    'select status, method, provider_data, failure_code from payments where id = $1',
    [id],
  );
  return row!;
}

describe('GET /payments/config', () => {
  it('is public and says the PayPal provider is the sandbox', async () => {
    const res = await call(t, null, 'GET', '/api/v1/payments/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      paypal: { sandbox: true, enabled: true },
      oxxo: { sandbox: true, enabled: true },
      card: { enabled: true },
      sandbox_mode: true,
    });
  });
});

describe('GET /payments/guides-availability', () => {
  it('answers the stock for own shipments, 403 for another user’s, 400 for a bad list', async () => {
    const inv = await createOne(t, user, {}, INVENTORY_SERVICE);
    await setStock(t, inv.selected_service.service_id, 0);
    const res = await call(t, user, 'GET', `/api/v1/payments/guides-availability?shipments=${inv._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ available: false, message: paymentMessages.noGuides });
    expect((await call(t, other, 'GET', `/api/v1/payments/guides-availability?shipments=${inv._id}`)).statusCode).toBe(403);
    expectField(await call(t, user, 'GET', `/api/v1/payments/guides-availability?shipments=${BAD_ID}`), 'shipments');
    await setStock(t, inv.selected_service.service_id, 3);
    expect((await call(t, user, 'GET', `/api/v1/payments/guides-availability?shipments=${inv._id}`)).json()).toMatchObject({ available: true, missing: [] });
  });
});

describe('PayPal for shipments (sandbox provider)', () => {
  it('POST /payments/:id gives the approval URL; 204 when no guides; 403 other’s; 400 bad id', async () => {
    const [id] = await fresh();
    const res = await call(t, user, 'POST', `/api/v1/payments/${id}?email=${encodeURIComponent(user.email)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ url: string; payment_id: string; order_id: string; sandbox: boolean }>();
    expect(body.sandbox).toBe(true);
    expect(body.url).toContain(`/sandbox/paypal/${body.order_id}`);
    expect((await call(t, other, 'POST', `/api/v1/payments/${id}`)).statusCode).toBe(403);
    expectField(await call(t, user, 'POST', `/api/v1/payments/${BAD_ID}`), 'id');
    expectField(await call(t, user, 'POST', `/api/v1/payments/${id}?email=nope`), 'email');

    const inv = await createOne(t, user, {}, INVENTORY_SERVICE);
    await setStock(t, inv.selected_service.service_id, 0);
    const none = await call(t, user, 'POST', `/api/v1/payments/${inv._id}`);
    expect(none.statusCode, none.body).toBe(204);
    const [left] = await t.database.query<{ n: number }>(`select count(*)::int as n from payment_shipments where shipment_id = $1`, [inv._id]);
    expect(left!.n).toBe(0);
  });

  it('POST /payments/many/paypal: 200 with the URL, 400 without shipments, 403 with another user’s shipment', async () => {
    const ids = await fresh(2);
    const res = await call(t, user, 'POST', '/api/v1/payments/many/paypal', { email: user.email, shipments: ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ url: string }>().url).toContain('/sandbox/paypal/');
    expectField(await call(t, user, 'POST', '/api/v1/payments/many/paypal', { email: user.email }), 'shipments');
    expect((await call(t, other, 'POST', '/api/v1/payments/many/paypal', { shipments: ids })).statusCode).toBe(403);
  });

  it('link/many → sandbox decline → capture restarts; approve → capture pays and enqueues the guides; capturing again changes nothing', async () => {
    const ids = await fresh(2);
    expectField(await call(t, user, 'POST', '/api/v1/paypal/v2/link/many', { shipments: [] }), 'shipments');
    expect((await call(t, other, 'POST', '/api/v1/paypal/v2/link/many', { shipments: ids })).statusCode).toBe(403);
    const link = await call(t, user, 'POST', '/api/v1/paypal/v2/link/many', { shipments: ids, email: user.email });
    expect(link.statusCode, link.body).toBe(200);
    const order = link.json<{ id: string; approve_url: string; payment_id: string }>();

    // The sandbox page: only its owner sees it.
    expect((await call(t, other, 'GET', `/api/v1/sandbox/paypal/${order.id}`)).statusCode).toBe(403);
    expectField(await call(t, user, 'POST', `/api/v1/sandbox/paypal/${order.id}/robar`), 'action');
    const page = await call(t, user, 'GET', `/api/v1/sandbox/paypal/${order.id}`);
    expect(page.json()).toMatchObject({ order_id: order.id, amount: (2 * (await totalOf(t, ids[0]!))) / 100, card: false });

    const declined = await sandboxDo(user, order.approve_url, 'decline');
    expect(declined.redirect).toContain(`/payments/paypal/return?payment=${order.payment_id}`);
    expect((await call(t, other, 'GET', `/api/v1/paypal/v2/capture-order/${order.id}`)).statusCode).toBe(403);
    const restart = await call(t, user, 'GET', `/api/v1/paypal/v2/capture-order/${order.id}`);
    expect(restart.statusCode, restart.body).toBe(200);
    expect(restart.json()).toMatchObject({ restart: true, approve_url: order.approve_url, details: [{ issue: 'INSTRUMENT_DECLINED' }] });
    expect((await paymentRow(t, order.payment_id)).status).toBe('created');

    await sandboxDo(user, order.approve_url, 'approve');
    const captured = await call(t, user, 'GET', `/api/v1/paypal/v2/capture-order/${order.id}`);
    expect(captured.json()).toMatchObject({ status: 'COMPLETED', restart: false, payment_id: order.payment_id, email: user.email, purpose: 'shipments' });
    const again = await call(t, user, 'GET', `/api/v1/paypal/v2/capture-order/${order.id}`);
    expect(again.json()).toMatchObject({ status: 'COMPLETED' });

    const guides = await call(t, user, 'POST', '/api/v1/generate-guides-after-pay/many', { email: user.email, shipments: ids });
    expect(guides.statusCode, guides.body).toBe(200);
    expect(guides.json()).toMatchObject({ execute: true, shipments: [{ status: true }, { status: true }] });
    const [jobs] = await t.database.query<{ n: number }>(`select count(*)::int as n from jobs where key = any($1::text[])`, [
      ids.map((id) => `guides.issue:${id}`),
    ]);
    expect(jobs!.n).toBe(2);
    expect((await call(t, user, 'GET', '/api/v1/paypal/v2/capture-order/NOEXISTE')).statusCode).toBe(404);
  });

  it('sandbox cancel closes the attempt and gives the reserved guide back', async () => {
    const inv = await createOne(t, user, {}, INVENTORY_SERVICE);
    await setStock(t, inv.selected_service.service_id, 1);
    const link = await call(t, user, 'POST', '/api/v1/paypal/v2/link/many', { shipments: [inv._id] });
    const order = link.json<{ id: string; approve_url: string; payment_id: string }>();
    const [reserved] = await t.database.query<{ status: string }>('select status from guide_inventory where shipment_id = $1', [inv._id]);
    expect(reserved!.status).toBe('reserved');
    // While it waits for approval, the order is listed as an open payment with its approval link.
    const open = await call(t, user, 'GET', `/api/v1/payments/open?shipments=${inv._id}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json<OpenPayments>().docs).toEqual([
      expect.objectContaining({
        payment_id: order.payment_id,
        method: 'paypal',
        method_label: 'PayPal',
        order_id: order.id,
        approve_url: order.approve_url,
        reference: null,
        slip_url: null,
      }),
    ]);
    const cancelled = await sandboxDo(user, order.approve_url, 'cancel');
    expect(cancelled.redirect).toContain('cancel=1');
    expect((await paymentRow(t, order.payment_id)).status).toBe('cancelled');
    const rows = await t.database.query<{ status: string }>('select status from guide_inventory where service_id = $1', [inv.selected_service.service_id]);
    expect(rows).toEqual([{ status: 'available' }]);
    expect((await call(t, user, 'GET', `/api/v1/payments/open?shipments=${inv._id}`)).json<OpenPayments>().docs).toEqual([]);
  });

  it('money captured for a shipment paid meanwhile goes to the payer’s wallet as a PayPal abono', async () => {
    const [id] = await fresh();
    const price = await totalOf(t, id!);
    const order = (await call(t, user, 'POST', '/api/v1/paypal/v2/link/many', { shipments: [id] })).json<{
      id: string;
      approve_url: string;
      payment_id: string;
    }>();
    await credit(t, user, price);
    const before = await balanceOf(t, user);
    expect((await call(t, user, 'POST', '/api/v1/payments/many/monedero', { shipments: [id] })).statusCode).toBe(200);
    await sandboxDo(user, order.approve_url, 'approve');
    const captured = await call(t, user, 'GET', `/api/v1/paypal/v2/capture-order/${order.id}`);
    expect(captured.json()).toMatchObject({ status: 'COMPLETED' });
    expect(await balanceOf(t, user)).toBe(before);
    const row = await paymentRow(t, order.payment_id);
    expect(row.status).toBe('paid');
    expect(row.provider_data?.credited).toEqual([{ shipment: id, amount: price / 100, reason: 'already_paid' }]);
    const [abono] = await t.database.query<{ provider: string; amount: string | number }>(
      `select provider, amount_centavos as amount from wallet_entries where user_id = $1 and type = 'abono' and provider = 'paypal'`,
      [user.id],
    );
    expect({ provider: abono!.provider, amount: Number(abono!.amount) }).toEqual({ provider: 'paypal', amount: price });
  });
});

describe('settling attempts the buyer left (job at the end of PayPal’s approval window)', () => {
  async function settleNow(paymentId: string): Promise<void> {
    const key = `payments.paypal.settle:${paymentId}`;
    const [job] = await t.database.query<{ run_at: Date }>('select run_at from jobs where key = $1', [key]);
    expect(new Date(job!.run_at).getTime()).toBeGreaterThan(Date.now() + 2.9 * 3_600_000);
    await t.database.query("update jobs set run_at = now() - interval '1 second' where key = $1", [key]);
    await t.app.jobs.drain();
  }

  it('an approved order never captured (the buyer closed the page) is captured and paid', async () => {
    const [id] = await fresh();
    const order = (await call(t, user, 'POST', '/api/v1/paypal/v2/link/many', { shipments: [id] })).json<{ approve_url: string; payment_id: string }>();
    await sandboxDo(user, order.approve_url, 'approve');
    await settleNow(order.payment_id);
    expect((await paymentRow(t, order.payment_id)).status).toBe('paid');
    const [row] = await t.database.query<{ paid: boolean }>('select paid from shipments where id = $1', [id]);
    expect(row!.paid).toBe(true);
  });

  it('an order never approved expires and gives its guide back', async () => {
    const inv = await createOne(t, user, {}, INVENTORY_SERVICE);
    await setStock(t, inv.selected_service.service_id, 1);
    const order = (await call(t, user, 'POST', '/api/v1/paypal/v2/link/many', { shipments: [inv._id] })).json<{ payment_id: string }>();
    await settleNow(order.payment_id);
    expect((await paymentRow(t, order.payment_id)).status).toBe('expired');
    const rows = await t.database.query<{ status: string }>('select status from guide_inventory where service_id = $1', [inv.selected_service.service_id]);
    expect(rows).toEqual([{ status: 'available' }]);
  });
});

describe('card through PayPal (paypal-plus)', () => {
  it('plus/many/link + payment/many/execute, plus/link/:id + payment/execute; 400 and 403', async () => {
    const ids = await fresh(2);
    const link = await call(t, user, 'POST', '/api/v1/paypal/plus/many/link', { email: user.email, shipments: ids });
    expect(link.statusCode, link.body).toBe(200);
    const { data } = link.json<{ data: { link: string; payment_id: string } }>();
    const page = await call(t, user, 'GET', `/api/v1/sandbox/paypal/${data.link.split('/sandbox/paypal/')[1]}`);
    expect(page.json()).toMatchObject({ card: true });
    expectField(await call(t, user, 'POST', '/api/v1/paypal/payment/many/execute', { payment_id: BAD_ID, shipments: ids }), 'payment_id');
    expect((await call(t, other, 'POST', '/api/v1/paypal/payment/many/execute', { payment_id: data.payment_id, shipments: ids })).statusCode).toBe(403);
    // Not approved yet: not executed, still open.
    expect((await call(t, user, 'POST', '/api/v1/paypal/payment/many/execute', { payment_id: data.payment_id, shipments: ids })).json()).toEqual({
      data: { execute: false },
    });
    await sandboxDo(user, data.link, 'approve');
    const executed = await call(t, user, 'POST', '/api/v1/paypal/payment/many/execute', {
      payment_id: data.payment_id,
      payer_id: 'SANDBOXPAYER',
      shipments: ids,
      email: user.email,
    });
    expect(executed.json()).toEqual({ data: { execute: true } });
    expect((await paymentRow(t, data.payment_id)).method).toBe('paypal-plus');

    const [one] = await fresh();
    expect((await call(t, other, 'GET', `/api/v1/paypal/plus/link/${one}`)).statusCode).toBe(403);
    expectField(await call(t, user, 'GET', `/api/v1/paypal/plus/link/${BAD_ID}`), 'id');
    const single = (await call(t, user, 'GET', `/api/v1/paypal/plus/link/${one}`)).json<{ data: { link: string; payment_id: string } }>().data;
    await sandboxDo(user, single.link, 'approve');
    expectField(await call(t, user, 'POST', '/api/v1/paypal/payment/execute', { payment_id: single.payment_id }), 'shipment_id');
    const done = await call(t, user, 'POST', '/api/v1/paypal/payment/execute', { payment_id: single.payment_id, shipment_id: one, email: user.email });
    expect(done.json()).toEqual({ data: { execute: true } });
  });
});

describe('POST /payments/many/monedero', () => {
  it('pays from the wallet; 409 on a short balance without charging; 403 for another user’s wallet or shipment; 400 bad input', async () => {
    const someone = await createSignedInUser(t.app, admin);
    const s = await createOne(t, someone);
    const price = await totalOf(t, s._id);
    const short = await call(t, someone, 'POST', '/api/v1/payments/many/monedero', { shipments: [s._id], user: someone.id });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'wallet.insufficient_balance' });
    const [open] = await t.database.query<{ n: number }>('select count(*)::int as n from payments where user_id = $1', [someone.id]);
    expect(open!.n).toBe(0);
    await credit(t, someone, price + 1000);
    expect((await call(t, someone, 'POST', '/api/v1/payments/many/monedero', { shipments: [s._id], user: other.id })).statusCode).toBe(403);
    expect((await call(t, other, 'POST', '/api/v1/payments/many/monedero', { shipments: [s._id] })).statusCode).toBe(403);
    expectField(await call(t, someone, 'POST', '/api/v1/payments/many/monedero', { shipments: [BAD_ID] }), 'shipments');
    expectField(await call(t, someone, 'POST', '/api/v1/payments/many/monedero', { shipments: [s._id], user: 'x' }), 'user');
    const ok = await call(t, someone, 'POST', '/api/v1/payments/many/monedero', { email: someone.email, user: someone.id, shipments: [s._id] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'ok', error: null, amount: price / 100, balance: 10 });
    const twice = await call(t, someone, 'POST', '/api/v1/payments/many/monedero', { shipments: [s._id] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'payments.already_paid' });
    // An admin may pay with the user's wallet.
    const s2 = await createOne(t, someone);
    await credit(t, someone, await totalOf(t, s2._id));
    expect((await call(t, admin, 'POST', '/api/v1/payments/many/monedero', { shipments: [s2._id], user: someone.id })).statusCode).toBe(200);
  });
});

describe('top-ups through PayPal', () => {
  it('getLinkpaypal + v2/capture-order credits the wallet once; v2/link; 403 and 400', async () => {
    const someone = await createSignedInUser(t.app, admin);
    const topUp = await pendingTopUp(t, someone, 250.5);
    expect((await call(t, other, 'POST', `/api/v1/prepaid/getLinkpaypal/${topUp}`)).statusCode).toBe(403);
    expectField(await call(t, someone, 'POST', `/api/v1/prepaid/getLinkpaypal/${BAD_ID}`), 'prepaidId');
    const link = await call(t, someone, 'POST', `/api/v1/prepaid/getLinkpaypal/${topUp}?email=${encodeURIComponent(someone.email)}`);
    expect(link.statusCode, link.body).toBe(200);
    const { url, order_id: orderId } = link.json<{ url: string; order_id: string }>();
    await sandboxDo(someone, url, 'approve');
    expect((await call(t, other, 'GET', `/api/v1/prepaid/v2/capture-order/${orderId}`)).statusCode).toBe(403);
    const captured = await call(t, someone, 'GET', `/api/v1/prepaid/v2/capture-order/${orderId}`);
    expect(captured.json()).toMatchObject({ status: 'COMPLETED', purpose: 'topup' });
    await call(t, someone, 'GET', `/api/v1/prepaid/v2/capture-order/${orderId}`);
    expect(await balanceOf(t, someone)).toBe(250.5);
    // Paid now: no new link.
    expect((await call(t, someone, 'GET', `/api/v1/prepaid/v2/link/${topUp}`)).statusCode).toBe(409);

    const second = await pendingTopUp(t, someone, 10);
    expect((await call(t, other, 'GET', `/api/v1/prepaid/v2/link/${second}`)).statusCode).toBe(403);
    const order = await call(t, someone, 'GET', `/api/v1/prepaid/v2/link/${second}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({ sandbox: true });
  });

  it('card: getLinkPayPalPlus + paypalPaymentExecute, and v2/execute-prepaid', async () => {
    const someone = await createSignedInUser(t.app, admin);
    const topUp = await pendingTopUp(t, someone, 100);
    expect((await call(t, other, 'GET', `/api/v1/prepaid/getLinkPayPalPlus/${topUp}`)).statusCode).toBe(403);
    const { data } = (await call(t, someone, 'GET', `/api/v1/prepaid/getLinkPayPalPlus/${topUp}`)).json<{ data: { link: string; payment_id: string } }>();
    await sandboxDo(someone, data.link, 'approve');
    expectField(await call(t, someone, 'POST', '/api/v1/prepaid/paypalPaymentExecute', { payment_id: data.payment_id }), 'prepaid_id');
    expect((await call(t, other, 'POST', '/api/v1/prepaid/paypalPaymentExecute', { payment_id: data.payment_id, prepaid_id: topUp })).statusCode).toBe(403);
    const done = await call(t, someone, 'POST', '/api/v1/prepaid/paypalPaymentExecute', {
      payment_id: data.payment_id,
      prepaid_id: topUp,
      payer_id: 'X',
      email: someone.email,
    });
    expect(done.json()).toEqual({ data: { execute: true } });
    expect(await balanceOf(t, someone)).toBe(100);
    expect((await call(t, someone, 'GET', `/api/v1/prepaid/v2/execute-prepaid/${data.payment_id}`)).json()).toEqual({ data: { execute: true } });
    expect((await call(t, other, 'GET', `/api/v1/prepaid/v2/execute-prepaid/${data.payment_id}`)).statusCode).toBe(403);
    expectField(await call(t, someone, 'GET', `/api/v1/prepaid/v2/execute-prepaid/${BAD_ID}`), 'id');
  });
});

describe('POST /prepaid/payOverWeight/:shipmentId', () => {
  it('charges the owner’s wallet a pago_sobrepeso and marks the overweight paid, once; asked again it answers 200 with the paid state', async () => {
    const someone = await createSignedInUser(t.app, admin);
    const s = await createOne(t, someone);
    expect((await call(t, someone, 'POST', `/api/v1/prepaid/payOverWeight/${s._id}`)).json()).toMatchObject({ code: 'payments.not_payable' });
    await t.database.query('update shipments set overweight_kg = 2, overweight_centavos = 15000 where id = $1', [s._id]);
    expect((await call(t, someone, 'POST', `/api/v1/prepaid/payOverWeight/${s._id}`)).json()).toMatchObject({ code: 'wallet.insufficient_balance' });
    await credit(t, someone, 20000);
    expect((await call(t, other, 'POST', `/api/v1/prepaid/payOverWeight/${s._id}`)).statusCode).toBe(403);
    expectField(await call(t, someone, 'POST', `/api/v1/prepaid/payOverWeight/${BAD_ID}`), 'shipmentId');
    const ok = await call(t, someone, 'POST', `/api/v1/prepaid/payOverWeight/${s._id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'ok', amount: 150, balance: 50, overweight_status: 'paid', already_paid: false });
    // A client following the specification calls it again: the paid state, nothing charged twice.
    const again = await call(t, someone, 'POST', `/api/v1/prepaid/payOverWeight/${s._id}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ ...ok.json<object>(), already_paid: true });
    const [a, b] = await Promise.all([0, 1].map(() => call(t, someone, 'POST', `/api/v1/prepaid/payOverWeight/${s._id}`)));
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(await balanceOf(t, someone)).toBe(50);
    // Still only the owner (or an admin) learns about it.
    expect((await call(t, other, 'POST', `/api/v1/prepaid/payOverWeight/${s._id}`)).statusCode).toBe(403);
    const [row] = await t.database.query<{ overweight_paid: boolean }>('select overweight_paid from shipments where id = $1', [s._id]);
    expect(row!.overweight_paid).toBe(true);
    const [entry] = await t.database.query<{ type: string; amount: string | number; shipment_id: string }>(
      `select type, amount_centavos as amount, shipment_id from wallet_entries where user_id = $1 and type <> 'abono'`,
      [someone.id],
    );
    expect({ ...entry, amount: Number(entry!.amount) }).toEqual({ type: 'pago_sobrepeso', amount: -15000, shipment_id: s._id });
  });
});

describe('generate-guides-after-pay', () => {
  it('reports unpaid shipments as not executed; 403 other’s; 400 bad id', async () => {
    const [id] = await fresh();
    const res = await call(t, user, 'GET', `/api/v1/generate-guides-after-pay/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ execute: false, shipments: [{ _id: id, status: false, number_guide: null, guide: null }] });
    expect((await call(t, user, 'POST', `/api/v1/generate-guides-after-pay/${id}`)).statusCode).toBe(200);
    expect((await call(t, other, 'GET', `/api/v1/generate-guides-after-pay/${id}`)).statusCode).toBe(403);
    expect((await call(t, other, 'POST', '/api/v1/generate-guides-after-pay/many', { shipments: [id] })).statusCode).toBe(403);
    expectField(await call(t, user, 'GET', `/api/v1/generate-guides-after-pay/${BAD_ID}`), 'id');
    expectField(await call(t, user, 'POST', '/api/v1/generate-guides-after-pay/many', { shipments: 'x' }), 'shipments');
  });
});

describe('the real PayPal client against the local fake (PAYPAL_* configured)', () => {
  let fake: PayPalFake;
  let live: TestApp;
  let buyer: SignedIn;
  let shipment: string;

  beforeAll(async () => {
    fake = await startPayPalFake();
    live = await createTestApp({
      env: { ...adminEnv, PAYPAL_CLIENT_ID: PAYPAL_FAKE_CREDENTIALS.clientId, PAYPAL_SECRET: PAYPAL_FAKE_CREDENTIALS.secret, PAYPAL_API_URL: fake.url },
    });
    buyer = await createSignedInUser(live.app, await signInAdmin(live.app));
    shipment = (await createOne(live, buyer))._id;
  });
  afterAll(async () => {
    await live.close();
    await fake.close();
  });

  it('config says live; the sandbox page does not exist', async () => {
    expect((await call(live, null, 'GET', '/api/v1/payments/config')).json()).toMatchObject({ paypal: { sandbox: false } });
    expect((await call(live, buyer, 'GET', '/api/v1/sandbox/paypal/ABC')).statusCode).toBe(404);
  });

  it('a provider failure on create answers 503, closes the attempt and leaves the shipment payable', async () => {
    fake.mode = { kind: 'error', status: 500 };
    const res = await call(live, buyer, 'POST', '/api/v1/paypal/v2/link/many', { shipments: [shipment] });
    fake.mode = { kind: 'ok' };
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ code: 'payments.provider_unavailable' });
    const rows = await live.database.query<{ status: string }>('select status from payments where user_id = $1', [buyer.id]);
    expect(rows).toEqual([{ status: 'failed' }]);
  });

  it('declined instrument restarts with the PayPal approval link; the next approval pays', async () => {
    const link = await call(live, buyer, 'POST', `/api/v1/payments/${shipment}?email=${encodeURIComponent(buyer.email)}`);
    expect(link.statusCode, link.body).toBe(200);
    const { url, order_id: orderId, sandbox } = link.json<{ url: string; order_id: string; sandbox: boolean }>();
    expect(sandbox).toBe(false);
    expect(url).toBe(`${fake.url}/checkoutnow?token=${orderId}`);
    fake.approve(orderId);
    fake.mode = { kind: 'instrument_declined' };
    const restart = await call(live, buyer, 'GET', `/api/v1/paypal/v2/capture-order/${orderId}`);
    fake.mode = { kind: 'ok' };
    expect(restart.json()).toMatchObject({ restart: true, approve_url: url, details: [{ issue: 'INSTRUMENT_DECLINED' }] });
    expect(restart.json<{ debug_id?: string }>().debug_id).toBeTruthy();
    fake.approve(orderId);
    const paid = await call(live, buyer, 'GET', `/api/v1/paypal/v2/capture-order/${orderId}`);
    expect(paid.json()).toMatchObject({ status: 'COMPLETED', restart: false });
    const [row] = await live.database.query<{ paid: boolean }>('select paid from shipments where id = $1', [shipment]);
    expect(row!.paid).toBe(true);
  });

  it('a capture before approval goes to the error result and the attempt stays open', async () => {
    const s = (await createOne(live, buyer))._id;
    const order = (await call(live, buyer, 'POST', '/api/v1/paypal/v2/link/many', { shipments: [s] })).json<{ id: string; payment_id: string }>();
    const res = await call(live, buyer, 'GET', `/api/v1/paypal/v2/capture-order/${order.id}`);
    expect(res.json()).toMatchObject({ restart: false, details: [{ issue: 'ORDER_NOT_APPROVED' }] });
    expect((await paymentRow(live, order.payment_id)).status).toBe('created');
  });

  it('a top-up paid through the real client credits the wallet', async () => {
    const topUp = await pendingTopUp(live, buyer, 75);
    const order = (await call(live, buyer, 'GET', `/api/v1/prepaid/v2/link/${topUp}`)).json<{ id: string }>();
    fake.approve(order.id);
    expect((await call(live, buyer, 'GET', `/api/v1/prepaid/v2/capture-order/${order.id}`)).json()).toMatchObject({ status: 'COMPLETED', purpose: 'topup' });
    expect(await balanceOf(live, buyer)).toBe(75);
  });
});
