import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { BillablePayment, Invoice, InvoicingInfo } from '@envios/contracts/invoices';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { BillingPage } from './billing-page';
import { TaxDataCheck } from './tax-data-check';

setupMockApi();

const info: InvoicingInfo = {
  sandbox: true,
  issuer_configured: true,
  issuer: { rfc: 'EMX200101Z75', name: 'ENVIOS MX', tax_system: '601', zip: '06600' },
  current_month: '2026-11',
};

const awaiting: BillablePayment = {
  payment_id: '0b9b0c2e-1d55-4a3e-9a2c-5f4e5a1f0a01',
  payment_folio: 1042,
  paid_at: '2026-11-20T18:30:00.000Z',
  period: '2026-11',
  amount: 580,
  method: 'oxxo',
  purpose: 'topup',
  description: 'Abono al monedero MON-1007',
  state: 'awaiting',
  state_label: 'Sin factura',
  invoice_id: null,
  can_request: true,
  reason: null,
};

const invoice: Invoice = {
  _id: '7d1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  kind: 'payment',
  status: 'valid',
  status_label: 'Vigente',
  sandbox: true,
  uuid: 'A1B2C3D4-0000-4000-8000-123456789ABC',
  series: 'ENV',
  folio_number: 17,
  issued_at: '2026-11-20T18:31:00.000Z',
  created_at: '2026-11-20T18:31:00.000Z',
  period: '2026-11',
  total: 580,
  subtotal: 500,
  iva: 80,
  payment_id: awaiting.payment_id,
  payment_folio: 1042,
  payment_method: 'oxxo',
  user: null,
  receptor: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', tax_system: '601', zip: '06600', email: 'facturas@kemper.test' },
  use: 'G03',
  payment_form: '01',
  payment_form_label: '01 Efectivo',
  items: [
    {
      description: 'Saldo prepagado para servicios de paquetería (abono MON-1007 al monedero)',
      quantity: 1,
      amount: 580,
      product_key: '78102200',
      unit_key: 'E48',
    },
  ],
  failure: null,
  cancellation: null,
  replaces: null,
  global: null,
};

const page = <T,>(docs: T[]) => ({ docs, count: docs.length, page: 1, pages: 1, next: null, previous: null });

describe('Facturación', () => {
  it('says the invoices are tests, lists this month’s payments and asks for one’s invoice; the new invoice shows «Sin validez fiscal» with its files', async () => {
    let invoices: Invoice[] = [];
    let payments = [awaiting];
    const asked: unknown[] = [];
    server.use(
      http.get('/api/v1/invoices/info', () => HttpResponse.json(info)),
      http.get('/api/v1/invoices/payments', () => HttpResponse.json(page(payments))),
      http.get('/api/v1/invoices', () => HttpResponse.json(page(invoices))),
      http.post('/api/v1/invoices', async ({ request }) => {
        asked.push(await request.json());
        invoices = [invoice];
        payments = [{ ...awaiting, state: 'invoiced', state_label: 'Facturado', invoice_id: invoice._id, can_request: false }];
        return HttpResponse.json(invoice, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<BillingPage taxSection={<p>Datos fiscales</p>} />);
    expect(await screen.findByText(/Facturas de prueba: sin validez fiscal/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Pagos de este mes' });
    expect(await within(table).findByText('Abono al monedero MON-1007')).toBeInTheDocument();
    expect(within(table).getByText('MX$580.00')).toBeInTheDocument();
    expect(screen.getByText('Aún no tienes facturas.')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Solicitar la factura del pago 1042' }));
    expect(await screen.findByText('Listo: la factura del pago 1042 ya está en tus facturas.')).toBeInTheDocument();
    expect(asked).toEqual([{ payment_id: awaiting.payment_id }]);
    const mine = await screen.findByRole('table', { name: 'Mis facturas' });
    expect(await within(mine).findByText('ENV-17')).toBeInTheDocument();
    expect(within(mine).getByText('Sin validez fiscal')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Descargar PDF de la factura ENV-17' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Descargar XML de la factura ENV-17' })).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByText('Facturado')).toBeInTheDocument());
  }, 60_000);

  it('shows the service’s refusal as it wrote it, and «Enviar por correo» sends to the tax data’s address', async () => {
    const refusal =
      'El nombre o razón social no corresponde al RFC en los registros del SAT. Verifica que coincida exactamente con la Constancia de Situación Fiscal.';
    const sent: unknown[] = [];
    server.use(
      http.get('/api/v1/invoices/info', () => HttpResponse.json(info)),
      http.get('/api/v1/invoices/payments', () => HttpResponse.json(page([awaiting]))),
      http.get('/api/v1/invoices', () => HttpResponse.json(page([invoice]))),
      http.post('/api/v1/invoices', () =>
        HttpResponse.json({ message: refusal, code: 'invoices.refused', errors: [{ path: 'taxInformation.name', message: refusal }] }, { status: 422 }),
      ),
      http.post('/api/v1/invoices/:id/email', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Enviamos la factura ENV-17 a facturas@kemper.test.' });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<BillingPage taxSection={null} />);
    const table = await screen.findByRole('table', { name: 'Pagos de este mes' });
    await user.click(await within(table).findByRole('button', { name: 'Solicitar la factura del pago 1042' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Enviar por correo la factura ENV-17' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar la factura ENV-17' });
    expect(within(dialog).getByRole('textbox', { name: 'Correo' })).toHaveValue('facturas@kemper.test');
    expect(within(dialog).getByText(/factura de prueba \(sin validez fiscal\)/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Enviamos la factura ENV-17 a facturas@kemper.test.')).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'facturas@kemper.test' }]);
  }, 60_000);

  it('«Validar datos» shows the stamping service’s answer, its refusal as is', async () => {
    let refuse = true;
    server.use(
      http.post('/api/v1/invoices/tax-data-check', () =>
        refuse
          ? HttpResponse.json(
              {
                message: 'El código postal fiscal no corresponde al RFC en los registros del SAT.',
                code: 'invoices.refused',
                errors: [{ path: 'taxInformation.postal_code', message: 'x' }],
              },
              { status: 422 },
            )
          : HttpResponse.json({ ok: true, sandbox: false, message: 'El servicio de facturación validó tus datos con el SAT: tus facturas se pueden timbrar.' }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<TaxDataCheck disabled={false} />);
    await user.click(screen.getByRole('button', { name: 'Validar datos' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('El servicio de facturación rechazó tus datos');
    expect(alert).toHaveTextContent('El código postal fiscal no corresponde al RFC en los registros del SAT.');
    expect(alert).toHaveTextContent('Revisa: Código postal fiscal');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Validar datos' }));
    expect(await screen.findByText(/validó tus datos con el SAT/)).toBeInTheDocument();
  }, 30_000);

  it('«Validar datos»: a service that did not answer is not shown as a refusal of the data', async () => {
    server.use(
      http.post('/api/v1/invoices/tax-data-check', () =>
        HttpResponse.json(
          {
            message: 'El servicio de facturación no respondió. Tu factura queda en proceso y la volvemos a pedir en unos minutos.',
            code: 'invoices.unavailable',
          },
          { status: 503 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<TaxDataCheck disabled={false} />);
    await user.click(screen.getByRole('button', { name: 'Validar datos' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron validar tus datos');
    expect(alert).toHaveTextContent('El servicio de facturación no respondió.');
    expect(alert).not.toHaveTextContent('rechazó tus datos');
    expect(alert).not.toHaveTextContent('Corrígelos');
  }, 30_000);
});
