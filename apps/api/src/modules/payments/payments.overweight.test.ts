import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OxxoSlip, Payment, PaymentList } from '@envios/contracts/payments';
import type { Shipment } from '@envios/contracts/shipments';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { balance, call, credit, multipart, paidShipment, PNG, upload } from '../overweight/overweight.testing.js';

/**
 * Overweight an admin records on a paid shipment, and the owner's wallet cannot cover, joins the
 * owner's next purchase: the quote shows it, and every payment method collects it once.
 */

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

function ok<T>(res: { statusCode: number; body: string; json: <J>() => J }, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

/** A customer with one paid shipment whose overweight (MX$cost) is pending, and an empty wallet. */
async function customerOwing(cost: number): Promise<{ who: SignedIn; earlier: Shipment }> {
  const who = await createSignedInUser(t.app, admin);
  const earlier = await paidShipment(t, admin, who);
  ok(await call(t, 'PUT', `/api/v1/shipments/${earlier._id}`, admin, { overweight: 2, cost_overweight: cost }));
  return { who, earlier };
}

async function overweightOf(id: string): Promise<{ paid: boolean; centavos: number | null }> {
  const [row] = await t.database.query<{ paid: boolean; centavos: string | null }>(
    'select overweight_paid as paid, overweight_centavos as centavos from shipments where id = $1',
    [id],
  );
  return { paid: row!.paid, centavos: row!.centavos === null ? null : Number(row!.centavos) };
}

async function paymentRow(id: string): Promise<{ amount: number }> {
  const [row] = await t.database.query<{ amount: string }>('select amount_centavos as amount from payments where id = $1', [id]);
  return { amount: Number(row!.amount) };
}

async function adminPayment(paymentId: string): Promise<Payment> {
  const list = ok<PaymentList>(await call(t, 'GET', '/api/v1/admin/payments?limit=50', admin));
  return list.docs.find((p) => p._id === paymentId)!;
}

const centavos = (mxn: number) => Math.round(mxn * 100);

describe('owed overweight is collected with the next purchase', () => {
  it('the wallet pays the new guide and the earlier overweight: two movements, the overweight marked paid, its story says which payment', async () => {
    const { who, earlier } = await customerOwing(85.5);
    const next = await createOne(t, who);
    await credit(t, admin, who.id, next.selected_service.total_amount + 85.5);

    const paid = ok<{ payment_id: string; amount: number; balance: number }>(
      await call(t, 'POST', '/api/v1/payments/many/monedero', who, { shipments: [next._id] }),
    );
    expect(centavos(paid.amount)).toBe(centavos(next.selected_service.total_amount) + 8550);
    expect(paid.balance).toBe(0);
    expect(await overweightOf(earlier._id)).toEqual({ paid: true, centavos: 8550 });

    const entries = await t.database.query<{ type: string; amount: string; shipment_id: string }>(
      `select type, amount_centavos as amount, shipment_id from wallet_entries where user_id = $1 and amount_centavos < 0 order by type`,
      [who.id],
    );
    expect(entries.filter((e) => e.shipment_id !== earlier._id || e.type === 'pago_sobrepeso').map((e) => [e.type, Number(e.amount), e.shipment_id])).toEqual(
      expect.arrayContaining([
        ['cargo', -centavos(next.selected_service.total_amount), next._id],
        ['pago_sobrepeso', -8550, earlier._id],
      ]),
    );
    const story = ok<{ record: { events: { kind: string; label: string; note: string | null }[]; status: string; paid_via: string; explanation: string } }>(
      await call(t, 'GET', `/api/v1/overweight/shipment/${earlier._id}`, who),
    );
    expect(story.record).toMatchObject({ status: 'paid', paid_via: 'purchase' });
    expect(story.record.events.at(-1)).toMatchObject({
      kind: 'paid_with_purchase',
      label: 'Pagado con tu compra',
      note: expect.stringMatching(/^Pagado con la compra del pago \d+ \(Monedero\)\.$/),
    });
    expect(story.record.explanation).toBe(
      'Se cobró MX$85.50 por sobrepeso junto con tu compra; si no estás de acuerdo, pide una aclaración y, si la aceptamos, te lo devolvemos en tu Monedero.',
    );

    // Paid once: the next purchase carries nothing, and the quote no longer adds it.
    const owed = ok<{ total_cost_overweight: number }>(await call(t, 'GET', `/api/v1/shipments/all/${who.id}/overweight`, who));
    expect(owed.total_cost_overweight).toBe(0);
  });

  it('a wallet that covers the guide but not the overweight refuses the whole purchase and takes nothing', async () => {
    const { who, earlier } = await customerOwing(40);
    const next = await createOne(t, who);
    await credit(t, admin, who.id, next.selected_service.total_amount);
    const res = await call(t, 'POST', '/api/v1/payments/many/monedero', who, { shipments: [next._id] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('wallet.insufficient_balance');
    expect(await balance(t, who, who.id)).toBe(next.selected_service.total_amount);
    expect((await overweightOf(earlier._id)).paid).toBe(false);
  });

  it('PayPal: the order asks for the guides and the overweight once, however many shipments; the capture pays both', async () => {
    const { who, earlier } = await customerOwing(60);
    const a = await createOne(t, who);
    const b = await createOne(t, who);
    const order = ok<{ payment_id: string; order_id: string }>(
      await call(t, 'POST', '/api/v1/payments/many/paypal', who, { shipments: [a._id, b._id], email: who.email }),
    );
    const expected = centavos(a.selected_service.total_amount) + centavos(b.selected_service.total_amount) + 6000;
    expect((await paymentRow(order.payment_id)).amount).toBe(expected);
    const sandbox = ok<{ amount: number; description: string }>(await call(t, 'GET', `/api/v1/sandbox/paypal/${order.order_id}`, who));
    expect(centavos(sandbox.amount)).toBe(expected);
    expect(sandbox.description).toContain(`sobrepeso de envíos anteriores (${earlier.numberOfOrder})`);

    ok(await call(t, 'POST', `/api/v1/sandbox/paypal/${order.order_id}/approve`, who));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/paypal/v2/capture-order/${order.order_id}`,
      headers: { ...who.headers, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await overweightOf(earlier._id)).paid).toBe(true);
    const [s] = await t.database.query<{ n: number }>('select count(*)::int as n from shipments where id = any($1) and paid', [[a._id, b._id]]);
    expect(s!.n).toBe(2);
    // The admin's payment lists what it bought; nothing was credited.
    expect((await adminPayment(order.payment_id)).credited).toEqual([]);
  });

  it('OXXO: the reference and the printed slip include the overweight; asking again answers the same reference', async () => {
    const { who, earlier } = await customerOwing(33.3);
    const next = await createOne(t, who);
    const first = ok<{ payment_id: string; reference: string; amount: number }>(
      await call(t, 'POST', '/api/v1/payments/many/conekta/oxxo/', who, { shipments: [next._id], email: who.email }),
    );
    expect(centavos(first.amount)).toBe(centavos(next.selected_service.total_amount) + 3330);
    const again = ok<{ payment_id: string; reference: string }>(
      await call(t, 'POST', '/api/v1/payments/many/conekta/oxxo/', who, { shipments: [next._id], email: who.email }),
    );
    expect(again.payment_id).toBe(first.payment_id);

    const slip = ok<OxxoSlip>(await call(t, 'GET', `/api/v1/payments/oxxo/slip?references=${first.reference}`, who));
    expect(slip.slips[0]!.shipments.map((s) => s._id)).toEqual([next._id]);
    expect(slip.slips[0]!.overweight).toBe(33.3);

    ok(await call(t, 'POST', `/api/v1/admin/payments/${first.payment_id}/sandbox/paid`, admin));
    expect((await overweightOf(earlier._id)).paid).toBe(true);
  });

  it('an overweight corrected after the attempt opened is not paid at the old amount: the guide is paid, the overweight money goes to the wallet', async () => {
    const { who, earlier } = await customerOwing(50);
    const next = await createOne(t, who);
    const order = ok<{ payment_id: string; order_id: string }>(
      await call(t, 'POST', '/api/v1/payments/many/paypal', who, { shipments: [next._id], email: who.email }),
    );
    ok(await call(t, 'PUT', `/api/v1/shipments/${earlier._id}`, admin, { overweight: 3, cost_overweight: 75 }));

    ok(await call(t, 'POST', `/api/v1/sandbox/paypal/${order.order_id}/approve`, who));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/paypal/v2/capture-order/${order.order_id}`,
      headers: { ...who.headers, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await overweightOf(earlier._id)).toEqual({ paid: false, centavos: 7500 });
    expect(await balance(t, who, who.id)).toBe(50);
    expect((await adminPayment(order.payment_id)).credited).toEqual([
      { shipment: earlier._id, amount: 50, reason: 'overweight_changed', label: 'El sobrepeso cambió' },
    ]);
    const [paid] = await t.database.query<{ paid: boolean }>('select paid from shipments where id = $1', [next._id]);
    expect(paid!.paid).toBe(true);
  });

  it('an overweight paid on its own meanwhile is not paid twice: its share is credited', async () => {
    const { who, earlier } = await customerOwing(20);
    const next = await createOne(t, who);
    const order = ok<{ payment_id: string; order_id: string }>(
      await call(t, 'POST', '/api/v1/payments/many/paypal', who, { shipments: [next._id], email: who.email }),
    );
    await credit(t, admin, who.id, 20);
    ok(await call(t, 'POST', `/api/v1/prepaid/payOverWeight/${earlier._id}`, who));
    expect(await balance(t, who, who.id)).toBe(0);

    ok(await call(t, 'POST', `/api/v1/sandbox/paypal/${order.order_id}/approve`, who));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/paypal/v2/capture-order/${order.order_id}`,
      headers: { ...who.headers, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(t, who, who.id)).toBe(20);
    expect((await adminPayment(order.payment_id)).credited.map((c) => c.reason)).toEqual(['overweight_already_paid']);
  });

  it('an overweight under dispute is not collected until it is resolved', async () => {
    const { who, earlier } = await customerOwing(90);
    const body = multipart({ message: 'La caja pesaba lo declarado; adjunto la foto de la báscula.' }, [
      { filename: 'bascula.png', type: 'image/png', data: PNG },
    ]);
    ok(await upload(t, `/api/v1/overweight/shipment/${earlier._id}/dispute`, who, body));
    const next = await createOne(t, who);
    await credit(t, admin, who.id, next.selected_service.total_amount);
    const paid = ok<{ amount: number }>(await call(t, 'POST', '/api/v1/payments/many/monedero', who, { shipments: [next._id] }));
    expect(paid.amount).toBe(next.selected_service.total_amount);
    expect((await overweightOf(earlier._id)).paid).toBe(false);
  });

  it("another customer's overweight never joins my purchase", async () => {
    await customerOwing(45);
    const me = await createSignedInUser(t.app, admin);
    const mine = await createOne(t, me);
    const order = ok<{ payment_id: string }>(await call(t, 'POST', '/api/v1/payments/many/paypal', me, { shipments: [mine._id], email: me.email }));
    expect((await paymentRow(order.payment_id)).amount).toBe(centavos(mine.selected_service.total_amount));
  });
});
