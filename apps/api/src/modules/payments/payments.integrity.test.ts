import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@envios/contracts/errors';
import type { Payment, PaymentList } from '@envios/contracts/payments';
import type { Shipment } from '@envios/contracts/shipments';
import type { SiteInfo } from '@envios/contracts/site';
import { buildApp } from '../../app.js';
import { manualClock } from '../../shared/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { box, createOne, destination, optionNamed, quoteFor, baseBody } from '../shipments/shipments.fixtures.js';
import { setStock } from '../guides/guides.testing.js';
import { PAYPAL_APPROVAL_WINDOW_MS } from './payments.paypal.js';

/**
 * A price is paid only as it was offered, and nobody can hold the guide inventory for free: the
 * attacks a careful buyer could try, each written as the failing case first.
 */

const clock = manualClock(new Date('2026-05-04T16:00:00Z'));
const INVENTORY = 'EXPRESS DOMESTIC DINAMICA';
const HOLDS = 3;

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { ...adminEnv, GUIDE_HOLDS_PER_USER: String(HOLDS) }, deps: { clock } });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

type Method = 'paypal' | 'card' | 'oxxo';

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...headers }, ...(payload === undefined ? {} : { payload }) });

function ok<T>(res: { statusCode: number; body: string; json: <J>() => J }, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

async function serviceIdOf(name: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>('select id from carrier_services where name = $1', [name]);
  return row!.id;
}

/** Opens an attempt the way each method's screen does; answers our payment id and, for PayPal, the order. */
async function open(who: SignedIn, method: Method, ids: string[]): Promise<{ paymentId: string; orderId?: string }> {
  if (method === 'oxxo') {
    const r = ok<{ payment_id: string }>(await call(who, 'POST', '/api/v1/payments/many/conekta/oxxo/', { shipments: ids, email: who.email }));
    return { paymentId: r.payment_id };
  }
  if (method === 'card') {
    const r = ok<{ data: { payment_id: string; order_id: string } }>(
      await call(who, 'POST', '/api/v1/paypal/plus/many/link', { shipments: ids, email: who.email }),
    );
    return { paymentId: r.data.payment_id, orderId: r.data.order_id };
  }
  const r = ok<{ payment_id: string; order_id: string }>(await call(who, 'POST', '/api/v1/payments/many/paypal', { shipments: ids, email: who.email }));
  return { paymentId: r.payment_id, orderId: r.order_id };
}

/** The money arrives: PayPal approved and captured, the card executed, or the OXXO reference paid (the admin's sandbox mark, which runs the webhook). */
async function pay(who: SignedIn, method: Method, attempt: { paymentId: string; orderId?: string }, ids: string[]): Promise<void> {
  if (method === 'oxxo') {
    ok(await call(admin, 'POST', `/api/v1/admin/payments/${attempt.paymentId}/sandbox/paid`));
    return;
  }
  ok(await call(who, 'POST', `/api/v1/sandbox/paypal/${encodeURIComponent(attempt.orderId!)}/approve`));
  if (method === 'card') {
    ok(await call(who, 'POST', '/api/v1/paypal/payment/many/execute', { payment_id: attempt.paymentId, shipments: ids, email: who.email }));
    return;
  }
  ok(await call(who, 'GET', `/api/v1/paypal/v2/capture-order/${encodeURIComponent(attempt.orderId!)}`, undefined, { 'sec-fetch-site': 'same-origin' }));
}

async function shipmentRow(id: string) {
  const [row] = await t.database.query<{ paid: boolean; total: string; service_id: string }>(
    'select paid, total_centavos as total, service_id from shipments where id = $1',
    [id],
  );
  return row!;
}

async function guideJobs(id: string): Promise<number> {
  const rows = await t.database.query<{ n: number }>(`select count(*)::int as n from jobs where key = $1`, [`guides.issue:${id}`]);
  return rows[0]!.n;
}

async function heldBy(paymentId: string): Promise<number> {
  const rows = await t.database.query<{ n: number }>(`select count(*)::int as n from guide_inventory where payment_id = $1 and status = 'reserved'`, [
    paymentId,
  ]);
  return rows[0]!.n;
}

async function walletOf(who: SignedIn): Promise<{ balance: number; entries: { amount: string; note: string | null }[] }> {
  const [w] = await t.database.query<{ balance: string }>('select balance_centavos as balance from wallets where user_id = $1', [who.id]);
  const entries = await t.database.query<{ amount: string; note: string | null }>(
    'select amount_centavos as amount, note from wallet_entries where user_id = $1 order by created_at',
    [who.id],
  );
  return { balance: Number(w?.balance ?? 0), entries };
}

async function adminPayment(paymentId: string): Promise<Payment> {
  const list = ok<PaymentList>(await call(admin, 'GET', '/api/v1/admin/payments?limit=50'));
  return list.docs.find((p) => p._id === paymentId)!;
}

/** The body of an edit that changes the parcels, priced by a fresh quote as the edit screen does. */
async function biggerParcels(who: SignedIn, service = 'EXPRESS DOMESTIC'): Promise<Record<string, unknown>> {
  const heavy = { ...box, weight: 65 };
  const option = optionNamed(await quoteFor(t, baseBody({ parcels: [heavy] }), who), service);
  return { parcels: [heavy], shipment_type: 'box', selected_service: { service_id: option.service_id, net_total_amount: option.net_total_amount } };
}

async function otherService(who: SignedIn, name: string): Promise<Record<string, unknown>> {
  const option = optionNamed(await quoteFor(t, baseBody(), who), name);
  return { selected_service: { service_id: option.service_id, net_total_amount: option.net_total_amount } };
}

describe('while an attempt is open, edits that change what the shipment costs are refused', () => {
  for (const method of ['paypal', 'card', 'oxxo'] as const) {
    it(`${method}: price, service, parcels and insurance are refused with a Spanish 409; cancelling the attempt frees its guide and allows the edit`, async () => {
      const ana = await createSignedInUser(t.app, admin);
      const s = await createOne(t, ana, {}, INVENTORY);
      await setStock(t, s.selected_service.service_id, 5);
      const attempt = await open(ana, method, [s._id]);
      expect(await heldBy(attempt.paymentId)).toBe(1);

      for (const patch of [
        await biggerParcels(ana, INVENTORY),
        await otherService(ana, 'ECONOMY SELECT DOMESTIC'),
        {
          package_insurance: true,
          insurance_information: { package_value: 1_000_000, responsible_for_the_package: 'Ana', mail_responsible: 'ana@correo.test', cost: 0 },
        },
      ]) {
        const refused = await call(ana, 'PUT', `/api/v1/shipments/${s._id}`, patch);
        expect(refused.statusCode, refused.body).toBe(409);
        const body = refused.json<ApiError>();
        expect(body.code).toBe('payments.in_progress');
        expect(body.message).toMatch(
          /^Este envío tiene un pago en curso \((PayPal|tarjeta|OXXO), pago \d+\)\. Para cambiar su precio, servicio, paquetes, seguro o código postal, primero cancela ese pago/,
        );
      }
      // What does not touch the price is still editable.
      ok(
        await call(ana, 'PUT', `/api/v1/shipments/${s._id}`, {
          description_of_the_content: 'Libros',
          destination_direction: { ...destination, full_name: 'Carla Pérez' },
        }),
      );

      // Someone else cannot cancel it; the owner can.
      const beto = await createSignedInUser(t.app, admin);
      expect((await call(beto, 'POST', `/api/v1/payments/shipments/${s._id}/cancel`)).statusCode).toBe(403);
      expect(ok<{ cancelled: number }>(await call(ana, 'POST', `/api/v1/payments/shipments/${s._id}/cancel`))).toEqual({ cancelled: 1 });
      expect(await heldBy(attempt.paymentId)).toBe(0);
      const edited = ok<Shipment>(await call(ana, 'PUT', `/api/v1/shipments/${s._id}`, await biggerParcels(ana, INVENTORY)));
      expect(edited.parcels[0]!.weight).toBe(65);
    });
  }

  it('a wallet payment and an edit racing each other never pay less than the shipment costs', async () => {
    const ana = await createSignedInUser(t.app, admin);
    ok(await call(admin, 'POST', '/api/v1/prepaid/createPrepaid', { userId: ana.id, cantidadAbonar: 50_000 }));
    for (let round = 0; round < 5; round++) {
      const s = await createOne(t, ana);
      const before = (await walletOf(ana)).balance;
      const [payRes] = await Promise.all([
        call(ana, 'POST', '/api/v1/payments/many/monedero', { shipments: [s._id], email: ana.email }),
        call(ana, 'PUT', `/api/v1/shipments/${s._id}`, await biggerParcels(ana)),
      ]);
      const row = await shipmentRow(s._id);
      const charged = before - (await walletOf(ana)).balance;
      if (row.paid) expect(charged).toBe(Number(row.total));
      else {
        expect(payRes.statusCode).not.toBe(200);
        expect(charged).toBe(0);
      }
    }
  });
});

describe('every confirmation pays a shipment only at the total and service its attempt opened with', () => {
  for (const method of ['paypal', 'card', 'oxxo'] as const) {
    for (const change of ['price', 'service'] as const) {
      it(`${method}: a ${change} changed after the attempt opened is not paid; the money goes to the wallet once, with a reason, an e-mail and the admin's view`, async () => {
        const ana = await createSignedInUser(t.app, admin);
        const s = await createOne(t, ana, {}, INVENTORY);
        await setStock(t, s.selected_service.service_id, 5);
        const attempt = await open(ana, method, [s._id]);
        const offered = Number((await shipmentRow(s._id)).total);
        // An edit that slipped past every screen (a race, another process): the row changes under the attempt.
        if (change === 'price') await t.database.query('update shipments set total_centavos = total_centavos + 78624 where id = $1', [s._id]);
        else await t.database.query('update shipments set service_id = $2 where id = $1', [s._id, await serviceIdOf('ECONOMY SELECT DOMESTIC')]);

        await pay(ana, method, attempt, [s._id]);

        expect((await shipmentRow(s._id)).paid).toBe(false);
        expect(await guideJobs(s._id)).toBe(0);
        expect(await heldBy(attempt.paymentId)).toBe(0);
        const wallet = await walletOf(ana);
        expect(wallet.balance).toBe(offered);
        expect(wallet.entries).toHaveLength(1);
        expect(wallet.entries[0]!.note).toMatch(
          change === 'price' ? /cambió de precio después de abrir el pago/ : /cambió de servicio de paquetería después de abrir el pago/,
        );
        const seen = await adminPayment(attempt.paymentId);
        expect(seen.status).toBe('paid');
        expect(seen.credited).toEqual([
          { shipment: s._id, amount: offered / 100, reason: change === 'price' ? 'price_changed' : 'service_changed', label: expect.any(String) as string },
        ]);
        await t.app.jobs.drain();
        const mails = ok<{ docs: { recipient: string; subject: string; text: string }[] }>(
          await call(admin, 'GET', `/api/v1/outbox?recipient=${encodeURIComponent(ana.email)}&limit=50`),
        );
        const notice = mails.docs.find((d) => d.subject.startsWith('Abonamos'));
        expect(notice?.text).toContain(`el envío ${s.numberOfOrder}`);
      });
    }
  }

  it('30 concurrent captures of a changed shipment credit the wallet exactly once', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const s = await createOne(t, ana);
    const attempt = await open(ana, 'paypal', [s._id]);
    const offered = Number((await shipmentRow(s._id)).total);
    await t.database.query('update shipments set total_centavos = total_centavos + 100 where id = $1', [s._id]);
    ok(await call(ana, 'POST', `/api/v1/sandbox/paypal/${encodeURIComponent(attempt.orderId!)}/approve`));
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(ana, 'GET', `/api/v1/paypal/v2/capture-order/${encodeURIComponent(attempt.orderId!)}`, undefined, { 'sec-fetch-site': 'same-origin' }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // Every answer tells the buyer's screen the money went to the wallet.
    expect(new Set(answers.map((a) => a.json<{ credited_amount: number }>().credited_amount))).toEqual(new Set([offered / 100]));
    const wallet = await walletOf(ana);
    expect(wallet.entries).toHaveLength(1);
    expect(wallet.balance).toBe(offered);
  });

  it('a carrier switch never gives a shipment the other carrier’s inventory guide, and the old reservation goes back', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const ampm = await serviceIdOf('ESTANDAR');
    const estafeta = await serviceIdOf('Envío Económico');
    await setStock(t, ampm, 2);
    await setStock(t, estafeta, 2);
    const s = await createOne(t, ana, {}, 'ESTANDAR');
    const attempt = await open(ana, 'paypal', [s._id]);
    const reserved = await t.database.query<{ service_id: string }>(`select service_id from guide_inventory where payment_id = $1 and status = 'reserved'`, [
      attempt.paymentId,
    ]);
    expect(reserved).toEqual([{ service_id: ampm }]);
    await t.database.query('update shipments set service_id = $2 where id = $1', [s._id, estafeta]);
    await pay(ana, 'paypal', attempt, [s._id]);
    expect((await shipmentRow(s._id)).paid).toBe(false);
    const stock = await t.database.query<{ service_id: string; status: string; n: number }>(
      `select service_id, status, count(*)::int as n from guide_inventory where service_id = any($1::uuid[]) group by 1, 2 order by 1, 2`,
      [[ampm, estafeta]],
    );
    expect(stock.every((r) => r.status === 'available')).toBe(true);

    // The honest way: cancel, switch to Estafeta with a fresh quote, pay; the guide is Estafeta's.
    const other = await createOne(t, ana, {}, 'ESTANDAR');
    await open(ana, 'paypal', [other._id]);
    ok(await call(ana, 'POST', `/api/v1/payments/shipments/${other._id}/cancel`));
    ok(await call(ana, 'PUT', `/api/v1/shipments/${other._id}`, await otherService(ana, 'Envío Económico')));
    ok(await call(admin, 'POST', '/api/v1/prepaid/createPrepaid', { userId: ana.id, cantidadAbonar: 5_000 }));
    ok(await call(ana, 'POST', '/api/v1/payments/many/monedero', { shipments: [other._id], email: ana.email }));
    await t.app.jobs.drain();
    const used = await t.database.query<{ service_id: string }>(`select service_id from guide_inventory where shipment_id = $1 and status = 'used'`, [
      other._id,
    ]);
    expect(used).toEqual([{ service_id: estafeta }]);
    const held = await t.database.query<{ n: number }>(`select count(*)::int as n from guide_inventory where service_id = $1 and status = 'reserved'`, [ampm]);
    expect(held[0]!.n).toBe(0);
  });
});

