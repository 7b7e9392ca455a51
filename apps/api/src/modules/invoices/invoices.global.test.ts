import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@envios/contracts/errors';
import type { BillablePaymentList, GlobalSummary, InvoiceLinks } from '@envios/contracts/invoices';
import { manualClock } from '../../shared/clock.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { jobsQueries } from '../jobs/jobs.usecases.js';
import { createFacturapiClient } from './adapters/facturapi-client.js';
import { FACTURAPI_FAKE_KEY, startFacturapiFake, type FacturapiFake } from './adapters/fakes/facturapi.fake.js';
import { createRateLimiter, rateLimited } from './adapters/stamping-service.js';
import { monthOf } from './invoices.concepts.js';
import { globalRunAt, nextMonth, scheduleGlobalInvoices } from './invoices.global.js';
import { call, COMPANY_TAX, invoicesOf, newShipments, payWithPaypal, setTaxData, topUpAtOxxo } from './invoices.testing.js';

/**
 * The month's global invoice to the general public, through Facturapi's client and the fake: at
 * the month's end (the durable monthly job) it takes exactly the payments nobody invoiced, one
 * invoice per form of payment; a seller can no longer ask for a closed month's invoice; an admin
 * sees it and may issue it again for a payment recorded late.
 */

let fake: FacturapiFake;
let t: TestApp;
let admin: SignedIn;
// Mid-month, so that the month ends when the test says.
const clock = manualClock(new Date('2026-11-10T18:00:00Z'));

