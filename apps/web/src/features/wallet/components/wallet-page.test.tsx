import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { WalletEntry } from '@envios/contracts/wallet';
import { landing, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { WalletPage } from './wallet-page';

setupMockApi();

const USER = '6f1c0d8e-8a43-4b7e-9a52-0c1f3c3b8a11';
const entry = (over: Partial<WalletEntry>): WalletEntry => ({
  _id: 'a0000000-0000-4000-8000-000000000001',
  numberOfOrder: 1001,
  folio: `MON-${over.numberOfOrder ?? 1001}`,
  type: 'abono',
  movement: 'Abono',
  amount: 500,
  status: true,
  status_label: 'Pagado',
  cancelled: false,
  shipment: null,
  shipment_folio: null,
  user: USER,
  provider: 'admin',
  note: null,
  created_at: '2026-11-23T18:05:09.000Z',
  paid_at: '2026-11-23T18:05:09.000Z',
  ...over,
});
const page = (docs: WalletEntry[], over: Record<string, number | null> = {}) => ({
  docs,
  count: docs.length,
  page: 1,
  pages: 1,
  next: null,
  previous: null,
  ...over,
});

describe('WalletPage', () => {
  it('shows the balance with two decimals, the movements and Abonar', async () => {
    server.use(
      http.get(`/api/v1/prepaid/getTotalAmount/${USER}`, () => HttpResponse.json({ total_amount: 1234.5 })),
      http.get('/api/v1/prepaid', () =>
        HttpResponse.json(
          page([
            entry({}),
            entry({
              _id: 'a2',
              numberOfOrder: 1002,
              type: 'cargo',
              movement: 'Cargo',
              amount: -180.25,
              shipment: 'b1',
              shipment_folio: 1003,
              provider: 'wallet',
            }),
            entry({ _id: 'a3', numberOfOrder: 1003, type: 'pago_sobrepeso', movement: 'Pago sobrepeso', amount: -50 }),
            entry({ _id: 'a4', numberOfOrder: 1004, status: false, status_label: 'Pendiente', provider: null, paid_at: null }),
            entry({ _id: 'a5', numberOfOrder: 1005, status: false, status_label: 'Cancelado', cancelled: true, provider: null, paid_at: null }),
          ]),
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<WalletPage userId={USER} />, { path: '/prepaids', routes: [landing('/prepaid/new')] });
    expect(await screen.findByText('MX$1,234.50')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Movimientos del monedero' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    // 18:05:09 UTC is 12:05:09 in Mexico City.
    expect(within(rows[0]!).getByText('23/11/2026 12:05:09')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('MX$500.00')).toBeInTheDocument();
    // Each movement's own number never reads like a shipment folio; a charge names the shipment it paid.
    expect(within(rows[0]!).getByText('MON-1001')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Cargo')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('MON-1002')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Envío 1003' })).toHaveAttribute('href', '/shipments/b1');
    expect(within(rows[1]!).getByText('-MX$180.25')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Pago sobrepeso')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Pendiente')).toBeInTheDocument();
    // An abandoned top-up reads 'Cancelado', not another 'Pendiente'.
    expect(within(rows[4]!).getByText('Cancelado')).toBeInTheDocument();
    expect(screen.getByText(/queda «Cancelado» y ya no se puede pagar/)).toBeInTheDocument();
    // Only the unpaid top-ups can be deleted.
    expect(within(table).getAllByRole('button', { name: /^Eliminar/ })).toHaveLength(2);
    expect(within(rows[3]!).getByRole('button', { name: 'Eliminar el abono MON-1004' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Abonar' }));
    expect(await screen.findByText('Ruta: /prepaid/new')).toBeInTheDocument();
  });

  it('asks before deleting an unpaid top-up (Está seguro? / Sí / Cancelar) and deletes it', async () => {
    let rows = [entry({ _id: 'a4', numberOfOrder: 1004, status: false, status_label: 'Pendiente', provider: null, paid_at: null })];
    const deleted: string[] = [];
    server.use(
      http.get(`/api/v1/prepaid/getTotalAmount/${USER}`, () => HttpResponse.json({ total_amount: 0 })),
      http.get('/api/v1/prepaid', () => HttpResponse.json(page(rows))),
      http.delete('/api/v1/prepaid/:id', ({ params }) => {
        deleted.push(String(params.id));
        const gone = rows[0]!;
        rows = [];
        return HttpResponse.json(gone);
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<WalletPage userId={USER} />);
    expect(await screen.findByText('MX$0.00')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Eliminar el abono MON-1004' }));
    let dialog = await screen.findByRole('dialog', { name: 'Está seguro?' });
    expect(within(dialog).getByText('Está seguro de eliminar este registro?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Eliminar el abono MON-1004' }));
    dialog = await screen.findByRole('dialog', { name: 'Está seguro?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí' }));
    expect(await screen.findByText('Abono eliminado.')).toBeInTheDocument();
    expect(deleted).toEqual(['a4']);
    expect(await screen.findByText('Aún no tienes movimientos.')).toBeInTheDocument();
  });

  it('pages through the movements', async () => {
    const pages: (string | null)[] = [];
    server.use(
      http.get(`/api/v1/prepaid/getTotalAmount/${USER}`, () => HttpResponse.json({ total_amount: 10 })),
      http.get('/api/v1/prepaid', ({ request }) => {
        const p = new URL(request.url).searchParams.get('page');
        pages.push(p);
        return HttpResponse.json(page([entry({ numberOfOrder: p === '2' ? 2002 : 1001 })], { page: Number(p), pages: 3, count: 25 }));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<WalletPage userId={USER} />);
    expect(await screen.findByText('MON-1001')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('MON-2002')).toBeInTheDocument();
    expect(pages).toEqual(['1', '2']);
  });
});
