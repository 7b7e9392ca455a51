import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@envios/contracts/errors';
import type { BillablePaymentList, Invoice, InvoiceLinks, TaxDataCheck } from '@envios/contracts/invoices';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { jobsQueries } from '../jobs/jobs.usecases.js';
import { createSandboxStamping } from './adapters/sandbox-stamping.js';
import type { StampingService } from './adapters/stamping-service.js';
import { call, COMPANY_TAX, invoiceOfPayment, invoicesOf, newShipments, payWithPaypal, PERSON_TAX, setTaxData, topUpAtOxxo } from './invoices.testing.js';

/**
 * Invoices with the offline sandbox (no FACTURAPI_KEY), through the API: tax data that will stamp,
 * what is invoiced and how, on request or automatically, downloads, authorization, the month's
 * global invoice and cancellation. The sandbox service is wrapped to count its stamping calls.
 */

let t: TestApp;
let admin: SignedIn;
let stamps = 0;
let service: StampingService;

function counting(service: StampingService): StampingService {
  return {
    ...service,
    mode: service.mode,
    createInvoice: async (request) => {
      stamps += 1;
      return service.createInvoice(request);
    },
  };
}

beforeAll(async () => {
  service = counting(createSandboxStamping());
  t = await createTestApp({
    env: { ...adminEnv, COMPANY_RFC: 'EMX200101Z75', COMPANY_LEGAL_NAME: 'Envíos MX, S.A. de C.V.', COMPANY_TAX_SYSTEM: '601', COMPANY_TAX_ZIP: '06600' },
    deps: { stampingService: service },
  });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

function expectField(res: { statusCode: number; body: string; json: <T>() => T }, status: number, path: string, message?: RegExp): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<ApiError>();
  expect(
    body.errors?.map((e) => e.path),
    res.body,
  ).toContain(path);
  if (message) expect(body.errors?.find((e) => e.path === path)?.message).toMatch(message);
}

describe('tax data that will stamp', () => {
  it('refuses an RFC whose check digit, date or shape is wrong, naming the field', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const put = (tax: object) => call(t, ana, 'PUT', `/api/v1/users/${ana.id}`, { taxInformation: { ...COMPANY_TAX, ...tax } });
    expectField(await put({ rfc: 'EKU9003173C8' }), 400, 'taxInformation.rfc', /dígito verificador/);
    expectField(await put({ rfc: 'EKU9013173C9' }), 400, 'taxInformation.rfc', /fecha/);
    expectField(await put({ rfc: 'EKU90031' }), 400, 'taxInformation.rfc', /12 caracteres si es de una empresa/);
    expectField(await put({ rfc: 'XAXX010101000' }), 400, 'taxInformation.rfc', /público en general/);
  });

  it('refuses a régimen of the other kind of taxpayer and a use the régimen does not allow', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const put = (tax: object) => call(t, ana, 'PUT', `/api/v1/users/${ana.id}`, { taxInformation: { ...COMPANY_TAX, ...tax } });
    // A company (12 characters) cannot be «612 Personas Físicas…»; a person cannot be «601 General de Ley Personas Morales».
    expectField(await put({ tax_system: '612' }), 400, 'taxInformation.tax_system', /es de personas físicas/);
    expectField(await put({ ...PERSON_TAX, tax_system: '601' }), 400, 'taxInformation.tax_system', /es de empresas/);
    // G03 is not for a salaried person (605).
    expectField(await put({ ...PERSON_TAX, tax_system: '605', cfdi_use: 'G03' }), 400, 'taxInformation.cfdi_use', /no permite el uso G03/);
    expect((await put({ ...PERSON_TAX, tax_system: '605', cfdi_use: 'D01' })).statusCode).toBe(200);
  });

  it('refuses the capital regime in the name and a postal code missing from the catalogue', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const put = (tax: object) => call(t, ana, 'PUT', `/api/v1/users/${ana.id}`, { taxInformation: { ...COMPANY_TAX, ...tax } });
    expectField(await put({ name: 'Escuela Kemper Urgate, S.A. de C.V.' }), 400, 'taxInformation.name', /sin el régimen capital \(«S\.A\. DE C\.V\.»\)/);
    expectField(await put({ postal_code: '99999' }), 400, 'taxInformation.postal_code', /no está en nuestro catálogo/);
    const ok = await put({ name: 'escuela  kemper urgate', cfdi_use: undefined });
    expect(ok.statusCode, ok.body).toBe(200);
    // Stored as the SAT writes it, with G03 when no use is chosen.
    expect(ok.json()).toMatchObject({ taxInformation: { name: 'ESCUELA KEMPER URGATE', cfdi_use: 'G03', tax_system: '601' } });
  });

  it('«Validar datos» checks the stored data with the stamping service before any invoice', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const none = await call(t, ana, 'POST', '/api/v1/invoices/tax-data-check');
    expect(none.statusCode).toBe(409);
    expect(none.json<ApiError>().code).toBe('invoices.tax_data_incomplete');
    await setTaxData(t, ana, COMPANY_TAX);
    const ok = await call(t, ana, 'POST', '/api/v1/invoices/tax-data-check');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TaxDataCheck>()).toMatchObject({ ok: true, sandbox: true });
    expect((await call(t, null, 'POST', '/api/v1/invoices/tax-data-check')).statusCode).toBe(401);
  });
});

