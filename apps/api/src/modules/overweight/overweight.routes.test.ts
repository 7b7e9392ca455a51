import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { OverweightPage, OverweightSuggestion, ShipmentOverweight } from '@envios/contracts/overweight';
import type { QuoteResponse } from '@envios/contracts/quotes';
import type { Shipment } from '@envios/contracts/shipments';
import type { WalletList } from '@envios/contracts/wallet';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { baseBody, quoteFor } from '../shipments/shipments.fixtures.js';
import { balance, call, credit, multipart, paidShipment, PDF, PNG, upload } from './overweight.testing.js';

type ApiError = { message: string; code: string; errors?: { path: string; message: string }[] };

let t: TestApp;
let admin: SignedIn;
let ana: SignedIn;
let beto: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  admin = await signInAdmin(t.app);
  ana = await createSignedInUser(t.app, admin, { firstName: 'Ana', lastName: 'López' });
  beto = await createSignedInUser(t.app, admin, { firstName: 'Beto', lastName: 'Ruiz' });
});
afterAll(async () => {
  await t.close();
});

const put = (s: { _id: string }, who: SignedIn | undefined, body: unknown) => call(t, 'PUT', `/api/v1/shipments/${s._id}`, who, body);
const detail = async (s: { _id: string }, who: SignedIn) => {
  const res = await call(t, 'GET', `/api/v1/overweight/shipment/${s._id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShipmentOverweight>().record!;
};

function expectField(res: { statusCode: number; body: string; json: <T>() => T }, status: number, field: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<ApiError>().errors?.map((e) => e.path)).toContain(field);
}

async function outboxSubjects(to: string): Promise<string[]> {
  await t.app.jobs.drain();
  const res = await call(t, 'GET', `/api/v1/outbox?recipient=${encodeURIComponent(to)}&limit=100`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ docs: { subject: string | null }[] }>().docs.map((d) => d.subject ?? '');
}

describe("'Editar sobrepeso' through PUT /api/v1/shipments/{id}", () => {
  it('only an admin records it: the owner and another customer get 403, a visitor 401', async () => {
    const s = await paidShipment(t, admin, ana);
    expect((await put(s, ana, { overweight: 2, cost_overweight: 80 })).statusCode).toBe(403);
    expect((await put(s, beto, { overweight: 2, cost_overweight: 80 })).statusCode).toBe(403);
    expect((await put(s, undefined, { overweight: 2, cost_overweight: 80 })).statusCode).toBe(401);
  });

  it('bad input answers 400 naming the field: text, a negative weight, a negative cost, a cost without weight', async () => {
    const s = await paidShipment(t, admin, ana);
    expectField(await put(s, admin, { overweight: 'dos', cost_overweight: 80 }), 400, 'overweight');
    expectField(await put(s, admin, { overweight: -1, cost_overweight: 80 }), 400, 'overweight');
    expectField(await put(s, admin, { overweight: 2, cost_overweight: -5 }), 400, 'cost_overweight');
    expectField(await put(s, admin, { cost_overweight: 80 }), 400, 'overweight');
    expectField(await put(s, admin, { overweight: 2, cost_overweight: 80, measured: { weight: 5, height: 10 } }), 400, 'measured.width');
  });

  it('an unpaid shipment has no overweight to record (409)', async () => {
    const { createOne } = await import('../shipments/shipments.fixtures.js');
    const s = await createOne(t, ana);
    const res = await put(s, admin, { overweight: 2, cost_overweight: 80 });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().code).toBe('overweight.shipment_unpaid');
  });

  it('a wallet that covers it pays it once even when the update is sent twice at once', async () => {
    const user = await createSignedInUser(t.app, admin);
    const s = await paidShipment(t, admin, user);
    await credit(t, admin, user.id, 500);
    const body = { overweight: 2, cost_overweight: 123.45 };
    const [a, b] = await Promise.all([put(s, admin, body), put(s, admin, body)]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect(a.json<Shipment>()).toMatchObject({ overweight: 2, cost_overweight: 123.45, overweight_paid: true });
    expect(await balance(t, user, user.id)).toBe(376.55);
    const wallet = (await call(t, 'GET', `/api/v1/prepaid?user=${user.id}&limit=100`, user)).json<WalletList>();
    expect(wallet.docs.filter((e) => e.movement === 'Pago sobrepeso').map((e) => e.amount)).toEqual([-123.45]);
    const rec = await detail(s, user);
    expect(rec).toMatchObject({ status: 'paid', paid: true, paid_via: 'wallet', can_pay: false, can_dispute: true });
    expect(rec.explanation).toBe(
      'Se cobró MX$123.45 de tu Monedero por sobrepeso; si no estás de acuerdo, pide una aclaración y, si la aceptamos, te lo devolvemos.',
    );
    expect(rec.events.map((e) => [e.kind, e.label])).toEqual([
      ['recorded', 'Sobrepeso registrado'],
      ['charged', 'Cobrado de tu Monedero'],
    ]);
    // The admin reads the same story about the customer's wallet.
    expect((await detail(s, admin)).explanation).toMatch(/^Se cobró MX\$123\.45 del Monedero del cliente por sobrepeso; si el cliente no está de acuerdo/);
    // The specification's client pays it right after recording it: already paid, 200 and nothing more is charged.
    const spec = await call(t, 'POST', `/api/v1/prepaid/payOverWeight/${s._id}`, user);
    expect(spec.statusCode, spec.body).toBe(200);
    expect(spec.json()).toMatchObject({ already_paid: true, overweight_status: 'paid', amount: 123.45 });
    expect((await call(t, 'POST', `/api/v1/overweight/shipment/${s._id}/pay`, user)).json<ShipmentOverweight>().record).toMatchObject({ status: 'paid' });
    expect(await balance(t, user, user.id)).toBe(376.55);
    // Once paid it is no longer editable (the same values again change nothing).
    const again = await put(s, admin, { overweight: 3, cost_overweight: 150 });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().code).toBe('overweight.already_paid');
    expect(await outboxSubjects(user.email)).toContain(`Cobramos un sobrepeso de MX$123.45 de tu envío ${s.numberOfOrder}`);
  });

  it('a wallet that does not cover it leaves it pending, and the next quote total includes it', async () => {
    const user = await createSignedInUser(t.app, admin);
    const s = await paidShipment(t, admin, user);
    await credit(t, admin, user.id, 10);
    const res = await put(s, admin, {
      overweight: 1.5,
      cost_overweight: 85.4,
      measured: { weight: 4.5, height: 20, width: 30, depth: 15 },
      overweight_note: 'Báscula de la paquetería.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Shipment>()).toMatchObject({ overweight: 1.5, cost_overweight: 85.4, overweight_paid: false });
    expect(await balance(t, user, user.id)).toBe(10);
    const quote: QuoteResponse = await quoteFor(t, baseBody(), user);
    for (const o of quote.options) expect(o.overweight_amount).toBe(85.4);
    const page = (await call(t, 'GET', `/api/v1/overweight/user/${user.id}`, user)).json<OverweightPage>();
    expect(page.total_pending).toBe(85.4);
    expect(page.docs).toEqual([
      expect.objectContaining({ shipment_id: s._id, status: 'pending', status_label: 'Pendiente', overweight: 1.5, cost_overweight: 85.4 }),
    ]);
    const rec = await detail(s, user);
    expect(rec.measured).toEqual({ weight: 4.5, height: 20, width: 30, depth: 15, billable_weight: 5 });
    expect(rec.declared).toMatchObject({ weight: 3, billable_weight: 3 });
    expect(rec.note).toBe('Báscula de la paquetería.');
    expect(rec.rule?.text).toMatch(/por kg adicional/);
    expect(rec).toMatchObject({ status: 'pending', can_pay: true, can_dispute: true, paid_via: null });
    expect(rec.explanation).toMatch(/^Tu Monedero no alcanzaba para cubrir el sobrepeso de MX\$85\.40: queda pendiente para tu siguiente compra/);
    expect(await outboxSubjects(user.email)).toContain(`Tienes un sobrepeso pendiente de MX$85.40 en tu envío ${s.numberOfOrder}`);

    // The owner pays it once the wallet has enough.
    expect((await call(t, 'POST', `/api/v1/overweight/shipment/${s._id}/pay`, user)).statusCode).toBe(409);
    await credit(t, admin, user.id, 100);
    const paid = await call(t, 'POST', `/api/v1/overweight/shipment/${s._id}/pay`, user);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<ShipmentOverweight>().record).toMatchObject({ status: 'paid', can_pay: false, paid_via: 'wallet' });
    expect(paid.json<ShipmentOverweight>().record!.events.map((e) => e.kind)).toEqual(['recorded', 'pending', 'charged']);
    expect(await balance(t, user, user.id)).toBe(24.6);
    // A second click answers the paid state and charges nothing.
    const twice = await call(t, 'POST', `/api/v1/overweight/shipment/${s._id}/pay`, user);
    expect(twice.statusCode, twice.body).toBe(200);
    expect(await balance(t, user, user.id)).toBe(24.6);
    expect((await call(t, 'POST', `/api/v1/overweight/shipment/${s._id}/pay`, beto)).statusCode).toBe(403);
  });

  it('a cost of 0 removes a pending overweight', async () => {
    const s = await paidShipment(t, admin, ana);
    await put(s, admin, { overweight: 1, cost_overweight: 40 });
    const res = await put(s, admin, { overweight: 0, cost_overweight: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Shipment>()).toMatchObject({ overweight: null, cost_overweight: null });
    expect((await detail(s, ana)).status).toBe('cancelled');
  });
});

describe('GET /api/v1/overweight/shipment/{id}/suggestion', () => {
  it('prices the measured kilos with the service tariff (admin only)', async () => {
    const s = await paidShipment(t, admin, ana);
    const res = await call(t, 'GET', `/api/v1/overweight/shipment/${s._id}/suggestion?weight=12&height=30&width=30&depth=30`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const sug = res.json<OverweightSuggestion>();
    expect(sug).toMatchObject({ declared: { weight: 3, billable_weight: 3 }, measured_billable_weight: 12, overweight: 9 });
    expect(sug.rule).toMatchObject({ declared_kg: 3, measured_kg: 12 });
    expect(sug.suggested_cost).toBeGreaterThan(0);
    expect(sug.suggested_cost).toBe(Math.round((sug.rule!.measured_cost - sug.rule!.declared_cost) * 100) / 100);
    expect((await call(t, 'GET', `/api/v1/overweight/shipment/${s._id}/suggestion?weight=12`, ana)).statusCode).toBe(403);
    expectField(await call(t, 'GET', `/api/v1/overweight/shipment/${s._id}/suggestion?weight=mucho`, admin), 400, 'weight');
  });
});

describe('disputes', () => {
  it('the owner contests a pending overweight once, with a message and a photo; it is not charged until resolved', async () => {
    const user = await createSignedInUser(t.app, admin);
    const s = await paidShipment(t, admin, user);
    await put(s, admin, { overweight: 2, cost_overweight: 60 });
    const url = `/api/v1/overweight/shipment/${s._id}/dispute`;
    expect((await upload(t, url, beto, multipart({ message: 'No es mío, pero no estoy de acuerdo.' }))).statusCode).toBe(403);
    expectField(await upload(t, url, user, multipart({ message: 'No' })), 400, 'message');
    expectField(
      await upload(
        t,
        url,
        user,
        multipart({ message: 'La caja pesaba 3 kg exactos.' }, [{ filename: 'nota.txt', type: 'image/png', data: Buffer.from('hola') }]),
      ),
      400,
      'files.0',
    );

    const res = await upload(
      t,
      url,
      user,
      multipart({ message: 'La caja pesaba 3 kg exactos en mi báscula.' }, [{ filename: 'bascula.png', type: 'image/png', data: PNG }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const rec = res.json<ShipmentOverweight>().record!;
    expect(rec).toMatchObject({ status: 'disputed', can_dispute: false, can_pay: false });
    expect(rec.dispute).toMatchObject({ status: 'open', message: 'La caja pesaba 3 kg exactos en mi báscula.' });
    expect(rec.dispute.attachments).toEqual([expect.objectContaining({ file_name: 'bascula.png', content_type: 'image/png' })]);

    // Held: not added to the next purchase, not payable from the wallet.
    await credit(t, admin, user.id, 100);
    const quote = await quoteFor(t, baseBody(), user);
    expect(quote.options.every((o) => o.overweight_amount === 0)).toBe(true);
    expect((await call(t, 'POST', `/api/v1/prepaid/payOverWeight/${s._id}`, user)).statusCode).toBe(409);
    expect((await call(t, 'POST', `/api/v1/overweight/shipment/${s._id}/pay`, user)).statusCode).toBe(409);
    // Only once; and the admin may not change it meanwhile.
    expect((await upload(t, url, user, multipart({ message: 'Otra vez: no estoy de acuerdo.' }))).statusCode).toBe(409);
    expect((await put(s, admin, { overweight: 1, cost_overweight: 30 })).json<ApiError>().code).toBe('overweight.dispute_open');

    // The attachment is the owner's and the admins' to see.
    const file = rec.dispute.attachments[0]!;
    const got = await call(t, 'GET', file.url, user);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    expect((await call(t, 'GET', file.url, admin)).statusCode).toBe(200);
    expect((await call(t, 'GET', file.url, beto)).statusCode).toBe(403);

    // Rejected with a reason: it stands and the wallet (now funded) pays it.
    const resolveUrl = `/api/v1/overweight/shipment/${s._id}/dispute/resolve`;
    expect((await call(t, 'POST', resolveUrl, user, { decision: 'reject', reason: 'La báscula certificada marcó 5 kg.' })).statusCode).toBe(403);
    expectField(await call(t, 'POST', resolveUrl, admin, { decision: 'reject', reason: 'No.' }), 400, 'reason');
    expectField(await call(t, 'POST', resolveUrl, admin, { decision: 'quizá' }), 400, 'decision');
    const rejected = await call(t, 'POST', resolveUrl, admin, { decision: 'reject', reason: 'La báscula certificada de la paquetería marcó 5 kg.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<ShipmentOverweight>().record).toMatchObject({
      status: 'paid',
      dispute: { status: 'rejected', resolution_reason: 'La báscula certificada de la paquetería marcó 5 kg.' },
    });
    expect(await balance(t, user, user.id)).toBe(40);
    const subjects = await outboxSubjects(user.email);
    expect(subjects).toContain(`Recibimos tu aclaración del sobrepeso de tu envío ${s.numberOfOrder}`);
    expect(subjects).toContain(`Revisamos tu aclaración del sobrepeso de tu envío ${s.numberOfOrder}`);
  });

  it('a dispute accepted after payment refunds exactly once, even when accepted twice at once', async () => {
    const user = await createSignedInUser(t.app, admin);
    const s = await paidShipment(t, admin, user);
    await credit(t, admin, user.id, 200);
    await put(s, admin, { overweight: 2, cost_overweight: 150 });
    expect(await balance(t, user, user.id)).toBe(50);
    const opened = await upload(t, `/api/v1/overweight/shipment/${s._id}/dispute`, user, multipart({ message: 'Pagué, pero el paquete pesaba lo declarado.' }));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<ShipmentOverweight>().record?.status).toBe('disputed');

    const resolveUrl = `/api/v1/overweight/shipment/${s._id}/dispute/resolve`;
    const [a, b] = await Promise.all([call(t, 'POST', resolveUrl, admin, { decision: 'accept' }), call(t, 'POST', resolveUrl, admin, { decision: 'accept' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await balance(t, user, user.id)).toBe(200);
    const rec = await detail(s, user);
    expect(rec).toMatchObject({ status: 'cancelled', dispute: { status: 'accepted', refund: 150 } });
    expect(rec.events.map((e) => e.kind)).toEqual(['recorded', 'charged', 'disputed', 'accepted', 'refunded']);
    const shipment = (await call(t, 'GET', `/api/v1/shipments/${s._id}`, user)).json<Shipment>();
    expect(shipment).toMatchObject({ overweight: null, cost_overweight: null, overweight_paid: false });
    expect((await put(s, admin, { overweight: 2, cost_overweight: 150 })).json<ApiError>().code).toBe('overweight.cancelled');
    expect(await outboxSubjects(user.email)).toContain(`Aceptamos tu aclaración: cancelamos el sobrepeso de tu envío ${s.numberOfOrder}`);
  });
});

describe('evidence', () => {
  it('an admin attaches the carrier’s PDF; the owner sees it; others may not', async () => {
    const s = await paidShipment(t, admin, ana);
    const url = `/api/v1/overweight/shipment/${s._id}/evidence`;
    expect((await upload(t, url, admin, multipart({}, [{ filename: 'x.pdf', type: 'application/pdf', data: PDF }]))).statusCode).toBe(404);
    await put(s, admin, { overweight: 1, cost_overweight: 30 });
    expect((await upload(t, url, ana, multipart({}, [{ filename: 'x.pdf', type: 'application/pdf', data: PDF }]))).statusCode).toBe(403);
    expectField(
      await upload(t, url, admin, multipart({}, [{ filename: 'big.pdf', type: 'application/pdf', data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) }])),
      400,
      'files.0',
    );
    const res = await upload(t, url, admin, multipart({}, [{ filename: 'reporte DHL.pdf', type: 'application/pdf', data: PDF }]));
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json<ShipmentOverweight>().record!.evidence[0]!;
    expect(file).toMatchObject({ file_name: 'reporte DHL.pdf', content_type: 'application/pdf', kind: 'evidence' });
    expect((await call(t, 'GET', file.url, ana)).headers['content-type']).toBe('application/pdf');
    expect((await call(t, 'GET', file.url, beto)).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/v1/overweight/files/${file._id}`, ana)).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/v1/overweight/files/${file._id}`, admin)).statusCode).toBe(204);
  });
});

describe('lists and exports', () => {
  it('GET /api/v1/overweight/user/{userId}: own only, an admin any; filters; unknown status is 400', async () => {
    expect((await call(t, 'GET', `/api/v1/overweight/user/${ana.id}`, ana)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/v1/overweight/user/${ana.id}`, admin)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/v1/overweight/user/${ana.id}`, beto)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/v1/overweight/user/${ana.id}`)).statusCode).toBe(401);
    expectField(await call(t, 'GET', `/api/v1/overweight/user/${ana.id}?status=perdido`, ana), 400, 'status');
    const cancelled = (await call(t, 'GET', `/api/v1/overweight/user/${ana.id}?status=cancelled`, ana)).json<OverweightPage>();
    expect(cancelled.docs.every((d) => d.status === 'cancelled')).toBe(true);
    expect(cancelled.docs.length).toBeGreaterThan(0);
  });

  it('GET /api/v1/overweight/all: admin only; the period is checked, and may end after today', async () => {
    const page = await call(t, 'GET', '/api/v1/overweight/all', admin);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<OverweightPage>().count).toBeGreaterThan(2);
    expect((await call(t, 'GET', '/api/v1/overweight/all', ana)).statusCode).toBe(403);
    expectField(await call(t, 'GET', '/api/v1/overweight/all?date_ini=2026-03-10&date_fin=2026-03-01', admin), 400, 'date_fin');
    expectField(await call(t, 'GET', '/api/v1/overweight/all?date_ini=2999-01-01', admin), 400, 'date_ini');
    // An end after today (a client ahead of Mexico City's calendar) means until now.
    const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(d);
    const untilTomorrow = await call(t, 'GET', `/api/v1/overweight/all?date_ini=2020-01-01&date_fin=${day(new Date(Date.now() + 86_400_000))}`, admin);
    expect(untilTomorrow.statusCode, untilTomorrow.body).toBe(200);
    expect(untilTomorrow.json<OverweightPage>().count).toBe(page.json<OverweightPage>().count);
    expectField(await call(t, 'GET', '/api/v1/overweight/all?date_ini=2026-02-30', admin), 400, 'date_ini');
    const byEmail = (await call(t, 'GET', `/api/v1/overweight/all?filter=${encodeURIComponent(ana.email)}`, admin)).json<OverweightPage>();
    expect(byEmail.docs.every((d) => d.customer_email === ana.email)).toBe(true);
  });

  it('the user export has the spec’s fields, read back with exceljs; the admin export is overweight.csv', async () => {
    const res = await call(t, 'GET', `/api/v1/overweight/user/${ana.id}/export?format=xlsx`, ana);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="overweight.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'fecha', 'servicio', 'sobrepeso', 'costo_sobrepeso', 'estatus_sobrepeso', 'guia', 'total']);
    expect(sheet.rowCount).toBe(1 + Number(res.headers['x-export-rows']));
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    expect(typeof sheet.getRow(2).getCell(4).value).toBe('number');
    expect((await call(t, 'GET', `/api/v1/overweight/user/${ana.id}/export`, beto)).statusCode).toBe(403);

    const csv = await call(t, 'GET', '/api/v1/overweight/all/export?format=csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="overweight.csv"');
    expect(csv.body.split('\r\n')[0]).toBe('\ufefffecha_guia,usuario,correo,servicio,sobrepeso,costo_sobrepeso,estatus_sobrepeso,guia,total');
    expect((await call(t, 'GET', '/api/v1/overweight/all/export', ana)).statusCode).toBe(403);
    expectField(await call(t, 'GET', '/api/v1/overweight/all/export?format=pdf', admin), 400, 'format');
  });
});
