import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import type { Payment, WalletReconciliation } from '@envios/contracts/payments';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { PaymentsAdmin } from './payments-admin';

setupMockApi();

const PAY = 'b1000000-0000-4000-8000-000000000001';
const USER = '6f1c0d8e-8a43-4b7e-9a52-0c1f3c3b8a11';
const payment = (over: Partial<Payment>): Payment => ({
  _id: PAY,
  numberOfOrder: 501,
  user: USER,
  user_email: 'ana@correo.test',
  user_name: 'Ana López',
  method: 'oxxo',
  purpose: 'shipments',
  amount: 350.4,
  status: 'pending',
  status_label: 'Pendiente',
  shipments: ['c1000000-0000-4000-8000-000000000001'],
  prepaid: null,
  provider_reference: 'ord_123',
  oxxo_reference: '93000012345678',
  expires_at: '2026-11-26T18:00:00.000Z',
  failure: null,
  sandbox: true,
  created_at: '2026-11-23T18:05:09.000Z',
  paid_at: null,
  credited: [],
  ...over,
});
const paged = (docs: Payment[]) => ({ docs, count: docs.length, page: 1, pages: 1, next: null, previous: null });
const reconciliation = (ok: boolean): WalletReconciliation => ({
  ok,
  total_balance: 1500,
  total_ledger: ok ? 1500 : 1490.5,
  received: { paypal: 200, 'paypal-plus': 0, oxxo: 350.4, monedero: 120 },
  users: [
    { user: USER, email: 'ana@correo.test', name: 'Ana López', balance: 1000, ledger: ok ? 1000 : 990.5, entries: 3, ok },
    { user: 'd1000000-0000-4000-8000-000000000001', email: 'luis@correo.test', name: 'Luis Pérez', balance: 500, ledger: 500, entries: 1, ok: true },
  ],
});

describe('PaymentsAdmin', () => {
  it('lists the payments and filters by status, method and search', async () => {
    const queries: string[] = [];
    server.use(
      http.get('/api/v1/admin/wallets/reconciliation', () => HttpResponse.json(reconciliation(true))),
      http.get('/api/v1/admin/payments', ({ request }) => {
        const params = new URL(request.url).searchParams;
        params.delete('page');
        queries.push(params.toString());
        return HttpResponse.json(
          paged([
            payment({}),
            payment({
              _id: 'b2',
              numberOfOrder: 502,
              method: 'monedero',
              purpose: 'topup',
              status: 'paid',
              status_label: 'Pagado',
              oxxo_reference: null,
              provider_reference: null,
              sandbox: false,
            }),
          ]),
        );
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<PaymentsAdmin />);
    const table = await screen.findByRole('table', { name: 'Pagos' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('501')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('23/11/2026 12:05:09')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('ana@correo.test')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('MX$350.40')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('93000012345678')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Abono al monedero')).toBeInTheDocument();
    // Sandbox actions only for the sandbox OXXO payment still pending.
    expect(within(rows[0]!).getByRole('button', { name: 'Marcar pagado (sandbox) el pago 501' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Estatus' }), 'Pendiente');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Método' }), 'Pago en efectivo en OXXO');
    await user.type(screen.getByRole('textbox', { name: /Buscar/ }), '9300');
    await waitFor(() => expect(queries).toContain('status=pending&method=oxxo&q=9300'));
  });

  it("'Marcar pagado (sandbox)' posts the event, is disabled in flight and refreshes the row", async () => {
    let status: Payment['status'] = 'pending';
    const events: string[] = [];
    server.use(
      http.get('/api/v1/admin/wallets/reconciliation', () => HttpResponse.json(reconciliation(true))),
      http.get('/api/v1/admin/payments', () => HttpResponse.json(paged([payment({ status, status_label: status === 'paid' ? 'Pagado' : 'Pendiente' })]))),
      http.post('/api/v1/admin/payments/:id/sandbox/:event', async ({ params }) => {
        events.push(`${String(params.id)} ${String(params.event)}`);
        await delay(150);
        status = 'paid';
        return HttpResponse.json(payment({ status: 'paid', status_label: 'Pagado' }));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<PaymentsAdmin />);
    const paid = await screen.findByRole('button', { name: 'Marcar pagado (sandbox) el pago 501' });
    await user.click(paid);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Marcar vencido (sandbox) el pago 501' })).toBeDisabled());
    const table = screen.getByRole('table', { name: 'Pagos' });
    expect(await within(table).findByText('Pagado')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /sandbox/ })).not.toBeInTheDocument();
    expect(events).toEqual([`${PAY} paid`]);
  });

  it("shows the reconciliation: 'Cuadra al centavo', or 'No cuadra' with the wallets that differ", async () => {
    let ok = true;
    server.use(
      http.get('/api/v1/admin/wallets/reconciliation', () => HttpResponse.json(reconciliation(ok))),
      http.get('/api/v1/admin/payments', () => HttpResponse.json(paged([]))),
    );
    const first = renderWithApp(<PaymentsAdmin />);
    const panel = await screen.findByRole('region', { name: 'Conciliación de monederos' });
    expect(await within(panel).findByText('Cuadra al centavo')).toBeInTheDocument();
    expect(within(panel).getAllByText('MX$1,500.00')).toHaveLength(2);
    expect(within(panel).getByRole('table', { name: 'Recibido por método' })).toHaveTextContent('MX$350.40');
    expect(within(panel).getByText('Todos los monederos (2) coinciden con sus movimientos.')).toBeInTheDocument();
    expect(await screen.findByText('No hay pagos que coincidan con los filtros.')).toBeInTheDocument();
    first.unmount();

    ok = false;
    renderWithApp(<PaymentsAdmin />);
    const bad = await screen.findByRole('region', { name: 'Conciliación de monederos' });
    expect(await within(bad).findByText('No cuadra')).toBeInTheDocument();
    const differ = within(bad).getByRole('table', { name: 'Monederos que no cuadran' });
    expect(within(differ).getByText('Ana López')).toBeInTheDocument();
    expect(within(differ).queryByText('Luis Pérez')).not.toBeInTheDocument();
    expect(within(differ).getByText('MX$9.50')).toBeInTheDocument();
  });
});