describe('what is invoiced', () => {
  it('a top-up paid at OXXO is invoiced once, with forma de pago 01, even when the confirmation arrives twice and two processes run the job', async () => {
    const ana = await createSignedInUser(t.app, admin);
    await setTaxData(t, ana, COMPANY_TAX, true);
    const before = stamps;
    const paymentId = await topUpAtOxxo(t, ana, admin, 580, { confirmTwice: true });
    // The job is enqueued once (keyed on the payment), however many confirmations arrived.
    expect((await jobsQueries.list(t.database.db, { type: 'invoices.payment' })).filter((j) => j.key === `invoices.payment:${paymentId}`)).toHaveLength(1);
    // A second process on the same database runs its own worker at the same time.
    const second = await buildApp({ config: t.config, database: t.database, stampingService: service });
    await second.ready();
    try {
      await Promise.all([t.app.jobs.drain(), second.jobs.drain(), call(t, ana, 'POST', '/api/v1/invoices', { payment_id: paymentId })]);
    } finally {
      await second.close();
    }
    const invoices = await invoiceOfPayment(t, ana, paymentId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      status: 'valid',
      sandbox: true,
      payment_form: '01',
      payment_form_label: '01 Efectivo',
      use: 'G03',
      total: 580,
      receptor: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', tax_system: '601', zip: '06600' },
      items: [
        {
          quantity: 1,
          amount: 580,
          product_key: '78102200',
          unit_key: 'E48',
          description: expect.stringMatching(/^Saldo prepagado para servicios de paquetería \(abono MON-\d+ al monedero\)$/),
        },
      ],
    });
    expect(invoices[0]!.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(invoices[0]!.subtotal + invoices[0]!.iva).toBeCloseTo(580, 2);
    expect(stamps - before).toBe(1);
    // Asking again answers that it has its invoice.
    const again = await call(t, ana, 'POST', '/api/v1/invoices', { payment_id: paymentId });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().code).toBe('invoices.already_invoiced');
  });

  it('a PayPal purchase of three shipments gives one invoice with three concepts (carrier, service, folio), forma de pago 31', async () => {
    const beto = await createSignedInUser(t.app, admin, { firstName: 'Beto' });
    await setTaxData(t, beto, PERSON_TAX, true);
    const ids = await newShipments(t, beto, 3);
    const paymentId = await payWithPaypal(t, beto, ids);
    await t.app.jobs.drain();
    const [invoice, ...more] = await invoiceOfPayment(t, beto, paymentId);
    expect(more).toHaveLength(0);
    expect(invoice).toMatchObject({ status: 'valid', payment_form: '31', use: 'G03', receptor: { rfc: 'GODE561231GR8', tax_system: '626' } });
    expect(invoice!.items).toHaveLength(3);
    for (const item of invoice!.items) expect(item.description).toMatch(/^Servicio de paquetería \S.+, envío \d+/);
    expect(invoice!.total).toBeCloseTo(
      invoice!.items.reduce((s, i) => s + i.amount, 0),
      2,
    );
  });

  it('a wallet purchase is not invoiced (the top-up was), not even on request', async () => {
    const caro = await createSignedInUser(t.app, admin, { firstName: 'Caro' });
    await setTaxData(t, caro, COMPANY_TAX, true);
    const [id] = await newShipments(t, caro, 1);
    const credited = await call(t, admin, 'POST', '/api/v1/prepaid/createPrepaid', { userId: caro.id, cantidadAbonar: 2000 });
    expect(credited.statusCode).toBe(200);
    const paid = await call(t, caro, 'POST', '/api/v1/payments/many/monedero', { email: caro.email, shipments: [id] });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.app.jobs.drain();
    expect(await invoicesOf(t, caro)).toEqual([]);
    const [payment] = await t.database.query<{ id: string }>(`select id from payments where user_id = $1 and method = 'monedero'`, [caro.id]);
    expect(await jobsQueries.findByKey(t.database.db, `invoices.payment:${payment!.id}`)).toBeUndefined();
    const asked = await call(t, caro, 'POST', '/api/v1/invoices', { payment_id: payment!.id });
    expect(asked.statusCode).toBe(409);
    expect(asked.json<ApiError>().code).toBe('invoices.wallet_payment');
  });
});