describe('no free hold on the guide inventory', () => {
  it(`one account holds at most ${HOLDS} guides in unpaid attempts, so another customer can still buy`, async () => {
    const hoarder = await createSignedInUser(t.app, admin);
    const buyer = await createSignedInUser(t.app, admin);
    const first = await createOne(t, hoarder, {}, INVENTORY);
    const serviceId = first.selected_service.service_id;
    await setStock(t, serviceId, HOLDS + 1);
    const ids = [first._id, ...(await Promise.all(Array.from({ length: HOLDS + 1 }, () => createOne(t, hoarder, {}, INVENTORY)))).map((s) => s._id)];

    const tooMany = await call(hoarder, 'POST', '/api/v1/payments/many/paypal', { shipments: ids.slice(0, HOLDS + 1), email: hoarder.email });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<ApiError>()).toMatchObject({ code: 'guides.hold_limit' });
    expect(tooMany.json<ApiError>().message).toMatch(/^Este pago apartaría 4 guías y ya tienes 0 apartadas en pagos sin terminar; el máximo es 3\./);

    await open(hoarder, 'paypal', ids.slice(0, HOLDS));
    const oneMore = await call(hoarder, 'POST', '/api/v1/payments/conekta/oxxo/' + ids[HOLDS]!, { email: hoarder.email });
    expect(oneMore.statusCode).toBe(409);
    expect(oneMore.json<ApiError>().code).toBe('guides.hold_limit');

    // The last guide is still there for someone else.
    const theirs = await createOne(t, buyer, {}, INVENTORY);
    ok(await call(admin, 'POST', '/api/v1/prepaid/createPrepaid', { userId: buyer.id, cantidadAbonar: 5_000 }));
    ok(await call(buyer, 'POST', '/api/v1/payments/many/monedero', { shipments: [theirs._id], email: buyer.email }));
  });

  it('an OXXO hold ends when its reference expires, even without any webhook', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const s = await createOne(t, ana, {}, INVENTORY);
    await setStock(t, s.selected_service.service_id, 1);
    const attempt = await open(ana, 'oxxo', [s._id]);
    expect(await heldBy(attempt.paymentId)).toBe(1);
    clock.advance(3 * 86_400_000 - 60_000);
    await t.app.jobs.drain();
    expect(await heldBy(attempt.paymentId)).toBe(1);
    clock.advance(2 * 60_000);
    await t.app.jobs.drain();
    expect(await heldBy(attempt.paymentId)).toBe(0);
    expect((await adminPayment(attempt.paymentId)).status).toBe('expired');
    // The reference cannot be paid at the store any more: the sandbox order was cancelled.
    expect((await call(admin, 'POST', `/api/v1/admin/payments/${attempt.paymentId}/sandbox/paid`)).statusCode).toBe(409);
  });

  it('attempts opened before the expiry job existed get one at start, once', async () => {
    const { scheduleOxxoExpiries } = await import('./payments.oxxo-settle.js');
    const ana = await createSignedInUser(t.app, admin);
    const s = await createOne(t, ana);
    const attempt = await open(ana, 'oxxo', [s._id]);
    await t.database.query('delete from jobs where key = $1', [`payments.oxxo.expire:${attempt.paymentId}`]);
    expect(await scheduleOxxoExpiries({ db: t.database.db, jobs: t.app.jobs })).toBeGreaterThanOrEqual(1);
    await scheduleOxxoExpiries({ db: t.database.db, jobs: t.app.jobs });
    const jobs = await t.database.query<{ n: number }>('select count(*)::int as n from jobs where key = $1', [`payments.oxxo.expire:${attempt.paymentId}`]);
    expect(jobs[0]!.n).toBe(1);
  });

  it('a PayPal hold ends with the approval window; a settle job whose order no longer exists closes the attempt', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const s = await createOne(t, ana, {}, INVENTORY);
    await setStock(t, s.selected_service.service_id, 1);
    const attempt = await open(ana, 'paypal', [s._id]);
    await t.database.query('delete from paypal_sandbox_orders where order_id = $1', [attempt.orderId]);
    clock.advance(PAYPAL_APPROVAL_WINDOW_MS + 1000);
    await t.app.jobs.drain();
    expect(await heldBy(attempt.paymentId)).toBe(0);
    expect((await adminPayment(attempt.paymentId)).status).toBe('expired');
  });

  it('opening attempts and creating shipments are limited per account and hour', async () => {
    const limited = await createTestApp({ env: adminEnv, deps: { rateLimits: { paymentAttemptsPerHour: 2, shipmentsPerHour: 3 } } });
    try {
      const boss = await signInAdmin(limited.app);
      const ana = await createSignedInUser(limited.app, boss);
      const made = await Promise.all([createOne(limited, ana), createOne(limited, ana), createOne(limited, ana)]);
      const fourth = await limited.app.inject({ method: 'POST', url: '/api/v1/shipments/all', headers: ana.headers, payload: { shipments: [made[0]._id] } });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json<ApiError>().message).toMatch(/^Demasiadas solicitudes\. Vuelve a intentarlo en/);
      const attempts = [];
      for (let i = 0; i < 3; i++) {
        attempts.push(
          (await limited.app.inject({ method: 'POST', url: '/api/v1/payments/many/paypal', headers: ana.headers, payload: { shipments: [made[i]!._id] } }))
            .statusCode,
        );
      }
      expect(attempts).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('sandbox PayPal orders live in the database', () => {
  it('an order approved before a restart is captured by the new process', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const s = await createOne(t, ana);
    const attempt = await open(ana, 'paypal', [s._id]);
    ok(await call(ana, 'POST', `/api/v1/sandbox/paypal/${encodeURIComponent(attempt.orderId!)}/approve`));
    const restarted = await buildApp({ config: t.config, database: t.database, clock });
    await restarted.ready();
    try {
      const res = await restarted.inject({
        method: 'GET',
        url: `/api/v1/paypal/v2/capture-order/${encodeURIComponent(attempt.orderId!)}`,
        headers: { ...ana.headers },
      });
      expect(res.json()).toMatchObject({ status: 'COMPLETED' });
      expect((await shipmentRow(s._id)).paid).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});

describe('requests from other sites', () => {
  it('a payment link (a GET that opens an attempt) with the session cookie only works from our own pages', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const s = await createOne(t, ana);
    const cookie = { cookie: `envios_sesion=${ana.token}` };
    const cross = await t.app.inject({ method: 'GET', url: `/api/v1/paypal/plus/link/${s._id}`, headers: { ...cookie, 'sec-fetch-site': 'cross-site' } });
    expect(cross.statusCode).toBe(403);
    expect(cross.json<ApiError>().message).toMatch(/solo se puede hacer desde las páginas de Envíos MX/);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/paypal/plus/link/${s._id}`, headers: cookie })).statusCode).toBe(403);
    const payments = await t.database.query<{ n: number }>('select count(*)::int as n from payment_shipments where shipment_id = $1', [s._id]);
    expect(payments[0]!.n).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/paypal/plus/link/${s._id}`, headers: { ...cookie, 'sec-fetch-site': 'same-origin' } })).statusCode,
    ).toBe(200);
    // A client with its bearer token is not a browser: no such header needed.
    const other = await createOne(t, ana);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/paypal/plus/link/${other._id}`, headers: ana.headers })).statusCode).toBe(200);
  });

  it('sign-out with the session cookie checks the Origin like every other write', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const cookie = { cookie: `envios_sesion=${ana.token}` };
    const sibling = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: { ...cookie, origin: 'https://otro.ejemplo.mx' } });
    expect(sibling.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: ana.headers })).statusCode).toBe(200);
    const own = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: { ...cookie, host: 'envios.mx', origin: 'https://envios.mx' } });
    expect(own.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: ana.headers })).statusCode).toBe(401);
  });
});

describe('no free money in production', () => {
  it('without provider keys, PayPal and OXXO are switched off and say so; PAYMENTS_SANDBOX=1 turns the sandbox on with its banner', async () => {
    const prod = await createTestApp({ env: { ...adminEnv, NODE_ENV: 'production' } });
    try {
      expect(ok(await prod.app.inject({ method: 'GET', url: '/api/v1/payments/config' }))).toEqual({
        paypal: { sandbox: true, enabled: false },
        oxxo: { sandbox: false, enabled: false },
        card: { enabled: false },
        sandbox_mode: false,
      });
      expect(ok<SiteInfo>(await prod.app.inject({ method: 'GET', url: '/api/v1/site' }))).toMatchObject({
        paymentsSandbox: false,
        paymentMethods: { paypal: false, card: false, oxxo: false },
      });
      const boss = await signInAdmin(prod.app);
      const ana = await createSignedInUser(prod.app, boss);
      const s = await createOne(prod, ana);
      for (const [url, payload] of [
        ['/api/v1/payments/many/paypal', { shipments: [s._id] }],
        [`/api/v1/payments/conekta/oxxo/${s._id}`, {}],
      ] as const) {
        const refused = await prod.app.inject({ method: 'POST', url, headers: ana.headers, payload });
        expect(refused.statusCode, refused.body).toBe(503);
        expect(refused.json<ApiError>().code).toBe('payments.disabled');
      }
      const topUp = ok<{ id: string }>(await prod.app.inject({ method: 'POST', url: '/api/v1/prepaid', headers: ana.headers, payload: { amount: 100_000 } }));
      expect((await prod.app.inject({ method: 'POST', url: `/api/v1/prepaid/getLinkpaypal/${topUp.id}`, headers: ana.headers })).statusCode).toBe(503);
      // No demo guide stock where real money buys guides.
      const demo = await prod.database.query<{ n: number }>('select count(*)::int as n from guide_inventory where demo', []);
      expect(demo[0]!.n).toBe(0);
    } finally {
      await prod.close();
    }
    const demo = await createTestApp({ env: { ...adminEnv, NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' } });
    try {
      expect(ok<{ sandbox_mode: boolean }>(await demo.app.inject({ method: 'GET', url: '/api/v1/payments/config' })).sandbox_mode).toBe(true);
      expect(ok<SiteInfo>(await demo.app.inject({ method: 'GET', url: '/api/v1/site' }))).toMatchObject({
        paymentsSandbox: true,
        paymentMethods: { paypal: true, card: true, oxxo: true },
      });
    } finally {
      await demo.close();
    }
  });
});
