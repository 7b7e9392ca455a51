import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { DemoOrder, DemoStore } from '@envios/contracts/integrations';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { DemoConsent } from './demo-consent';
import { DemoStorePage } from './demo-store-page';

setupMockApi();

const HANDSHAKE = new URLSearchParams({
  app_name: 'Envíos MX',
  scope: 'read_write',
  user_id: 'hs_1.firma',
  return_url: 'http://localhost/integrations',
  callback_url: 'http://localhost/api/v1/webhooks/woocommerce/keys',
});

describe("the demo store's consent page", () => {
  it('says who asks for what, clearly as a simulation, and sends the five parameters with the choice', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/v1/demo-store/authorize', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ redirect: '/integrations?success=1&user_id=hs_1.firma' });
      }),
    );
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<DemoConsent params={HANDSHAKE} onDone={onDone} />);
    expect(screen.getByRole('heading', { name: 'Envíos MX quiere conectarse a tu tienda' })).toBeInTheDocument();
    expect(screen.getByText('Simulación: no es una tienda real')).toBeInTheDocument();
    expect(screen.getByText('Ver y gestionar pedidos e informes de ventas')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('/integrations?success=1&user_id=hs_1.firma'));
    expect(sent).toEqual([{ ...Object.fromEntries(HANDSHAKE), decision: 'approve' }]);
  });

  it('denying sends the browser where the store says, and a refused request shows Acceso denegado', async () => {
    const decisions: string[] = [];
    server.use(
      http.post('/api/v1/demo-store/authorize', async ({ request }) => {
        const body = (await request.json()) as { decision: string; user_id?: string };
        decisions.push(body.decision);
        if (body.user_id !== 'hs_1.firma')
          return HttpResponse.json({ message: 'La solicitud de conexión no es válida.', code: 'integrations.bad_handshake', errors: [] }, { status: 400 });
        return HttpResponse.json({ redirect: '/integrations?success=0&user_id=hs_1.firma' });
      }),
    );
    const onDone = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<DemoConsent params={HANDSHAKE} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Denegar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('/integrations?success=0&user_id=hs_1.firma'));
    unmount();

    const tampered = new URLSearchParams(HANDSHAKE);
    tampered.set('user_id', 'otra-cuenta');
    renderWithApp(<DemoConsent params={tampered} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Aprobar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Acceso denegado');
    expect(alert).toHaveTextContent('La solicitud de conexión no es válida.');
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(decisions).toEqual(['deny', 'approve']);
  });
});

function demoOrder(over: Partial<DemoOrder> = {}): DemoOrder {
  return {
    id: 101,
    number: '101',
    status: 'processing',
    status_label: 'Procesando',
    date_created: '2026-03-01T18:00:00',
    customer: 'Lucía Hernández',
    city: 'Guadalajara',
    postcode: '44100',
    total: '549.00',
    items: [{ name: 'Taza de cerámica', quantity: 2 }],
    tracking_number: null,
    tracking_provider: null,
    notes: [],
    ...over,
  };
}

function demoApi(store: DemoStore) {
  const placed: string[] = [];
  server.use(
    http.get('/api/v1/demo-store', () => HttpResponse.json(store)),
    http.post('/api/v1/demo-store/orders', async ({ request }) => {
      const { kind } = (await request.json()) as { kind: string };
      placed.push(kind);
      return HttpResponse.json(demoOrder({ id: 102, number: '102', customer: 'Mario Ruiz' }), { status: 201 });
    }),
  );
  return { placed };
}

const links = { integrations: '/integrations', orders: '/shipments?tab=ecommerce', tracking: (g: string) => `/rastreo/${g}` };

describe('the demo store', () => {
  it('before connecting, it is labelled as simulated and leads to Integraciones', async () => {
    demoApi({ store_url: 'http://localhost/tienda-demo', name: 'Tienda demo', orders: [], webhooks: 0 });
    renderWithApp(<DemoStorePage links={links} />);
    expect(screen.getByText('Tienda de demostración (sandbox)')).toBeInTheDocument();
    expect(await screen.findByText('La tienda aún no tiene pedidos.')).toBeInTheDocument();
    expect(screen.getByText('Aún no está conectada con Envíos MX.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Conectar en Integraciones' })).toHaveAttribute('href', '/integrations');
  });

  it('a test order is placed with one click, and a shipped order shows its guide and our note for the customer', async () => {
    const shipped = demoOrder({
      status: 'completed',
      status_label: 'Completado',
      tracking_number: '4012345678',
      tracking_provider: 'DHL',
      notes: [
        {
          id: 9,
          note: 'Tu pedido va en camino con DHL, guía 4012345678: http://localhost/rastreo/4012345678',
          customer_note: true,
          date_created: '2026-03-02T10:00:00',
        },
      ],
    });
    const calls = demoApi({ store_url: 'http://localhost/tienda-demo', name: 'Tienda demo', orders: [shipped], webhooks: 2 });
    const user = userEvent.setup();
    renderWithApp(<DemoStorePage links={links} />);

    const card = await screen.findByRole('article', { name: 'Pedido #101 · Lucía Hernández' });
    expect(within(card).getByText('Completado')).toBeInTheDocument();
    expect(within(card).getByText('2 × Taza de cerámica')).toBeInTheDocument();
    expect(within(card).getByText(/MX\$549\.00/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '4012345678' })).toHaveAttribute('href', '/rastreo/4012345678');
    const notes = within(card).getByLabelText('Notas del pedido 101');
    expect(within(notes).getByText(/Nota para el cliente/)).toBeInTheDocument();
    expect(within(notes).getByText(/guía 4012345678/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver pedidos en Envíos MX' })).toHaveAttribute('href', '/shipments?tab=ecommerce');

    await user.click(screen.getByRole('button', { name: 'Pedido con C.P. inexistente' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Pedido #102 de Mario Ruiz recibido en la tienda.');
    await user.click(screen.getByRole('button', { name: 'Hacer un pedido de prueba' }));
    await waitFor(() => expect(calls.placed).toEqual(['unknown_postal_code', 'normal']));
  });
});
