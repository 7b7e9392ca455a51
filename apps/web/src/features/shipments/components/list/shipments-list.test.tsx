import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ShipmentPage } from '@envios/contracts/shipments';
import { landing, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { demoUserId, dhlServiceId, fedexServiceId, shipmentId, shipmentPage, shipmentRow } from '@/testing/mock-shipment-records';
import { ShipmentsList } from './shipments-list';

setupMockApi();

const services = [
  { service_id: dhlServiceId, carrier: 'DHL', carrier_code: 'dhl', carrier_service_name: 'EXPRESS DOMESTIC', label: 'DHL - EXPRESS DOMESTIC' },
  { service_id: fedexServiceId, carrier: 'FedEx', carrier_code: 'fedex', carrier_service_name: 'STANDARD OVERNIGHT', label: 'FedEx - STANDARD OVERNIGHT' },
];

/** The list endpoint answering `answer(query)`; every query string received is recorded. */
function listApi(answer: (q: URLSearchParams) => ShipmentPage = () => shipmentPage([shipmentRow(1), shipmentRow(2)])) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`/api/v1/shipments/all/${demoUserId}`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      return HttpResponse.json(answer(q));
    }),
    http.get(`/api/v1/shipments/all/${demoUserId}/carrier-services`, () => HttpResponse.json(services)),
  );
  return queries;
}

function renderList(at = '/shipments') {
  return renderWithApp(<ShipmentsList userId={demoUserId} ecommerce={<p>Pedidos de la tienda</p>} />, {
    path: '/shipments',
    at,
    routes: [landing('/shipments/:id'), landing('/payment/shipments/many'), landing('/dashboard/shipment/new')],
  });
}

