import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '@envios/contracts/errors';
import type { BillablePaymentList, Invoice, InvoicingInfo, TaxDataCheck } from '@envios/contracts/invoices';
import { manualClock } from '../../shared/clock.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createFacturapiClient } from './adapters/facturapi-client.js';
import { FACTURAPI_FAKE_KEY, startFacturapiFake, type FacturapiFake } from './adapters/fakes/facturapi.fake.js';
import { createRateLimiter, rateLimited } from './adapters/stamping-service.js';
import { call, COMPANY_TAX, invoiceOfPayment, newShipments, payWithPaypal, setTaxData, topUpAtOxxo } from './invoices.testing.js';
import { stampingServiceFromConfig } from './invoices.usecases.js';

/**
 * Invoices with Facturapi's official client (the real HTTP client) against the local fake that
 * follows its documented API: the SAT's refusals reach the seller as is and are retried after the
 * fix, nothing is stamped twice (a confirmation twice, two workers, a lost answer), files and
 * e-mail come from the service, a cancellation waits for the receptor, and the calls keep to the
 * rate limit.
 */

const RATE = 5;
/** Our time limit per call: generous, so a busy machine never turns a refusal into «no respondió»; the late answer below outlasts it. */
const TIMEOUT_MS = 3_000;
let fake: FacturapiFake;
let t: TestApp;
let admin: SignedIn;
const clock = manualClock(new Date());

beforeAll(async () => {
  fake = await startFacturapiFake({ ratePerSecond: RATE });
  const service = rateLimited(createFacturapiClient({ apiKey: FACTURAPI_FAKE_KEY, baseUrl: fake.baseUrl, timeoutMs: TIMEOUT_MS }), createRateLimiter(RATE));
  t = await createTestApp({ env: { ...adminEnv, COMPANY_TAX_ZIP: '06600' }, deps: { stampingService: service, clock } });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.mode = { kind: 'ok' };
  fake.taxpayers.clear();
});

const KEMPER = { legal_name: 'ESCUELA KEMPER URGATE', zip: '06600', tax_systems: ['601'] };