describe('automatic or on request', () => {
  it('with automatic invoicing off, the payment waits in Facturación and the seller asks for it', async () => {
    const dani = await createSignedInUser(t.app, admin, { firstName: 'Dani' });
    await setTaxData(t, dani, COMPANY_TAX, false);
    const paymentId = await topUpAtOxxo(t, dani, admin, 300);
    await t.app.jobs.drain();
    expect(await invoicesOf(t, dani)).toEqual([]);
    const list = (await call(t, dani, 'GET', '/api/v1/invoices/payments')).json<BillablePaymentList>();
    expect(list.docs).toEqual([
      expect.objectContaining({ payment_id: paymentId, state: 'awaiting', can_request: true, amount: 300, method: 'oxxo', purpose: 'topup' }),
    ]);
    const made = await call(t, dani, 'POST', '/api/v1/invoices', { payment_id: paymentId });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<Invoice>()).toMatchObject({ status: 'valid', payment_id: paymentId, payment_form: '01' });
    const links = (await call(t, dani, 'GET', `/api/v1/invoices/links?payments=${paymentId}`)).json<InvoiceLinks>();
    expect(links.links).toEqual([expect.objectContaining({ payment_id: paymentId, state: 'invoiced', invoice_id: made.json<Invoice>()._id })]);
  });

  it('refuses bad input, another account’s payment and a payment without tax data', async () => {
    const eva = await createSignedInUser(t.app, admin, { firstName: 'Eva' });
    const paymentId = await topUpAtOxxo(t, eva, admin, 120);
    await t.app.jobs.drain();
    expectField(await call(t, eva, 'POST', '/api/v1/invoices', { payment_id: 'x' }), 400, 'payment_id');
    const noTax = await call(t, eva, 'POST', '/api/v1/invoices', { payment_id: paymentId });
    expect(noTax.statusCode).toBe(409);
    expect(noTax.json<ApiError>()).toMatchObject({ code: 'invoices.tax_data_incomplete', message: expect.stringContaining('Completa tus datos fiscales') });
    const other = await createSignedInUser(t.app, admin);
    await setTaxData(t, other, PERSON_TAX);
    expect((await call(t, other, 'POST', '/api/v1/invoices', { payment_id: paymentId })).statusCode).toBe(404);
    expect((await call(t, other, 'GET', `/api/v1/invoices/payments?user=${eva.id}`)).statusCode).toBe(403);
    expect((await call(t, other, 'GET', `/api/v1/invoices?user=${eva.id}`)).statusCode).toBe(403);
  });
});