describe('Mis Envíos', () => {
  it('shows the spec columns, "Sin número de guía", payment status and a PDF link only when paid', async () => {
    listApi(() =>
      shipmentPage([
        shipmentRow(1),
        shipmentRow(2, { status: true, number_guide: '1234567890', guide: `/api/v1/shipments/${shipmentId(2)}/label`, tracking_status: 'Envío en tránsito' }),
        shipmentRow(3, { status: true, number_guide: '7000000003', guide: `/api/v1/shipments/${shipmentId(3)}/label`, tracking_status: null }),
      ]),
    );
    renderList();
    await screen.findByText('Destinatario 2');
    const table = screen.getByRole('table', { name: 'Mis envíos' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['', 'Destino', 'Servicio', 'N° de guía', 'Estatus guía', 'Seguimiento', 'Días en tránsito', 'Total', 'Guía']);
    const [, unpaid, paid, justIssued] = within(table).getAllByRole('row');
    // A guide the carrier has said nothing about yet reads as the modal and /rastreo/{guía} read it.
    expect(within(justIssued!).getByRole('link', { name: 'Guía creada, rastrear la guía 7000000003' })).toHaveAttribute('href', '/rastreo/7000000003');
    expect(within(justIssued!).getByText('Sin movimientos')).toBeInTheDocument();
    expect(within(unpaid!).getByText('Sin número de guía')).toBeInTheDocument();
    expect(within(unpaid!).getByText('Guía sin pago')).toBeInTheDocument();
    expect(within(unpaid!).getByText('MX$150.50')).toBeInTheDocument();
    expect(within(unpaid!).queryByRole('link', { name: /Descargar guía PDF/ })).toBeNull();
    expect(within(paid!).getByText('Pagado')).toBeInTheDocument();
    expect(within(paid!).getByText('Envío en tránsito')).toBeInTheDocument();
    expect(within(paid!).getByRole('link', { name: 'Envío en tránsito, rastrear la guía 1234567890' })).toHaveAttribute('href', '/rastreo/1234567890');
    expect(within(paid!).getByRole('link', { name: 'Descargar guía PDF del envío 1002' })).toHaveAttribute('href', `/api/v1/shipments/${shipmentId(2)}/label`);
  });

  it('filters: keyword badges, service and payment status build the query and live in the address', async () => {
    const queries = listApi();
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByRole('table', { name: 'Mis envíos' });
    expect(queries[0]!.toString()).toBe('page=1&limit=10');

    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'Roma{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'true{Enter}');
    const badges = screen.getByRole('group', { name: 'Palabras clave' });
    expect(within(badges).getByText('Roma')).toBeInTheDocument();
    await waitFor(() => expect(queries.at(-1)!.get('keywords')).toBe('Roma,true'));

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Servicio' }), 'FedEx - STANDARD OVERNIGHT');
    await waitFor(() => expect(queries.at(-1)!.get('service')).toBe(fedexServiceId));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estatus de pago' }), 'Guía sin pago');
    await waitFor(() => expect(queries.at(-1)!.get('status')).toBe('unpaid'));
    expect(router.state.location.search).toBe(`?keywords=Roma%2Ctrue&service=${fedexServiceId}&status=unpaid`);

    await user.click(within(badges).getByRole('button', { name: 'Quitar Roma' }));
    await waitFor(() => expect(queries.at(-1)!.get('keywords')).toBe('true'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Servicio' }), 'Servicios');
    await waitFor(() => expect(queries.at(-1)!.has('service')).toBe(false));
  });

  it('reads page and filters from the address and links the pages current ± 1', async () => {
    const queries = listApi((q) => shipmentPage([shipmentRow(Number(q.get('page')) * 10)], Number(q.get('page')), 5));
    const user = userEvent.setup();
    renderList('/shipments?status=paid&page=3');
    await screen.findByText('Destinatario 30');
    expect(queries[0]!.get('page')).toBe('3');
    expect(queries[0]!.get('status')).toBe('paid');
    const nav = screen.getByRole('navigation', { name: 'Paginación' });
    expect(within(nav).getByRole('link', { name: 'Anterior' })).toHaveAttribute('href', '/shipments?status=paid&page=2');
    expect(within(nav).getByRole('link', { name: 'Página 2' })).toHaveAttribute('href', '/shipments?status=paid&page=2');
    expect(within(nav).getByRole('link', { name: 'Página 4' })).toHaveAttribute('href', '/shipments?status=paid&page=4');
    expect(within(nav).queryByRole('link', { name: 'Página 1' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Página 5' })).toBeNull();
    expect(within(nav).getByText('3').closest('[aria-current="page"]')).not.toBeNull();
    await user.click(within(nav).getByRole('link', { name: 'Siguiente' }));
    await waitFor(() => expect(queries.at(-1)!.get('page')).toBe('4'));
    expect(await screen.findByText('Destinatario 40')).toBeInTheDocument();
  });

  it('select-all then Duplicar sends every id and says so for 5 seconds', async () => {
    listApi();
    let body: unknown;
    server.use(
      http.post('/api/v1/shipments/all', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ count: 2, shipments: [shipmentId(3), shipmentId(4)] }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('table', { name: 'Mis envíos' });
    expect(screen.getByRole('button', { name: 'Duplicar' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todos' }));
    expect(screen.getByText('2 envíos seleccionados')).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Duplicar' }));
      expect(await screen.findByText('Envíos duplicados exitosamente.')).toBeInTheDocument();
      expect(body).toEqual({ shipments: [shipmentId(1), shipmentId(2)] });
      expect(screen.getByRole('checkbox', { name: 'Seleccionar todos' })).not.toBeChecked();
      await act(() => vi.advanceTimersByTimeAsync(5_100));
      expect(screen.queryByText('Envíos duplicados exitosamente.')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('Eliminar asks first (Está seguro? / Sí / Cancelar), then deletes the selected ones', async () => {
    listApi();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/v1/shipments/all/delete', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ count: 1, shipments: [shipmentId(2)] });
      }),
    );
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('checkbox', { name: 'Seleccionar envío 1002 a Destinatario 2' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Está seguro?' });
    expect(within(dialog).getByText('Está seguro de eliminar este registro?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    dialog = await screen.findByRole('dialog', { name: 'Está seguro?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí' }));
    expect(await screen.findByText('Envíos eliminados exitosamente.')).toBeInTheDocument();
    expect(bodies).toEqual([{ list_id: [shipmentId(2)] }]);
  });

  it("Pagar with a paid shipment selected shows 'Información Preventiva'; unpaid ones go to the payment of many", async () => {
    listApi(() => shipmentPage([shipmentRow(1), shipmentRow(2, { status: true })]));
    const user = userEvent.setup();
    const { router } = renderList();
    await user.click(await screen.findByRole('checkbox', { name: 'Seleccionar todos' }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Información Preventiva' });
    expect(
      within(dialog).getByText(
        'Ha seleccionado un envío que ya ha sido pagado; le invitamos a que desmarque las casillas correspondientes para poder continuar con su operación.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar envío 1002 a Destinatario 2' }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Ruta: /payment/shipments/many')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?shipments=${shipmentId(1)}`);
    expect(router.state.location.state).toEqual({ shipments: [shipmentId(1)] });
  });

  it('a row opens its detail, by click or by its link', async () => {
    listApi();
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByText('Destinatario 2');
    const [, first] = screen.getAllByRole('row');
    await user.click(within(first!).getByText('1 día'));
    expect(await screen.findByText('Ruta: /shipments/:id')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/shipments/${shipmentId(1)}`);
    await act(() => router.navigate('/shipments'));
    await screen.findByText('Destinatario 2');
    const [, , second] = screen.getAllByRole('row');
    expect(within(second!).getByRole('link', { name: 'Destinatario 2, ver envío 1002' })).toHaveAttribute('href', `/shipments/${shipmentId(2)}`);
  });

  it('with no shipments at all, the empty state leads to Nuevo envío; the E-Commerce tab shows what the route gives it', async () => {
    listApi(() => shipmentPage([]));
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByRole('heading', { name: 'Aún no tienes envíos' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Nuevo envío' })[1]).toHaveAttribute('href', '/dashboard/shipment/new');
    await user.click(screen.getByRole('tab', { name: 'E-Commerce' }));
    expect(await screen.findByText('Pedidos de la tienda')).toBeInTheDocument();
  });
});
