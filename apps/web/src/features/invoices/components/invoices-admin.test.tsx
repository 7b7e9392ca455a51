import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { GlobalSummary, Invoice, InvoicingInfo } from '@envios/contracts/invoices';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { InvoiceLinkCell } from './invoice-link';
import { InvoicesAdmin } from './invoices-admin';

setupMockApi();

const info: InvoicingInfo = {
  sandbox: false,
  issuer_configured: false,
  issuer: { rfc: null, name: null, tax_system: null, zip: '06600' },
  current_month: '2026-11',
};
const base: Invoice = {
  _id: '7d1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  kind: 'payment',
  status: 'failed',
  status_label: 'Rechazada',
  sandbox: false,
  uuid: null,
  series: null,
  folio_number: null,
  issued_at: null,
  created_at: '2026-11-20T18:31:00.000Z',
  period: '2026-11',
  total: 640,
  subtotal: 551.72,
  iva: 88.28,
  payment_id: '0b9b0c2e-1d55-4a3e-9a2c-5f4e5a1f0a01',
  payment_folio: 1042,
  payment_method: 'oxxo',
  user: { _id: '6f1c0d8e-8a43-4b7e-9a52-0c1f3c3b8a11', name: 'Beto Ruiz', email: 'beto@correo.test' },
  receptor: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', tax_system: '601', zip: '44100', email: null },
  use: 'G03',
  payment_form: '01',
  payment_form_label: '01 Efectivo',
  items: [{ description: 'Saldo prepagado', quantity: 1, amount: 640, product_key: '78102200', unit_key: 'E48' }],
  failure: { message: 'El código postal fiscal no corresponde al RFC en los registros del SAT.', path: 'customer.address.zip', at: '2026-11-20T18:31:00.000Z' },
  cancellation: null,
  replaces: null,
  global: null,
};
const valid: Invoice = {
  ...base,
  status: 'valid',
  status_label: 'Vigente',
  uuid: 'A1B2C3D4-0000-4000-8000-123456789ABC',
  series: 'ENV',
  folio_number: 17,
  failure: null,
};
const page = <T,>(docs: T[]) => ({ docs, count: docs.length, page: 1, pages: 1, next: null, previous: null });
const summary: GlobalSummary = { month: '2026-10', pending_payments: 2, pending_total: 350.5, closed: true, invoices: [] };

describe('Facturas (admin)', () => {
  it('lists refused invoices with the service’s reason and retries them; cancels with the motive chosen; issues a closed month’s global invoice', async () => {
    const posted: { url: string; body: unknown }[] = [];
    server.use(
      http.get('/api/v1/invoices/info', () => HttpResponse.json(info)),
      http.get('/api/v1/invoices/global', () => HttpResponse.json(summary)),
      http.get('/api/v1/invoices', ({ request }) => HttpResponse.json(page(new URL(request.url).searchParams.get('status') === 'failed' ? [base] : [valid]))),
      http.post('/api/v1/invoices/:id/retry', () => HttpResponse.json(valid)),
      http.post('/api/v1/invoices/:id/cancel', async ({ request }) => {
        posted.push({ url: request.url, body: await request.json() });
        return HttpResponse.json({ ...valid, status: 'cancelled', status_label: 'Cancelada' });
      }),
      http.post('/api/v1/invoices/global', async ({ request }) => {
        posted.push({ url: request.url, body: await request.json() });
        return HttpResponse.json({ ...summary, pending_payments: 0 });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<InvoicesAdmin />);
    expect(await screen.findByText('Faltan los datos fiscales de la empresa')).toBeInTheDocument();
    const refused = await screen.findByRole('table', { name: 'Facturas rechazadas' });
    expect(within(refused).getByText('El código postal fiscal no corresponde al RFC en los registros del SAT.')).toBeInTheDocument();
    await user.click(within(refused).getByRole('button', { name: 'Reintentar la factura de Beto Ruiz (pago 1042)' }));
    expect(await screen.findByText('La factura ENV-17 quedó timbrada.')).toBeInTheDocument();

    const all = await screen.findByRole('table', { name: 'Todas las facturas' });
    await user.click(within(all).getByRole('button', { name: 'Cancelar la factura ENV-17' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar la factura ENV-17' });
    await user.click(within(dialog).getByRole('radio', { name: /^03 No se llevó a cabo la operación/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar factura' }));
    expect(await screen.findByText('La factura ENV-17 quedó cancelada.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Emitir factura global' }));
    expect(await screen.findByText('La factura global quedó emitida.')).toBeInTheDocument();
    expect(posted.map((p) => [new URL(p.url).pathname, p.body])).toEqual([
      [`/api/v1/invoices/${valid._id}/cancel`, { motive: '03' }],
      ['/api/v1/invoices/global', { month: '2026-10' }],
    ]);
  }, 60_000);

  it('the invoice cells of one screen ask in a single request', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/v1/invoices/links', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          links: [
            {
              payment_id: 'a0000000-0000-4000-8000-000000000001',
              wallet_entry_id: null,
              state: 'invoiced',
              state_label: 'Facturado',
              invoice_id: valid._id,
              sandbox: true,
              failure: null,
            },
            {
              payment_id: 'a0000000-0000-4000-8000-000000000002',
              wallet_entry_id: null,
              state: 'global',
              state_label: 'En la factura global',
              invoice_id: null,
              sandbox: false,
              failure: null,
            },
          ],
        });
      }),
    );
    renderWithApp(
      <>
        <InvoiceLinkCell target={{ payment: 'a0000000-0000-4000-8000-000000000001' }} />
        <InvoiceLinkCell target={{ payment: 'a0000000-0000-4000-8000-000000000002' }} />
      </>,
    );
    expect(await screen.findByText('Facturado')).toBeInTheDocument();
    expect(screen.getByText('Sin validez fiscal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Factura (PDF)' })).toBeInTheDocument();
    expect(await screen.findByText('En la factura global')).toBeInTheDocument();
    expect(asked).toEqual(['?payments=a0000000-0000-4000-8000-000000000001%2Ca0000000-0000-4000-8000-000000000002']);
  }, 30_000);
});