describe('downloads and e-mail', () => {
  it('the owner downloads the PDF and XML (sin validez fiscal); nobody else does; the e-mail’s signed link works', async () => {
    const fer = await createSignedInUser(t.app, admin, { firstName: 'Fer' });
    await setTaxData(t, fer, COMPANY_TAX, true);
    const paymentId = await topUpAtOxxo(t, fer, admin, 450);
    await t.app.jobs.drain();
    const [invoice] = await invoiceOfPayment(t, fer, paymentId);
    const pdf = await call(t, fer, 'GET', `/api/v1/invoices/${invoice!._id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const xml = await call(t, fer, 'GET', `/api/v1/invoices/${invoice!._id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('SIN VALIDEZ FISCAL');
    expect(xml.body).toContain('Rfc="EKU9003173C9"');
    expect(xml.body).toContain('FormaPago="01"');
    expect(xml.body).not.toContain('TimbreFiscalDigital');
    // Another account: not found; no session: 401; an admin may.
    const other = await createSignedInUser(t.app, admin);
    expect((await call(t, other, 'GET', `/api/v1/invoices/${invoice!._id}/pdf`)).statusCode).toBe(404);
    expect((await call(t, other, 'GET', `/api/v1/invoices/${invoice!._id}`)).statusCode).toBe(404);
    expect((await call(t, null, 'GET', `/api/v1/invoices/${invoice!._id}/xml`)).statusCode).toBe(401);
    expect((await call(t, null, 'GET', `/api/v1/invoices/${invoice!._id}/xml?token=1.abc`)).statusCode).toBe(403);
    expect((await call(t, admin, 'GET', `/api/v1/invoices/${invoice!._id}/pdf`)).statusCode).toBe(200);
    expectField(await call(t, fer, 'GET', `/api/v1/invoices/${invoice!._id}/docx`), 400, 'format');

    const sent = await call(t, fer, 'POST', `/api/v1/invoices/${invoice!._id}/email`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: expect.stringContaining('facturas@kemper.test') });
    expect((await call(t, other, 'POST', `/api/v1/invoices/${invoice!._id}/email`, {})).statusCode).toBe(404);
    expectField(await call(t, fer, 'POST', `/api/v1/invoices/${invoice!._id}/email`, { email: 'no-es-correo' }), 400, 'email');
    await t.app.jobs.drain();
    const [mail] = await t.database.query<{ html: string }>(
      `select html from outbox where recipient = 'facturas@kemper.test' order by created_at desc limit 1`,
      [],
    );
    const link = /href="(http[^"]+\/xml\?token=[^"]+)"/.exec(mail!.html)![1]!.replace(/&amp;/g, '&');
    const byLink = await call(t, null, 'GET', new URL(link).pathname + new URL(link).search);
    expect(byLink.statusCode).toBe(200);
    expect(byLink.body).toContain('SIN VALIDEZ FISCAL');
    // The link opens that invoice's XML only.
    expect((await call(t, null, 'GET', `/api/v1/invoices/${invoice!._id}/pdf${new URL(link).search}`)).statusCode).toBe(403);
    // E-mail to any address: 20 an hour per account, then 429.
    for (let i = 1; i < 20; i++) expect((await call(t, fer, 'POST', `/api/v1/invoices/${invoice!._id}/email`, {})).statusCode).toBe(200);
    expect((await call(t, fer, 'POST', `/api/v1/invoices/${invoice!._id}/email`, {})).statusCode).toBe(429);
  });
});

describe('cancellation (admin)', () => {
  it('motive 02 cancels; the payment can then be invoiced again; bad motives and non-admins are refused', async () => {
    const iris = await createSignedInUser(t.app, admin, { firstName: 'Iris' });
    await setTaxData(t, iris, COMPANY_TAX, true);
    const paymentId = await topUpAtOxxo(t, iris, admin, 700);
    await t.app.jobs.drain();
    const [invoice] = await invoiceOfPayment(t, iris, paymentId);
    expect((await call(t, iris, 'POST', `/api/v1/invoices/${invoice!._id}/cancel`, { motive: '02' })).statusCode).toBe(403);
    expectField(await call(t, admin, 'POST', `/api/v1/invoices/${invoice!._id}/cancel`, { motive: '05' }), 400, 'motive');
    const cancelled = await call(t, admin, 'POST', `/api/v1/invoices/${invoice!._id}/cancel`, { motive: '02' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Invoice>()).toMatchObject({ status: 'cancelled', cancellation: { motive: '02', status: 'accepted' } });
    const twice = await call(t, admin, 'POST', `/api/v1/invoices/${invoice!._id}/cancel`, { motive: '02' });
    expect(twice.statusCode).toBe(409);
    const list = (await call(t, iris, 'GET', '/api/v1/invoices/payments')).json<BillablePaymentList>();
    expect(list.docs.find((p) => p.payment_id === paymentId)).toMatchObject({ state: 'awaiting', can_request: true });
    const again = await call(t, iris, 'POST', '/api/v1/invoices', { payment_id: paymentId });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<Invoice>().uuid).not.toBe(invoice!.uuid);
    expect((await invoiceOfPayment(t, iris, paymentId)).map((i) => i.status).sort()).toEqual(['cancelled', 'valid']);
  });

  it('motive 01 issues the replacement first, with the data as they are now, and cancels with it', async () => {
    const juan = await createSignedInUser(t.app, admin, { firstName: 'Juan' });
    await setTaxData(t, juan, COMPANY_TAX, true);
    const paymentId = await topUpAtOxxo(t, juan, admin, 310);
    await t.app.jobs.drain();
    const [invoice] = await invoiceOfPayment(t, juan, paymentId);
    // The seller notices the wrong use and fixes it; the admin replaces the invoice.
    await setTaxData(t, juan, { ...COMPANY_TAX, cfdi_use: 'G01' });
    const cancelled = await call(t, admin, 'POST', `/api/v1/invoices/${invoice!._id}/cancel`, { motive: '01' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const replacement = (await invoiceOfPayment(t, juan, paymentId)).find((i) => i.status === 'valid')!;
    expect(replacement).toMatchObject({ use: 'G01', replaces: invoice!._id });
    expect(cancelled.json<Invoice>()).toMatchObject({ status: 'cancelled', cancellation: { motive: '01', substitution: replacement.uuid } });
    const xml = await call(t, juan, 'GET', `/api/v1/invoices/${replacement._id}/xml`);
    expect(xml.body).toContain(`<cfdi:CfdiRelacionados TipoRelacion="04">`);
    expect(xml.body).toContain(`UUID="${invoice!.uuid}"`);
    const links = (await call(t, juan, 'GET', `/api/v1/invoices/links?payments=${paymentId}`)).json<InvoiceLinks>();
    expect(links.links[0]).toMatchObject({ state: 'invoiced', invoice_id: replacement._id });
  });

  it('motive 03: the operation did not happen, the payment is never invoiced again', async () => {
    const kim = await createSignedInUser(t.app, admin, { firstName: 'Kim' });
    await setTaxData(t, kim, COMPANY_TAX, true);
    const paymentId = await topUpAtOxxo(t, kim, admin, 90);
    await t.app.jobs.drain();
    const [invoice] = await invoiceOfPayment(t, kim, paymentId);
    expect((await call(t, admin, 'POST', `/api/v1/invoices/${invoice!._id}/cancel`, { motive: '03' })).statusCode).toBe(200);
    const asked = await call(t, kim, 'POST', '/api/v1/invoices', { payment_id: paymentId });
    expect(asked.statusCode).toBe(409);
    expect(asked.json<ApiError>().code).toBe('invoices.excluded');
  });
});