describe('Facturapi’s client against the fake', () => {
  it('is the service when FACTURAPI_KEY is set (the offline sandbox without it)', async () => {
    expect(stampingServiceFromConfig({ FACTURAPI_KEY: FACTURAPI_FAKE_KEY, FACTURAPI_API_URL: fake.baseUrl, FACTURAPI_REQUESTS_PER_SECOND: 5 }).mode).toBe(
      'live',
    );
    expect(stampingServiceFromConfig({ FACTURAPI_KEY: undefined, FACTURAPI_API_URL: undefined, FACTURAPI_REQUESTS_PER_SECOND: 5 }).mode).toBe('sandbox');
    const info = (await call(t, admin, 'GET', '/api/v1/invoices/info')).json<InvoicingInfo>();
    expect(info).toMatchObject({ sandbox: false, issuer_configured: false, issuer: { zip: '06600', rfc: null } });
  });

  it('«Validar datos» shows the SAT’s refusal (name does not match the RFC) as is, on the name, before any invoice', async () => {
    fake.taxpayers.set('EKU9003173C9', KEMPER);
    const ana = await createSignedInUser(t.app, admin);
    await setTaxData(t, ana, { ...COMPANY_TAX, name: 'ESCUELA KEMPER' });
    const refused = await call(t, ana, 'POST', '/api/v1/invoices/tax-data-check');
    expect(refused.statusCode, refused.body).toBe(422);
    const message =
      'El nombre o razón social no corresponde al RFC en los registros del SAT. Verifica que coincida exactamente con la Constancia de Situación Fiscal.';
    expect(refused.json<ApiError>()).toMatchObject({ code: 'invoices.refused', message, errors: [{ path: 'taxInformation.name', message }] });
    await setTaxData(t, ana, COMPANY_TAX);
    const ok = await call(t, ana, 'POST', '/api/v1/invoices/tax-data-check');
    expect(ok.json<TaxDataCheck>()).toMatchObject({ ok: true, sandbox: false });
    // The second check updates the same customer.
    expect(await call(t, ana, 'POST', '/api/v1/invoices/tax-data-check').then((r) => r.statusCode)).toBe(200);
    expect([...fake.customers.values()].filter((c) => c.tax_id === 'EKU9003173C9')).toHaveLength(1);
  });

  it('a refusal at stamping (the name does not match the RFC) is shown to the seller; after the fix, «Reintentar» stamps it once', async () => {
    fake.taxpayers.set('EKU9003173C9', KEMPER);
    const beto = await createSignedInUser(t.app, admin, { firstName: 'Beto' });
    await setTaxData(t, beto, { ...COMPANY_TAX, name: 'ESCUELA KEMPER' }, true);
    const paymentId = await topUpAtOxxo(t, beto, admin, 640);
    await t.app.jobs.drain();
    const [failed] = await invoiceOfPayment(t, beto, paymentId);
    expect(failed).toMatchObject({
      status: 'failed',
      failure: { message: expect.stringContaining('El nombre o razón social no corresponde al RFC en los registros del SAT'), path: 'customer.legal_name' },
    });
    const list = (await call(t, beto, 'GET', '/api/v1/invoices/payments')).json<BillablePaymentList>();
    expect(list.docs[0]).toMatchObject({ payment_id: paymentId, state: 'failed', can_request: true });

    expect((await call(t, beto, 'POST', `/api/v1/invoices/${failed!._id}/retry`)).statusCode).toBe(403);
    // Retried before the fix: the same refusal, on the seller's field.
    const early = await call(t, admin, 'POST', `/api/v1/invoices/${failed!._id}/retry`);
    expect(early.statusCode).toBe(422);
    expect(early.json<ApiError>().errors).toEqual([expect.objectContaining({ path: 'taxInformation.name' })]);

    await setTaxData(t, beto, COMPANY_TAX);
    const retried = await call(t, admin, 'POST', `/api/v1/invoices/${failed!._id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Invoice>()).toMatchObject({
      _id: failed!._id,
      status: 'valid',
      sandbox: true,
      receptor: { name: 'ESCUELA KEMPER URGATE' },
      failure: null,
    });
    const stamped = [...fake.invoices.values()].filter((i) => i.external_id === paymentId);
    expect(stamped).toHaveLength(1);
    expect(stamped[0]).toMatchObject({
      payment_form: '01',
      use: 'G03',
      customer: { tax_id: 'EKU9003173C9', legal_name: 'ESCUELA KEMPER URGATE', tax_system: '601', address: { zip: '06600' } },
      series: 'ENV',
    });
    expect((await call(t, admin, 'POST', `/api/v1/invoices/${failed!._id}/retry`)).statusCode).toBe(409);
  });

  it('a seller who asks for the invoice sees the refusal on the field it names (a postal code the SAT has otherwise)', async () => {
    fake.taxpayers.set('EKU9003173C9', KEMPER);
    const gil = await createSignedInUser(t.app, admin, { firstName: 'Gil' });
    await setTaxData(t, gil, { ...COMPANY_TAX, postal_code: '44100', state_city: 'Jalisco, Guadalajara' }, false);
    const paymentId = await topUpAtOxxo(t, gil, admin, 120);
    await t.app.jobs.drain();
    const refused = await call(t, gil, 'POST', '/api/v1/invoices', { payment_id: paymentId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ApiError>()).toMatchObject({
      code: 'invoices.refused',
      message: expect.stringContaining('El código postal fiscal no corresponde al RFC'),
      errors: [{ path: 'taxInformation.postal_code' }],
    });
    await setTaxData(t, gil, COMPANY_TAX);
    const made = await call(t, gil, 'POST', '/api/v1/invoices', { payment_id: paymentId });
    expect(made.statusCode, made.body).toBe(201);
    expect([...fake.invoices.values()].filter((i) => i.external_id === paymentId)).toHaveLength(1);
  });

  it('never stamps twice: a confirmation twice, two workers and the seller’s request at once; a lost answer is found again', async () => {
    const caro = await createSignedInUser(t.app, admin, { firstName: 'Caro' });
    await setTaxData(t, caro, COMPANY_TAX, true);
    const paymentId = await topUpAtOxxo(t, caro, admin, 199.99, { confirmTwice: true });
    await Promise.all([t.app.jobs.drain(), t.app.jobs.drain(), call(t, caro, 'POST', '/api/v1/invoices', { payment_id: paymentId })]);
    expect([...fake.invoices.values()].filter((i) => i.external_id === paymentId)).toHaveLength(1);
    expect((await invoiceOfPayment(t, caro, paymentId)).map((i) => i.status)).toEqual(['valid']);

    // The service stamps, but its answer arrives after our time limit: the invoice stays pending.
    const dani = await createSignedInUser(t.app, admin, { firstName: 'Dani' });
    await setTaxData(t, dani, COMPANY_TAX, false);
    const second = await topUpAtOxxo(t, dani, admin, 75);
    await t.app.jobs.drain();
    fake.mode = { kind: 'slow', delayMs: TIMEOUT_MS + 500 };
    const late = await call(t, dani, 'POST', '/api/v1/invoices', { payment_id: second });
    expect(late.statusCode).toBe(503);
    expect(late.json<ApiError>().code).toBe('invoices.service_unavailable');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    fake.mode = { kind: 'ok' };
    const [pending] = await invoiceOfPayment(t, dani, second);
    expect(pending!.status).toBe('pending');
    // The durable retry asks first whether that call made it, and takes it instead of stamping again.
    clock.advance(61_000);
    await t.app.jobs.drain();
    expect((await invoiceOfPayment(t, dani, second)).map((i) => i.status)).toEqual(['valid']);
    expect([...fake.invoices.values()].filter((i) => i.external_id === second)).toHaveLength(1);
  });

  it('a PayPal purchase: the files and the e-mail come from the service', async () => {
    const eva = await createSignedInUser(t.app, admin, { firstName: 'Eva' });
    await setTaxData(t, eva, COMPANY_TAX, true);
    const paymentId = await payWithPaypal(t, eva, await newShipments(t, eva, 2));
    await t.app.jobs.drain();
    const [invoice] = await invoiceOfPayment(t, eva, paymentId);
    expect(invoice).toMatchObject({ status: 'valid', payment_form: '31' });
    const stamped = [...fake.invoices.values()].find((i) => i.external_id === paymentId)!;
    expect(stamped.items).toHaveLength(2);
    expect(stamped.items[0]!.product).toMatchObject({ tax_included: true, taxes: [{ type: 'IVA', rate: 0.16 }], product_key: '78102200', unit_key: 'E48' });
    const pdf = await call(t, eva, 'GET', `/api/v1/invoices/${invoice!._id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toContain(stamped.uuid);
    const xml = await call(t, eva, 'GET', `/api/v1/invoices/${invoice!._id}/xml`);
    expect(xml.body).toContain(`UUID="${stamped.uuid}"`);
    const sent = await call(t, eva, 'POST', `/api/v1/invoices/${invoice!._id}/email`, { email: 'contabilidad@eva.test' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(stamped.emails).toEqual(['contabilidad@eva.test']);
  });

  it('a cancellation the receptor must accept stays «en proceso» until the service says it settled', async () => {
    fake.cancellation = 'pending';
    const fer = await createSignedInUser(t.app, admin, { firstName: 'Fer' });
    await setTaxData(t, fer, COMPANY_TAX, true);
    const paymentId = await topUpAtOxxo(t, fer, admin, 1500);
    await t.app.jobs.drain();
    const [invoice] = await invoiceOfPayment(t, fer, paymentId);
    const asked = await call(t, admin, 'POST', `/api/v1/invoices/${invoice!._id}/cancel`, { motive: '02' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<Invoice>()).toMatchObject({ status: 'cancelling', cancellation: { motive: '02', status: 'pending' } });
    const stamped = [...fake.invoices.values()].find((i) => i.external_id === paymentId)!;
    expect(stamped.cancellation).toEqual({ motive: '02', substitution: null });
    fake.settleCancellation(stamped.id, 'accepted');
    clock.advance(3_600_001);
    await t.app.jobs.drain();
    expect((await invoiceOfPayment(t, fer, paymentId))[0]).toMatchObject({ status: 'cancelled', cancellation: { status: 'accepted' } });
    fake.cancellation = 'accepted';
  });

  it('kept to the service’s rate: no call was ever refused with 429, none over the limit in any second', () => {
    expect(fake.throttled).toBe(0);
    const calls = fake.createCalls;
    for (let i = 0; i + RATE < calls.length; i++) expect(calls[i + RATE]! - calls[i]!).toBeGreaterThanOrEqual(1000);
  });
});
