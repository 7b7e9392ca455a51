import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { StoreConnection, StoreList, StoreOrderPage, StoreOrderRow } from '@envios/contracts/integrations';
import { landing, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { STORE_ID, storeOrderRow } from '@/testing/mock-store-orders';
import { EcommerceOrders } from './ecommerce-orders';

setupMockApi();

const USER = '5b7d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e2f';
const STORE = STORE_ID;

const order = storeOrderRow;

function store(over: Partial<StoreConnection> = {}): StoreConnection {
  return {
    _id: STORE,
    ecommerce_type: 'woocommerce',
    store_url: 'https://mitienda.mx',
    app_name: 'Mi Tienda',
    sandbox: false,
    state: 'connected',
    status: true,
    key_hint: '…abc1234',
    complete_on_delivery: true,
    webhooks_ready: true,
    connected_at: '2026-03-01T10:00:00.000Z',
    health: { last_order_at: null, last_webhook_at: null, last_sync_at: null, failing_since: null, failures_24h: 0, recent_failures: [] },
    ...over,
  };
}

function api(orders: StoreOrderRow[], stores: StoreConnection[] = [store()]) {
  const filters: (string | null)[] = [];
  server.use(
    http.get(`/api/v1/woocommerce/stores/${USER}`, () =>
      HttpResponse.json<StoreList>({ data: stores, demo_store_url: 'http://localhost/tienda-demo', https_callbacks: true }),
    ),
    http.get(`/api/v1/marketplace/shipments/${USER}`, ({ request }) => {
      const filter = new URL(request.url).searchParams.get('filter');
      filters.push(filter);
      const data = filter ? orders.filter((o) => o.name.toLowerCase().includes(filter.toLowerCase())) : orders;
      return HttpResponse.json<StoreOrderPage>({ data, count: data.length, page: 1, pages: 1, next: null, previous: null });
    }),
  );
  return { filters };
}

const links = {
  integrations: '/integrations',
  generateGuide: (id: string) => `/dashboard/shipment/new?pedido=${id}`,
  generateGuides: (ids: string[]) => `/integrations/guias?pedidos=${ids.join(',')}`,
  shipment: (id: string) => `/shipments/${id}`,
  tracking: (guide: string) => `/rastreo/${guide}`,
};

function renderTab() {
  return renderWithApp(<EcommerceOrders userId={USER} links={links} />, {
    path: '/shipments',
    routes: [landing('/dashboard/shipment/new'), landing('/integrations/guias'), landing('/shipments/:id'), landing('/integrations')],
  });
}

describe('the E-Commerce tab', () => {
  it("shows the spec's columns, a flagged address, a shipped order's guide, and 'Generar Guia' for the rest", async () => {
    api([
      order(1, {
        problems: [{ field: 'postal_code', message: 'El código postal 00000 no existe en el catálogo: corrígelo en el asistente.', blocking: true }],
        ready: false,
      }),
      order(2, {
        number_guide: '4012345678',
        guide_status: 'En tránsito',
        service: 'DHL - EXPRESS DOMESTIC',
        shipments: [
          {
            _id: '10000000-0000-4000-8000-000000000001',
            numberOfOrder: 1001,
            status: true,
            number_guide: '4012345678',
            service: 'DHL - EXPRESS DOMESTIC',
            tracking_status: 'En tránsito',
            total_amount: 180,
          },
        ],
      }),
    ]);
    renderTab();
    const table = await screen.findByRole('table', { name: 'Pedidos de tu tienda' });
    await within(table).findByText('Cliente 1');
    for (const column of ['Nombre', 'Destino', 'Servicio', 'N° de guía', 'Estatus guía', 'Total (MX$)']) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    const [, flagged, shipped] = within(table).getAllByRole('row');
    expect(within(flagged!).getByText('Dirección por revisar')).toBeInTheDocument();
    expect(within(flagged!).getByText(/00000 no existe en el catálogo/)).toBeInTheDocument();
    expect(within(flagged!).getByRole('checkbox')).toBeDisabled();
    expect(within(flagged!).getByRole('link', { name: /Generar Guia del pedido 1201/ })).toHaveAttribute(
      'href',
      '/dashboard/shipment/new?pedido=00000000-0000-4000-8000-000000000001',
    );
    expect(within(flagged!).getByText('MX$549.00')).toBeInTheDocument();
    expect(within(shipped!).getByRole('link', { name: 'Rastrear la guía 4012345678' })).toHaveAttribute('href', '/rastreo/4012345678');
    expect(within(shipped!).getByText('En tránsito')).toBeInTheDocument();
    expect(within(shipped!).getByRole('link', { name: /Ver el envío del pedido 1202/ })).toBeInTheDocument();
  });

  it('filters by name only above 2 characters', async () => {
    const calls = api([order(1, { name: 'Ángela Zúñiga' }), order(2, { name: 'Bruno Díaz' })]);
    const user = userEvent.setup();
    renderTab();
    await screen.findByRole('table', { name: 'Pedidos de tu tienda' });
    await user.type(screen.getByRole('textbox', { name: 'Buscar por nombre' }), 'br');
    await new Promise((r) => setTimeout(r, 400));
    expect(calls.filters.every((f) => f === null)).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Buscar por nombre' }), 'u');
    await waitFor(() => expect(calls.filters).toContain('bru'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Pedidos de tu tienda' })).queryByText('Ángela Zúñiga')).not.toBeInTheDocument());
  });

  it('turns several ready orders into guides in one go', async () => {
    api([order(1), order(2), order(3, { ready: false })]);
    const user = userEvent.setup();
    const { router } = renderTab();
    const table = await screen.findByRole('table', { name: 'Pedidos de tu tienda' });
    await within(table).findByText('Cliente 1');
    expect(screen.getByRole('button', { name: 'Generar guías' })).toBeDisabled();
    await user.click(within(table).getByRole('checkbox', { name: 'Seleccionar todos los pedidos listos' }));
    await user.click(screen.getByRole('button', { name: 'Generar 2 guías' }));
    expect(await screen.findByText('Ruta: /integrations/guias')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?pedidos=00000000-0000-4000-8000-000000000001,00000000-0000-4000-8000-000000000002');
  });

  it('without a store, it leads to Integraciones', async () => {
    api([], []);
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Conecta tu tienda en línea' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Integraciones' })).toHaveAttribute('href', '/integrations');
  });

  it('warns when a store needs to be reconnected', async () => {
    api([order(1)], [store({ state: 'needs_reconnect' })]);
    renderTab();
    expect(await screen.findByText('Una tienda necesita reconexión')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reconectar' })).toHaveAttribute('href', '/integrations');
  });
});
