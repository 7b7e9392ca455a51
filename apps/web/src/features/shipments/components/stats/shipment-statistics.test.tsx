import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { demoStats, demoUserId, shipmentId, shipmentRow } from '@/testing/mock-shipment-records';
import { ShipmentStatistics } from './shipment-statistics';

setupMockApi();

function statsApi() {
  const searches: (string | null)[] = [];
  server.use(
    http.get(`/api/v1/last/shipment/${demoUserId}`, ({ request }) => {
      const search = new URL(request.url).searchParams.get('search');
      searches.push(search);
      const rows = [
        shipmentRow(1, { destination_name: 'Luis Pérez' }),
        shipmentRow(2, {
          destination_name: 'Marta Ruiz',
          status: true,
          number_guide: '5544332211',
          guide: `/api/v1/shipments/${shipmentId(2)}/label`,
          total_amount: 99.9,
        }),
      ];
      return HttpResponse.json(search ? rows.filter((r) => r.destination_name.includes(search)) : rows);
    }),
    http.get(`/api/v1/shipments/stats/${demoUserId}`, () => HttpResponse.json(demoStats)),
  );
  return searches;
}

describe('Mis estadísticas', () => {
  it('welcomes, lists the last shipments with paid totals green and unpaid blue, and the PDF only when paid', async () => {
    statsApi();
    renderWithApp(<ShipmentStatistics userId={demoUserId} name="Ana" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Mis estadísticas' })).toBeInTheDocument();
    expect(screen.getByText(/Bienvenido, Ana/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nuevo envío' })).toHaveAttribute('href', '/dashboard/shipment/new');
    const table = screen.getByRole('table', { name: 'Últimos envíos' });
    const unpaid = (await within(table).findByText('Luis Pérez')).closest('tr')!;
    const paid = within(table).getByText('Marta Ruiz').closest('tr')!;
    expect(within(unpaid).getByText('Sin número de guía')).toBeInTheDocument();
    expect(within(unpaid).getByText('MX$150.50')).toHaveStyle({ color: 'var(--mantine-color-blue-7)' });
    expect(within(paid).getByText('MX$99.90')).toHaveStyle({ color: 'var(--mantine-color-green-8)' });
    expect(within(unpaid).queryByRole('link', { name: /Descargar guía PDF/ })).toBeNull();
    expect(within(paid).getByRole('link', { name: 'Descargar guía PDF del envío 1002' })).toBeInTheDocument();
  });

  it('shows payment status and the paid guides per carrier, every amount with 2 decimals', async () => {
    statsApi();
    renderWithApp(<ShipmentStatistics userId={demoUserId} name="Ana" />);
    const payment = screen.getByRole('table', { name: 'Estatus de pago' });
    expect(await within(payment).findByRole('row', { name: 'Guías sin pago 3' })).toBeInTheDocument();
    expect(within(payment).getByRole('row', { name: 'Guías pagadas 5' })).toBeInTheDocument();
    expect(within(payment).getByRole('row', { name: 'Total pagado MX$1,234.50' })).toBeInTheDocument();
    expect(screen.getByText('Guías pagadas de cada paquetería.')).toBeInTheDocument();
    const carriers = screen.getByRole('table', { name: 'Envíos por paquetería' });
    expect(within(carriers).getByRole('row', { name: 'DHL 4 MX$800.25' })).toBeInTheDocument();
    expect(within(carriers).getByRole('row', { name: 'FedEx 1 MX$434.25' })).toBeInTheDocument();
    expect(within(carriers).getByRole('row', { name: 'Redpack 0 MX$0.00' })).toBeInTheDocument();
    expect(within(carriers).getByRole('row', { name: 'Total 5 MX$1,234.50' })).toBeInTheDocument();
  });

  it('searches trimmed text with Buscar, and clearing the box reloads the last shipments', async () => {
    const searches = statsApi();
    const user = userEvent.setup();
    renderWithApp(<ShipmentStatistics userId={demoUserId} name="Ana" />);
    await screen.findByText('Marta Ruiz');
    await user.type(screen.getByRole('textbox', { name: 'Buscar envío' }), '  Marta  ');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.queryByText('Luis Pérez')).toBeNull());
    expect(searches).toEqual([null, 'Marta']);
    await user.clear(screen.getByRole('textbox', { name: 'Buscar envío' }));
    expect(await screen.findByText('Luis Pérez')).toBeInTheDocument();
  });
});
