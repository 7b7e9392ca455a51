import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, type ApiError } from '@envios/contracts/errors';
import type { OpenPayments, OxxoResult, OxxoSlip, Payment, PaymentList, WalletReconciliation } from '@envios/contracts/payments';
import type { ReportPage } from '@envios/contracts/reports';
import type { Shipment } from '@envios/contracts/shipments';
import type { UserListResponse } from '@envios/contracts/accounts';
import { manualClock } from '../../shared/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { createConektaSandbox, type ConektaSandbox } from './adapters/conekta-sandbox.js';
import { payments } from './payments.table.js';

/** OXXO through the offline sandbox (no CONEKTA_API_KEY): references, slip, webhook, admin screens. */

const clock = manualClock(new Date('2026-03-02T16:00:00Z'));
let t: TestApp;
let sandbox: ConektaSandbox;
let admin: SignedIn;
let ana: SignedIn;
let beto: SignedIn;

/** The sandbox behind a handle, so a test can replace it as a server restart would (it keeps orders in memory). */
const current = { sandbox: createConektaSandbox({ clock }) };

beforeAll(async () => {
  sandbox = {
    kind: 'sandbox',
    get publicKeyPem() {
      return current.sandbox.publicKeyPem;
    },
    createCashOrder: (input) => current.sandbox.createCashOrder(input),
    getOrder: (id) => current.sandbox.getOrder(id),
    cancelOrder: (id) => current.sandbox.cancelOrder(id),
    verifyWebhook: (raw, headers) => current.sandbox.verifyWebhook(raw, headers),
    markPaid: (id) => current.sandbox.markPaid(id),
    markExpired: (id) => current.sandbox.markExpired(id),
  };
  t = await createTestApp({ env: adminEnv, deps: { clock, cashProvider: sandbox } });
  admin = await signInAdmin(t.app);
  ana = await createSignedInUser(t.app, admin, { firstName: 'Ana', lastName: 'López' });
  beto = await createSignedInUser(t.app, admin, { firstName: 'Beto', lastName: 'Ruiz' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, who?: SignedIn, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });

function expectFieldError(res: { statusCode: number; body: string; json: <T>() => T }, field: string): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<ApiError>();
  expect(body.code).toBe(errorCodes.validation);
  expect(body.errors?.map((x) => x.path)).toContain(field);
}

async function oxxo(who: SignedIn, id: string, email?: string): Promise<OxxoResult> {
  const res = await call('POST', `/api/v1/payments/conekta/oxxo/${id}`, who, email ? { email } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OxxoResult>();
}

async function paymentRow(id: string) {
  const rows = await t.database.db.select().from(payments);
  return rows.find((r) => r.id === id)!;
}

async function jobKeys(prefix: string): Promise<string[]> {
  const rows = await t.database.query<{ key: string }>('select key from jobs where key like $1 order by key', [`${prefix}%`]);
  return rows.map((r) => r.key);
}

async function shipment(who: SignedIn, id: string): Promise<Shipment> {
  const res = await call('GET', `/api/v1/shipments/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Shipment>();
}

async function balance(who: SignedIn): Promise<number> {
  const res = await call('GET', `/api/v1/prepaid/getTotalAmount/${who.id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ total_amount: number }>().total_amount;
}

function deliver(delivery: { rawBody: string; headers: { digest: string } }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/conekta',
    headers: { 'content-type': 'application/json', ...delivery.headers },
    payload: delivery.rawBody,
  });
}

describe('POST /payments/conekta/oxxo/:id (a shipment)', () => {
  it('answers a sandbox reference, keeps the payment pending and mails the slip link to the account, never to an address the request names', async () => {
    const s = await createOne(t, ana);
    const result = await oxxo(ana, s._id, 'otra-persona@correo.test');
    expect(result).toMatchObject({ message: 'ok', sandbox: true, amount: s.selected_service.total_amount });
    expect(result.reference).toMatch(/^SBX\d{14}$/);
    expect(new Date(result.expires_at).getTime()).toBe(clock.now().getTime() + 3 * 86_400_000);
    const row = await paymentRow(result.payment_id);
    expect(row).toMatchObject({ status: 'pending', method: 'oxxo', purpose: 'shipments', sandbox: true, oxxoReference: result.reference, email: ana.email });
    expect(row.providerOrderId).toMatch(/^ord_sbx_/);
    const [mail] = await t.database.query<{ payload: { to: string; subject: string; text: string } }>('select payload from jobs where key = $1', [
      `mail:oxxo-reference:${result.payment_id}`,
    ]);
    expect(mail!.payload.to).toBe(ana.email);
    expect(mail!.payload.subject).toContain(result.reference);
    expect(mail!.payload.text).toContain(`/shipping/cash_barcode?references=${result.reference}`);
    expect(mail!.payload.text).toContain('PRUEBA');
  });

  it('answers the same reference to a repeated click (also concurrent) instead of a second order', async () => {
    const s = await createOne(t, ana);
    const answers = await Promise.all(Array.from({ length: 4 }, () => call('POST', `/api/v1/payments/conekta/oxxo/${s._id}`, ana, {})));
    const results = answers.map((r) => r.json<OxxoResult>());
    expect(new Set(results.map((r) => r.reference)).size).toBe(1);
    expect(new Set(results.map((r) => r.payment_id)).size).toBe(1);
    const again = await call('POST', '/api/v1/payments/many/conekta/oxxo/', ana, { shipments: [s._id] });
    expect(again.json<OxxoResult>().reference).toBe(results[0]!.reference);
  });

  it('refuses a visitor (401), another user (403) and names the bad field (400)', async () => {
    const s = await createOne(t, ana);
    expect((await call('POST', `/api/v1/payments/conekta/oxxo/${s._id}`, undefined, {})).statusCode).toBe(401);
    expect((await call('POST', `/api/v1/payments/conekta/oxxo/${s._id}`, beto, {})).statusCode).toBe(403);
    expectFieldError(await call('POST', '/api/v1/payments/conekta/oxxo/no-es-uuid', ana, {}), 'id');
    expectFieldError(await call('POST', `/api/v1/payments/conekta/oxxo/${s._id}`, ana, { email: 'no-es-correo' }), 'email');
    const unknown = await call('POST', '/api/v1/payments/conekta/oxxo/00000000-0000-4000-8000-000000000000', ana, {});
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /payments/many/conekta/oxxo/', () => {
  it('answers one reference for several shipments with their sum', async () => {
    const a = await createOne(t, ana);
    const b = await createOne(t, ana);
    const res = await call('POST', '/api/v1/payments/many/conekta/oxxo/', ana, { shipments: [a._id, b._id] });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<OxxoResult>();
    expect(result.amount).toBeCloseTo(a.selected_service.total_amount + b.selected_service.total_amount, 2);
  });

  it('refuses bad input naming the field, another user (403) and an already paid shipment (409)', async () => {
    expectFieldError(await call('POST', '/api/v1/payments/many/conekta/oxxo/', ana, { shipments: [] }), 'shipments');
    expectFieldError(await call('POST', '/api/v1/payments/many/conekta/oxxo/', ana, { shipments: ['x'] }), 'shipments.0');
    const mine = await createOne(t, ana);
    expect((await call('POST', '/api/v1/payments/many/conekta/oxxo/', beto, { shipments: [mine._id] })).statusCode).toBe(403);
    const paid = await createOne(t, ana);
    const ref = await oxxo(ana, paid._id);
    expect((await call('POST', `/api/v1/admin/payments/${ref.payment_id}/sandbox/paid`, admin)).statusCode).toBe(200);
    const again = await call('POST', '/api/v1/payments/many/conekta/oxxo/', ana, { shipments: [paid._id] });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().code).toBe('payments.already_paid');
  });
});

describe('GET /payments/open and the reference in the general report', () => {
  const open = (who: SignedIn, query = '') => call('GET', `/api/v1/payments/open${query}`, who);

  it('lists an open reference with its amount, expiry and slip for its owner and an admin; the report finds the shipment by it', async () => {
    const s = await createOne(t, ana);
    const ref = await oxxo(ana, s._id);
    const mine = await open(ana);
    expect(mine.statusCode, mine.body).toBe(200);
    const listed = mine.json<OpenPayments>().docs.find((d) => d.payment_id === ref.payment_id);
    expect(listed).toMatchObject({
      method: 'oxxo',
      method_label: 'OXXO',
      reference: ref.reference,
      order_id: null,
      amount: ref.amount,
      expires_at: ref.expires_at,
      slip_url: `/shipping/cash_barcode?references=${ref.reference}`,
      approve_url: null,
      sandbox: true,
      shipments: [{ _id: s._id, numberOfOrder: s.numberOfOrder }],
    });
    // For one shipment: its owner or an admin; another customer neither sees it in their own list nor asks for it.
    expect((await open(admin, `?shipments=${s._id}`)).json<OpenPayments>().docs.map((d) => d.payment_id)).toEqual([ref.payment_id]);
    expect((await open(beto)).json<OpenPayments>().docs.some((d) => d.payment_id === ref.payment_id)).toBe(false);
    expect((await open(beto, `?shipments=${s._id}`)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/payments/open')).statusCode).toBe(401);
    expectFieldError(await open(ana, '?shipments=no-es-un-id'), 'shipments.0');

    // The general report's «Referencia» and its search.
    const report = await call('GET', `/api/v1/shipments/period?filter=${ref.reference}`, admin);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json<ReportPage>().docs.map((d) => [d._id, d.reference])).toEqual([[s._id, ref.reference]]);
    expect((await shipment(ana, s._id)).reference).toBe(ref.reference);

    // Cancelled: no longer open, and the report no longer names it.
    expect((await call('POST', `/api/v1/payments/shipments/${s._id}/cancel`, ana)).json()).toEqual({ cancelled: 1 });
    expect((await open(ana, `?shipments=${s._id}`)).json<OpenPayments>().docs).toEqual([]);
    expect((await call('GET', `/api/v1/shipments/period?filter=${ref.reference}`, admin)).json<ReportPage>().count).toBe(0);
  });

  it('a reference paid at the store after the shipment was paid another way still names it, and its money goes to the wallet', async () => {
    const s = await createOne(t, ana);
    const ref = await oxxo(ana, s._id);
    await call('POST', '/api/v1/prepaid/createPrepaid', admin, { userId: ana.id, cantidadAbonar: 1000 });
    const before = await balance(ana);
    const wallet = await call('POST', '/api/v1/payments/many/monedero', ana, { shipments: [s._id] });
    expect(wallet.statusCode, wallet.body).toBe(200);
    // Paid, and the reference is still open: it stays listed, so the seller can cancel it.
    expect((await open(ana, `?shipments=${s._id}`)).json<OpenPayments>().docs.map((d) => d.reference)).toEqual([ref.reference]);
    const paid = await call('POST', `/api/v1/admin/payments/${ref.payment_id}/sandbox/paid`, admin);
    expect(paid.json<Payment>().credited).toEqual([expect.objectContaining({ shipment: s._id, reason: 'already_paid' })]);
    expect(await balance(ana)).toBe(before);
    expect((await call('GET', `/api/v1/shipments/period?filter=${ref.reference}`, admin)).json<ReportPage>().docs.map((d) => d._id)).toEqual([s._id]);
    expect((await open(ana, `?shipments=${s._id}`)).json<OpenPayments>().docs).toEqual([]);
  });
});

describe('GET /payments/oxxo/slip', () => {
  it('shows amount, reference barcode, expiry and the shipments to their owner and to an admin', async () => {
    const s = await createOne(t, ana);
    const ref = await oxxo(ana, s._id);
    for (const who of [ana, admin]) {
      const res = await call('GET', `/api/v1/payments/oxxo/slip?references=${ref.reference}`, who);
      expect(res.statusCode, res.body).toBe(200);
      const [slip] = res.json<OxxoSlip>().slips;
      expect(slip).toMatchObject({
        reference: ref.reference,
        amount: ref.amount,
        currency: 'MXN',
        status: 'pending',
        purpose: 'shipments',
        sandbox: true,
        expires_at: ref.expires_at,
      });
      expect(slip!.barcode_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(slip!.shipments).toEqual([
        expect.objectContaining({
          _id: s._id,
          numberOfOrder: s.numberOfOrder,
          carrier_service_name: s.selected_service.carrier_service_name,
          price: s.selected_service.total_amount,
          destination: expect.objectContaining({ full_name: 'Bruno Díaz', postal_code: '06600', country: 'México' }),
        }),
      ]);
    }
  });

  it('refuses another user (403), an unknown reference (404) and a missing one (400)', async () => {
    const s = await createOne(t, ana);
    const ref = await oxxo(ana, s._id);
    expect((await call('GET', `/api/v1/payments/oxxo/slip?references=${ref.reference}`, beto)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/payments/oxxo/slip?references=SBX00000000000000', ana)).statusCode).toBe(404);
    expectFieldError(await call('GET', '/api/v1/payments/oxxo/slip', ana), 'references');
    expect((await call('GET', `/api/v1/payments/oxxo/slip?references=${ref.reference}`)).statusCode).toBe(401);
  });
});

describe('POST /webhooks/conekta and the sandbox admin actions', () => {
  it('refuses a bad or missing signature with 401 and changes nothing', async () => {
    const s = await createOne(t, ana);
    const ref = await oxxo(ana, s._id);
    const row = await paymentRow(ref.payment_id);
    const rawBody = JSON.stringify({
      id: 'evt_falso',
      object: 'event',
      type: 'order.paid',
      livemode: false,
      created_at: 1,
      data: { object: { id: row.providerOrderId } },
    });
    const forged = await deliver({ rawBody, headers: { digest: Buffer.from('firma falsa').toString('base64') } });
    expect(forged.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/conekta', headers: { 'content-type': 'application/json' }, payload: rawBody });
    expect(missing.statusCode).toBe(401);
    // A genuine delivery whose body was altered after signing.
    const genuine = sandbox.markExpired(row.providerOrderId!);
    const altered = await deliver({ rawBody: genuine.rawBody.replace('order.expired', 'order.paid'), headers: genuine.headers });
    expect(altered.statusCode).toBe(401);
    expect((await paymentRow(ref.payment_id)).status).toBe('pending');
    expect((await shipment(ana, s._id)).status).toBe(false);
  });

  it("'Marcar pagado (sandbox)' pays through the webhook: shipment paid, one guide job, ten redeliveries change nothing", async () => {
    const s = await createOne(t, ana);
    const ref = await oxxo(ana, s._id);
    expect((await call('POST', `/api/v1/admin/payments/${ref.payment_id}/sandbox/paid`, ana)).statusCode).toBe(403);
    expectFieldError(await call('POST', `/api/v1/admin/payments/${ref.payment_id}/sandbox/pagado`, admin), 'event');
    expectFieldError(await call('POST', '/api/v1/admin/payments/x/sandbox/paid', admin), 'id');
    const res = await call('POST', `/api/v1/admin/payments/${ref.payment_id}/sandbox/paid`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payment>()).toMatchObject({
      _id: ref.payment_id,
      status: 'paid',
      method: 'oxxo',
      oxxo_reference: ref.reference,
      shipments: [s._id],
      user: ana.id,
      user_email: ana.email,
      user_name: 'Ana López',
    });
    expect((await shipment(ana, s._id)).status).toBe(true);
    // The very same delivery ten times at once: nothing more happens.
    const delivery = sandbox.markPaid((await paymentRow(ref.payment_id)).providerOrderId!);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(delivery)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.json<{ action: string }>().action)).toEqual(Array(10).fill('already_paid'));
    expect(await jobKeys(`guides.issue:${s._id}`)).toEqual([`guides.issue:${s._id}`]);
    const again = await call('POST', `/api/v1/admin/payments/${ref.payment_id}/sandbox/expired`, admin);
    expect(again.statusCode).toBe(409);
  });

  it("'Marcar vencido (sandbox)' expires the reference; a new click then gets a new reference", async () => {
    const s = await createOne(t, ana);
    const ref = await oxxo(ana, s._id);
    const res = await call('POST', `/api/v1/admin/payments/${ref.payment_id}/sandbox/expired`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payment>()).toMatchObject({ status: 'expired', status_label: 'Vencido' });
    expect((await shipment(ana, s._id)).status).toBe(false);
    const next = await oxxo(ana, s._id);
    expect(next.reference).not.toBe(ref.reference);
  });

  it('still marks a reference paid after a restart emptied the sandbox, keeping the buyer’s reference', async () => {
    const s = await createOne(t, ana);
    const ref = await oxxo(ana, s._id);
    current.sandbox = createConektaSandbox({ clock });
    const res = await call('POST', `/api/v1/admin/payments/${ref.payment_id}/sandbox/paid`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payment>()).toMatchObject({ status: 'paid', oxxo_reference: ref.reference });
    expect((await shipment(ana, s._id)).status).toBe(true);
  });

  it('answers 409 to a sandbox action on a payment that is not a sandbox OXXO one, 404 to an unknown one', async () => {
    const [other] = await t.database.db
      .insert(payments)
      .values({
        userId: ana.id,
        method: 'paypal',
        purpose: 'shipments',
        amountCentavos: 1000,
        status: 'created',
        requestId: `prueba-${Date.now()}`,
        sandbox: true,
      })
      .returning();
    const res = await call('POST', `/api/v1/admin/payments/${other!.id}/sandbox/paid`, admin);
    expect(res.statusCode).toBe(409);
    expect((await call('POST', '/api/v1/admin/payments/00000000-0000-4000-8000-000000000000/sandbox/paid', admin)).statusCode).toBe(404);
  });
});

describe('OXXO top-ups', () => {
  it('pays a pending top-up once even when the paid webhook arrives ten times at once', async () => {
    const created = await call('POST', '/api/v1/prepaid', beto, { amount: 150.25 });
    expect(created.statusCode, created.body).toBe(200);
    const topUpId = created.json<{ id: string }>().id;
    const before = await balance(beto);
    const ref = await oxxo(beto, topUpId);
    expect(ref.amount).toBe(150.25);
    expect((await paymentRow(ref.payment_id)).purpose).toBe('topup');
    expect((await oxxo(beto, topUpId)).reference).toBe(ref.reference);
    expect((await call('POST', `/api/v1/payments/conekta/oxxo/${topUpId}`, ana, {})).statusCode).toBe(403);
    const delivery = sandbox.markPaid((await paymentRow(ref.payment_id)).providerOrderId!);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(delivery)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json<{ action: string }>().action === 'confirmed')).toHaveLength(1);
    expect(await balance(beto)).toBeCloseTo(before + 150.25, 2);
    expect((await paymentRow(ref.payment_id)).status).toBe('paid');
  });
});

describe('GET /admin/payments', () => {
  it('lists attempts newest first with filters, for admins only', async () => {
    const s = await createOne(t, beto);
    const ref = await oxxo(beto, s._id);
    expect((await call('GET', '/api/v1/admin/payments', beto)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/admin/payments')).statusCode).toBe(401);
    const all = await call('GET', '/api/v1/admin/payments', admin);
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json<PaymentList>();
    expect(page.docs.length).toBeLessThanOrEqual(10);
    expect(page.count).toBeGreaterThan(5);
    const byRef = (await call('GET', `/api/v1/admin/payments?q=${ref.reference}`, admin)).json<PaymentList>();
    expect(byRef.docs.map((d) => d._id)).toEqual([ref.payment_id]);
    expect(byRef.docs[0]).toMatchObject({ user_email: beto.email, user_name: 'Beto Ruiz', shipments: [s._id], status: 'pending', sandbox: true });
    const byName = (await call('GET', '/api/v1/admin/payments?q=beto%20ruiz&method=oxxo&status=pending', admin)).json<PaymentList>();
    expect(byName.docs.map((d) => d._id)).toContain(ref.payment_id);
    expect(byName.docs.every((d) => d.user === beto.id && d.status === 'pending' && d.method === 'oxxo')).toBe(true);
    const paid = (await call('GET', '/api/v1/admin/payments?status=paid', admin)).json<PaymentList>();
    expect(paid.docs.every((d) => d.status === 'paid')).toBe(true);
    expectFieldError(await call('GET', '/api/v1/admin/payments?status=otro', admin), 'status');
    expectFieldError(await call('GET', '/api/v1/admin/payments?method=efectivo', admin), 'method');
  });
});

describe('GET /admin/wallets/reconciliation and the users balance', () => {
  it('puts every balance beside its paid ledger and the money received per method', async () => {
    expect((await call('GET', '/api/v1/admin/wallets/reconciliation', ana)).statusCode).toBe(403);
    const credit = await call('POST', '/api/v1/prepaid/createPrepaid', admin, { userId: ana.id, cantidadAbonar: 40 });
    expect(credit.statusCode, credit.body).toBe(200);
    const res = await call('GET', '/api/v1/admin/wallets/reconciliation', admin);
    expect(res.statusCode, res.body).toBe(200);
    const rec = res.json<WalletReconciliation>();
    expect(rec.ok).toBe(true);
    expect(rec.total_balance).toBe(rec.total_ledger);
    expect(rec.users.find((u) => u.user === ana.id)).toMatchObject({ email: ana.email, name: 'Ana López', ok: true });
    expect(rec.received.oxxo).toBeGreaterThan(0);
    expect(Object.keys(rec.received).sort()).toEqual(['monedero', 'oxxo', 'paypal', 'paypal-plus']);
  });

  it('shows each user’s wallet balance in the users admin list', async () => {
    const res = await call('GET', `/api/v1/users?filter=${encodeURIComponent(ana.email)}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json<UserListResponse>().docs;
    expect(row).toMatchObject({ _id: ana.id });
    expect(row!.balance).toBe(await balance(ana));
    expect(row!.balance).toBeGreaterThanOrEqual(40);
  });
});
