import { expect } from 'vitest';
import type { TaxInformationInput } from '@envios/contracts/accounts';
import type { Invoice, InvoiceList } from '@envios/contracts/invoices';
import type { TestApp } from '../../testing/test-app.js';
import type { SignedIn } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';

/** What the invoices tests do through the API: tax data, top-ups and purchases paid, invoices read. */

/** A company's tax data as on its Constancia (the SAT's CFDI 4.0 test taxpayer), with a postal code of the demo catalogue. */
export const COMPANY_TAX: TaxInformationInput = {
  name: 'ESCUELA KEMPER URGATE',
  rfc: 'EKU9003173C9',
  tax_system: '601',
  cfdi_use: 'G03',
  email: 'facturas@kemper.test',
  phone: '5512345678',
  address: 'Calle Roma 45',
  colony: 'Juárez',
  postal_code: '06600',
  state_city: 'Ciudad de México, Cuauhtémoc',
};

/** A person's (RFC of 13) under RESICO. */
export const PERSON_TAX: TaxInformationInput = {
  name: 'DELIA GÓMEZ',
  rfc: 'GODE561231GR8',
  tax_system: '626',
  cfdi_use: 'G03',
  email: 'delia@correo.test',
  phone: '3312345678',
  address: 'Av. Juárez 123',
  colony: 'Guadalajara Centro',
  postal_code: '44100',
  state_city: 'Jalisco, Guadalajara',
};

export function call(t: TestApp, who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function setTaxData(t: TestApp, who: SignedIn, tax: TaxInformationInput, invoice?: boolean): Promise<void> {
  const res = await call(t, who, 'PUT', `/api/v1/users/${who.id}`, { taxInformation: tax });
  expect(res.statusCode, res.body).toBe(200);
  if (invoice !== undefined) {
    const toggled = await call(t, who, 'PUT', `/api/v1/users/${who.id}`, { invoice });
    expect(toggled.statusCode, toggled.body).toBe(200);
  }
}

/** A top-up paid at OXXO (the sandbox reference marked paid by an admin, through the webhook's code). Answers the payment id. */
export async function topUpAtOxxo(t: TestApp, who: SignedIn, admin: SignedIn, amount: number, opts: { confirmTwice?: boolean } = {}): Promise<string> {
  const topUp = await call(t, who, 'POST', '/api/v1/prepaid', { amount });
  expect(topUp.statusCode, topUp.body).toBe(200);
  const ref = await call(t, who, 'POST', `/api/v1/payments/conekta/oxxo/${topUp.json<{ id: string }>().id}`, { email: who.email });
  expect(ref.statusCode, ref.body).toBe(200);
  const paymentId = ref.json<{ payment_id: string }>().payment_id;
  const paid = await call(t, admin, 'POST', `/api/v1/admin/payments/${paymentId}/sandbox/paid`);
  expect(paid.statusCode, paid.body).toBe(200);
  if (opts.confirmTwice) expect((await call(t, admin, 'POST', `/api/v1/admin/payments/${paymentId}/sandbox/paid`)).statusCode).toBeLessThan(500);
  return paymentId;
}

/** Shipments paid through PayPal (the sandbox's approval page and the capture). Answers the payment id. */
export async function payWithPaypal(t: TestApp, who: SignedIn, shipmentIds: string[]): Promise<string> {
  const link = await call(t, who, 'POST', '/api/v1/paypal/v2/link/many', { shipments: shipmentIds, email: who.email });
  expect(link.statusCode, link.body).toBe(200);
  const order = link.json<{ id: string; payment_id: string }>();
  expect((await call(t, who, 'POST', `/api/v1/sandbox/paypal/${order.id}/approve`)).statusCode).toBe(200);
  const captured = await call(t, who, 'GET', `/api/v1/paypal/v2/capture-order/${order.id}`);
  expect(captured.json(), captured.body).toMatchObject({ status: 'COMPLETED' });
  return order.payment_id;
}

export async function newShipments(t: TestApp, who: SignedIn, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await createOne(t, who))._id);
  return ids;
}

export async function invoicesOf(t: TestApp, who: SignedIn, query = ''): Promise<Invoice[]> {
  const res = await call(t, who, 'GET', `/api/v1/invoices${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InvoiceList>().docs;
}

export async function invoiceOfPayment(t: TestApp, who: SignedIn, paymentId: string): Promise<Invoice[]> {
  return (await invoicesOf(t, who, '?limit=100')).filter((i) => i.payment_id === paymentId);
}
