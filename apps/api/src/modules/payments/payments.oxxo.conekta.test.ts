import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@envios/contracts/errors';
import type { OxxoResult, OxxoSlip } from '@envios/contracts/payments';
import type { Shipment } from '@envios/contracts/shipments';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { createConektaClient } from './adapters/conekta-client.js';
import { signConektaWebhook } from './adapters/conekta-wire.js';
import { CONEKTA_FAKE_PRIVATE_KEY, startConektaFake, type ConektaFake } from './adapters/fakes/conekta.fake.js';
import { cashProviderFromConfig } from './payments.oxxo.js';
import { payments } from './payments.table.js';

/**
 * OXXO with the real Conekta client against the local fake. The
 * deliveries the fake builds are signed here with a webhook key of our own, so the test can also
 * sign events the fake never sends (unknown types).
 */

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
let fake: ConektaFake;
let t: TestApp;
let admin: SignedIn;
let ana: SignedIn;
let beto: SignedIn;

beforeAll(async () => {
  fake = await startConektaFake();
  const provider = createConektaClient({
    baseUrl: fake.baseUrl,
    privateKey: CONEKTA_FAKE_PRIVATE_KEY,
    webhookPublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    timeoutMs: 2000,
  });
  t = await createTestApp({ env: adminEnv, deps: { cashProvider: provider } });
  admin = await signInAdmin(t.app);
  ana = await createSignedInUser(t.app, admin, { firstName: 'Ana', lastName: 'López', phone: '5512345678' });
  beto = await createSignedInUser(t.app, admin, { firstName: 'Beto', lastName: 'Ruiz' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const signed = (rawBody: string) => ({ rawBody, headers: { digest: signConektaWebhook(rawBody, privateKey) } });

function deliver(delivery: { rawBody: string; headers: { digest: string } }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/conekta',
    headers: { 'content-type': 'application/json', ...delivery.headers },
    payload: delivery.rawBody,
  });
}

async function paymentRow(id: string) {
  const rows = await t.database.db.select().from(payments);
  return rows.find((r) => r.id === id)!;
}

async function shipment(who: SignedIn, id: string): Promise<Shipment> {
  const res = await call('GET', `/api/v1/shipments/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Shipment>();
}

async function payMany(who: SignedIn, ids: string[]): Promise<OxxoResult> {
  const res = await call('POST', '/api/v1/payments/many/conekta/oxxo/', who, { shipments: ids, email: 'pagos@correo.test' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OxxoResult>();
}

describe('OXXO with the real Conekta client', () => {
  it('chooses the client from CONEKTA_API_KEY, the sandbox without it', () => {
    const env = { CONEKTA_API_KEY: 'key_x', CONEKTA_WEBHOOK_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString().replace(/\n/g, '\\n') };
    expect(cashProviderFromConfig({ ...t.config, ...env }).kind).toBe('conekta');
    expect(cashProviderFromConfig({ ...t.config, CONEKTA_API_KEY: undefined, CONEKTA_WEBHOOK_KEY: undefined }).kind).toBe('sandbox');
  });

  it('creates a cash order (customer, line items, expiry, our key in metadata) and answers its reference', async () => {
    const a = await createOne(t, ana);
    const b = await createOne(t, ana);
    const result = await payMany(ana, [a._id, b._id]);
    expect(result).toMatchObject({ message: 'ok', sandbox: false });
    expect(result.reference).toMatch(/^1000\d{16}$/);
    const row = await paymentRow(result.payment_id);
    const order = fake.orders.get(row.providerOrderId!)!;
    expect(order.amount).toBe(row.amountCentavos);
    // The account's own address, not the one the request named.
    expect(order.customer_info).toMatchObject({ name: 'Ana López', email: ana.email, phone: '5512345678' });
    expect(order.line_items.data).toHaveLength(2);
    expect(order.metadata).toMatchObject({ payment_id: result.payment_id, idempotency_key: row.requestId });
    expect(order.charges.data[0]!.payment_method.expires_at).toBe(Math.floor(new Date(result.expires_at).getTime() / 1000));
    expect(row.oxxoBarcodeUrl).toContain('/barcodes/');
    // The same selection again: the same reference, no second order.
    const again = await payMany(ana, [b._id, a._id]);
    expect(again.reference).toBe(result.reference);
    expect([...fake.orders.values()].filter((o) => o.metadata.payment_id === result.payment_id)).toHaveLength(1);
    const slip = await call('GET', `/api/v1/payments/oxxo/slip?references=${result.reference}`, ana);
    expect(slip.statusCode, slip.body).toBe(200);
    expect(
      slip
        .json<OxxoSlip>()
        .slips[0]!.shipments.map((s) => s._id)
        .sort(),
    ).toEqual([a._id, b._id].sort());
  });

  it('order.paid delivered ten times at once pays once: shipments paid, one guide job each', async () => {
    const a = await createOne(t, ana);
    const b = await createOne(t, ana);
    const result = await payMany(ana, [a._id, b._id]);
    const row = await paymentRow(result.payment_id);
    const delivery = signed(fake.markPaid(row.providerOrderId!).rawBody);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(delivery)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((r) => r.json<{ action: string }>().action === 'confirmed')).toHaveLength(1);
    const paid = await paymentRow(result.payment_id);
    expect(paid.status).toBe('paid');
    expect(paid.providerData).toMatchObject({ conekta_order_id: row.providerOrderId, conekta_status: 'paid' });
    expect((await shipment(ana, a._id)).status).toBe(true);
    expect((await shipment(ana, b._id)).status).toBe(true);
    const jobs = await t.database.query<{ key: string }>('select key from jobs where key in ($1, $2)', [`guides.issue:${a._id}`, `guides.issue:${b._id}`]);
    expect(jobs).toHaveLength(2);
  });

  it('acts on the re-fetched order, not on the delivery: a wrong amount is never confirmed, a stale claim is ignored', async () => {
    const s = await createOne(t, ana);
    const result = await payMany(ana, [s._id]);
    const row = await paymentRow(result.payment_id);
    // The delivery says paid, but Conekta still has the order pending.
    const genuine = fake.markPaid(row.providerOrderId!).rawBody;
    fake.orders.get(row.providerOrderId!)!.payment_status = 'pending_payment';
    const stale = await deliver(signed(genuine));
    expect(stale.json<{ action: string }>().action).toBe('status_mismatch');
    // Paid, but for another amount.
    const order = fake.orders.get(row.providerOrderId!)!;
    order.payment_status = 'paid';
    order.amount = row.amountCentavos - 100;
    const wrong = await deliver(signed(genuine));
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json<{ action: string }>().action).toBe('amount_mismatch');
    expect((await paymentRow(result.payment_id)).status).toBe('pending');
    expect((await shipment(ana, s._id)).status).toBe(false);
  });

  it('order.expired closes the payment; unknown types and unknown orders answer 200 and change nothing; a bad signature 401', async () => {
    const s = await createOne(t, ana);
    const result = await payMany(ana, [s._id]);
    const row = await paymentRow(result.payment_id);
    const ping = await deliver(
      signed(JSON.stringify({ id: 'evt_1', object: 'event', type: 'webhook_ping', livemode: false, created_at: 1, data: { object: {} } })),
    );
    expect(ping.statusCode).toBe(200);
    expect(ping.json<{ action: string }>().action).toBe('ignored');
    const other = await deliver(
      signed(
        JSON.stringify({ id: 'evt_2', object: 'event', type: 'order.refunded', livemode: false, created_at: 1, data: { object: { id: row.providerOrderId } } }),
      ),
    );
    expect(other.json<{ action: string }>().action).toBe('ignored');
    const unknown = await deliver(
      signed(JSON.stringify({ id: 'evt_3', object: 'event', type: 'order.paid', livemode: false, created_at: 1, data: { object: { id: 'ord_noexiste' } } })),
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json<{ action: string }>().action).toBe('unknown_order');

    const expired = fake.markExpired(row.providerOrderId!);
    // Signed by the fake's own key, not the configured one: refused.
    expect((await deliver(expired)).statusCode).toBe(401);
    expect((await paymentRow(result.payment_id)).status).toBe('pending');
    const res = await deliver(signed(expired.rawBody));
    expect(res.json<{ action: string }>().action).toBe('expired');
    expect((await paymentRow(result.payment_id)).status).toBe('expired');
    expect((await deliver(signed(expired.rawBody))).json<{ action: string }>().action).toBe('already_closed');
  });

  it('a Conekta failure closes the attempt as failed, gives its guide back and answers a Spanish 503; the next click works', async () => {
    // An inventory-sourced service: opening the attempt reserves a guide.
    const s = await createOne(t, beto, {}, 'ECOEXPRESS');
    const reserved = async () =>
      (await t.database.query<{ n: number }>("select count(*)::int as n from guide_inventory where shipment_id = $1 and status = 'reserved'", [s._id]))[0]!.n;
    fake.mode = { kind: 'error', status: 500 };
    try {
      const res = await call('POST', `/api/v1/payments/conekta/oxxo/${s._id}`, beto, {});
      expect(res.statusCode).toBe(503);
      expect(res.json<ApiError>()).toMatchObject({ code: 'payments.provider_unavailable' });
      expect(res.json<ApiError>().message).toContain('No pudimos generar tu referencia de pago en OXXO');
    } finally {
      fake.mode = { kind: 'ok' };
    }
    const failed = (await t.database.db.select().from(payments)).filter((p) => p.userId === beto.id && p.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.failureCode).toBe('conekta.api_error');
    expect(await reserved()).toBe(0);
    const ok = await call('POST', `/api/v1/payments/conekta/oxxo/${s._id}`, beto, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await reserved()).toBe(1);
    const rejected = await createOne(t, beto);
    fake.mode = { kind: 'error', status: 422 };
    try {
      const res = await call('POST', `/api/v1/payments/conekta/oxxo/${rejected._id}`, beto, {});
      expect(res.statusCode).toBe(502);
    } finally {
      fake.mode = { kind: 'ok' };
    }
  });

  it('at its expiry a reference whose paid webhook was lost is confirmed; a pending one is cancelled at Conekta and its guide freed', async () => {
    const dueNow = async (paymentId: string) => {
      await t.database.query("update payments set expires_at = now() - interval '1 minute' where id = $1", [paymentId]);
      await t.database.query("update jobs set run_at = now() - interval '1 second' where key = $1", [`payments.oxxo.expire:${paymentId}`]);
      await t.app.jobs.drain();
    };
    const lost = await createOne(t, ana);
    const paidAtStore = await payMany(ana, [lost._id]);
    fake.markPaid((await paymentRow(paidAtStore.payment_id)).providerOrderId!);
    await dueNow(paidAtStore.payment_id);
    expect((await paymentRow(paidAtStore.payment_id)).status).toBe('paid');
    expect((await shipment(ana, lost._id)).status).toBe(true);

    const s = await createOne(t, beto, {}, 'ECOEXPRESS');
    const pending = await call('POST', `/api/v1/payments/conekta/oxxo/${s._id}`, beto, {});
    const attempt = pending.json<OxxoResult>();
    const orderId = (await paymentRow(attempt.payment_id)).providerOrderId!;
    await dueNow(attempt.payment_id);
    expect((await paymentRow(attempt.payment_id)).status).toBe('expired');
    expect(fake.orders.get(orderId)!.payment_status).toBe('canceled');
    const held = await t.database.query<{ n: number }>("select count(*)::int as n from guide_inventory where shipment_id = $1 and status = 'reserved'", [
      s._id,
    ]);
    expect(held[0]!.n).toBe(0);
  });

  it('cancelling an attempt cancels the reference at Conekta; money that still arrives with no guide left goes to the wallet', async () => {
    const s = await createOne(t, beto, {}, 'ECOEXPRESS');
    const serviceId = s.selected_service.service_id;
    const attempt = (await call('POST', `/api/v1/payments/conekta/oxxo/${s._id}`, beto, {})).json<OxxoResult>();
    const orderId = (await paymentRow(attempt.payment_id)).providerOrderId!;
    expect((await call('POST', `/api/v1/payments/shipments/${s._id}/cancel`, beto)).json()).toEqual({ cancelled: 1 });
    expect(fake.orders.get(orderId)!.payment_status).toBe('canceled');
    // Every guide of the service goes to other buyers, then the store takes the money anyway.
    await t.database.query("update guide_inventory set status = 'used' where service_id = $1 and status = 'available'", [serviceId]);
    const late = await deliver(signed(fake.markPaid(orderId).rawBody));
    expect(late.json<{ action: string }>().action).toBe('confirmed');
    expect((await shipment(beto, s._id)).status).toBe(false);
    const [entry] = await t.database.query<{ amount: string; note: string }>(
      'select amount_centavos as amount, note from wallet_entries where user_id = $1 and note is not null',
      [beto.id],
    );
    expect(Number(entry!.amount)).toBe(Math.round(s.selected_service.total_amount * 100));
    expect(entry!.note).toContain('ya no quedaban guías disponibles');
    await t.database.query("update guide_inventory set status = 'available' where service_id = $1 and status = 'used' and shipment_id is null", [serviceId]);
  });

  it('refuses the sandbox admin action on a real Conekta payment (409)', async () => {
    const s = await createOne(t, ana);
    const result = await payMany(ana, [s._id]);
    const res = await call('POST', `/api/v1/admin/payments/${result.payment_id}/sandbox/paid`, admin);
    expect(res.statusCode).toBe(409);
    expect((await paymentRow(result.payment_id)).status).toBe('pending');
  });
});