beforeAll(async () => {
  fake = await startFacturapiFake();
  const service = rateLimited(createFacturapiClient({ apiKey: FACTURAPI_FAKE_KEY, baseUrl: fake.baseUrl }), createRateLimiter(50));
  t = await createTestApp({ env: { ...adminEnv, COMPANY_TAX_ZIP: '06600' }, deps: { stampingService: service, clock } });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the global invoice of the month', () => {
  it('takes exactly the payments without their own invoice when the month ends (the monthly job); the invoiced ones stay out', async () => {
    const month = monthOf(clock.now());
    const gabi = await createSignedInUser(t.app, admin, { firstName: 'Gabi' });
    const hugo = await createSignedInUser(t.app, admin, { firstName: 'Hugo' });
    const iris = await createSignedInUser(t.app, admin, { firstName: 'Iris' });
    await setTaxData(t, hugo, COMPANY_TAX, true);
    // Iris has tax data but does not ask: her payment goes global too.
    await setTaxData(t, iris, COMPANY_TAX, false);
    const cash = [await topUpAtOxxo(t, gabi, admin, 100), await topUpAtOxxo(t, gabi, admin, 250.5), await topUpAtOxxo(t, iris, admin, 80)];
    const invoiced = await topUpAtOxxo(t, hugo, admin, 999);
    await t.app.jobs.drain();
    expect((await invoicesOf(t, hugo)).map((i) => i.payment_id)).toEqual([invoiced]);

    const before = (await call(t, admin, 'GET', `/api/v1/invoices/global?month=${month}`)).json<GlobalSummary>();
    expect(before).toMatchObject({ month, pending_payments: 3, pending_total: 430.5, closed: false, invoices: [] });

    // The chain: this month's job waits for 01:00 of the next month.
    await scheduleGlobalInvoices(t.app.jobs, clock);
    const job = await jobsQueries.findByKey(t.database.db, `invoices.global:${month}`);
    expect(job?.runAt.toISOString()).toBe(globalRunAt(month).toISOString());
    expect(globalRunAt('2026-11').toISOString()).toBe('2026-12-01T07:00:00.000Z');
    clock.set(new Date(globalRunAt(month).getTime() + 1000));
    const seller = await call(t, iris, 'POST', '/api/v1/invoices', { payment_id: cash[2] });
    expect(seller.statusCode).toBe(409);
    expect(seller.json<ApiError>()).toMatchObject({ code: 'invoices.month_closed', message: expect.stringContaining('noviembre de 2026') });
    await t.app.jobs.drain();

    const after = (await call(t, admin, 'GET', `/api/v1/invoices/global?month=${month}`)).json<GlobalSummary>();
    expect(after).toMatchObject({ pending_payments: 0, closed: true });
    expect(after.invoices).toHaveLength(1);
    const [global] = after.invoices;
    expect(global).toMatchObject({ kind: 'global', status: 'valid', payment_form: '01', use: 'S01', total: 430.5, global: { month, payments: 3 }, user: null });
    expect(global!.receptor).toEqual({ rfc: 'XAXX010101000', name: 'PUBLICO EN GENERAL', tax_system: '616', zip: '06600', email: null });
    expect(global!.items.map((i) => [i.description, i.product_key, i.unit_key, i.amount])).toEqual([
      ['Venta', '01010101', 'ACT', 100],
      ['Venta', '01010101', 'ACT', 250.5],
      ['Venta', '01010101', 'ACT', 80],
    ]);
    const stamped = [...fake.invoices.values()].find((i) => i.uuid === global!.uuid)!;
    expect(stamped.global).toEqual({ periodicity: 'month', months: month.slice(5), year: Number(month.slice(0, 4)) });
    expect(stamped.items.map((i) => i.product.sku)).toHaveLength(3);

    // The sellers see where their payments went; a seller cannot download a global invoice.
    const links = (await call(t, gabi, 'GET', `/api/v1/invoices/links?payments=${cash[0]},${cash[1]}`)).json<InvoiceLinks>();
    expect(links.links.map((l) => l.state)).toEqual(['global', 'global']);
    expect((await call(t, gabi, 'GET', `/api/v1/invoices/${global!._id}/pdf`)).statusCode).toBe(404);
    const list = (await call(t, iris, 'GET', `/api/v1/invoices/payments?month=${month}`)).json<BillablePaymentList>();
    expect(list.docs).toEqual([expect.objectContaining({ payment_id: cash[2], state: 'global', can_request: false })]);
    // The chain goes on: next month's job exists.
    expect(await jobsQueries.findByKey(t.database.db, `invoices.global:${nextMonth(month)}`)).toBeDefined();
  });

  it('one invoice per form of payment, and only a closed month; an admin issues it again for a payment recorded later', async () => {
    // Late in the next month (sessions last 30 days: everyone signs in again).
    clock.set(new Date('2026-12-20T18:00:00Z'));
    admin = await signInAdmin(t.app);
    const month = monthOf(clock.now());
    const juan = await createSignedInUser(t.app, admin, { firstName: 'Juan' });
    const kim = await createSignedInUser(t.app, admin, { firstName: 'Kim' });
    await topUpAtOxxo(t, juan, admin, 55);
    const byPaypal = await payWithPaypal(t, kim, await newShipments(t, kim, 1));
    await t.app.jobs.drain();
    const [paypalTotal] = await t.database.query<{ amount: string }>('select amount_centavos as amount from payments where id = $1', [byPaypal]);
    expect((await call(t, admin, 'POST', '/api/v1/invoices/global', { month })).statusCode).toBe(409);
    expect((await call(t, juan, 'POST', '/api/v1/invoices/global', { month })).statusCode).toBe(403);
    // The month's view is the admins' too.
    expect((await call(t, juan, 'GET', `/api/v1/invoices/global?month=${month}`)).statusCode).toBe(403);
    clock.set(new Date(globalRunAt(month).getTime() - 2 * 3_600_000 + 60_000));
    // Paid in the month's last hour; its own job has not run when the admin issues the global invoice.
    const late = await topUpAtOxxo(t, juan, admin, 45);
    clock.set(new Date(globalRunAt(month).getTime() + 1000));
    const issued = await call(t, admin, 'POST', '/api/v1/invoices/global', { month });
    expect(issued.statusCode, issued.body).toBe(200);
    const summary = issued.json<GlobalSummary>();
    expect(summary.invoices.map((i) => [i.payment_form, i.total, i.global?.payments])).toEqual([
      ['01', 100, 2],
      ['31', Number(paypalTotal!.amount) / 100, 1],
    ]);
    expect((await call(t, juan, 'GET', `/api/v1/invoices/links?payments=${late}`)).json<InvoiceLinks>().links[0]?.state).toBe('global');
    // Nothing left: issuing again changes nothing.
    const again = (await call(t, admin, 'POST', '/api/v1/invoices/global', { month })).json<GlobalSummary>();
    expect(again.invoices).toHaveLength(2);
  });
});
