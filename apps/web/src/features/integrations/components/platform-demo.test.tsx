import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { DemoStore } from '@envios/contracts/integrations';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { DemoStorePage } from './demo-store-page';
import { PlatformDemoConsent } from './platform-demo-consent';

setupMockApi();

const links = { integrations: '/integrations', orders: '/shipments?tab=ecommerce', tracking: (g: string) => `/rastreo/${g}` };

describe('the Shopify and Tiendanube demo stores', () => {
  it("Tiendanube's install page sends the app of its address and the state with the choice; a refusal is shown", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/v1/demo-store/tiendanube/authorize', async ({ request }) => {
        const body = (await request.json()) as { decision: string };
        sent.push(body);
        if (body.decision === 'deny')
          return HttpResponse.json(
            { message: 'Acceso denegado: esta aplicación no existe en la tienda demo de Tiendanube.', code: 'integrations.access_denied', errors: [] },
            { status: 400 },
          );
        return HttpResponse.json({ redirect: 'http://localhost/api/v1/stores/tiendanube/callback?code=abc&state=s.1' });
      }),
    );
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<PlatformDemoConsent platform="tiendanube" appId="envios-demo-tiendanube" params={new URLSearchParams({ state: 's.1' })} onDone={onDone} />);
    expect(screen.getByRole('heading', { name: 'Envíos MX quiere instalarse en tu tienda Tiendanube' })).toBeInTheDocument();
    expect(screen.getByText('Simulación (sandbox): no es una tienda real')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Denegar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('no existe en la tienda demo');
    await user.click(screen.getByRole('button', { name: 'Instalar aplicación' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('http://localhost/api/v1/stores/tiendanube/callback?code=abc&state=s.1'));
    expect(sent).toEqual([
      { client_id: 'envios-demo-tiendanube', state: 's.1', decision: 'deny' },
      { client_id: 'envios-demo-tiendanube', state: 's.1', decision: 'approve' },
    ]);
  });

  it('the Shopify demo store is labelled as a sandbox, and a shipped order shows its guide', async () => {
    const store: DemoStore = {
      store_url: 'https://tienda-demo.myshopify.com',
      name: 'Tienda demo de Shopify',
      webhooks: 4,
      orders: [
        {
          id: 5001,
          number: '#1001',
          status: 'completed',
          status_label: 'Completado',
          date_created: '2026-03-01T18:00:00.000Z',
          customer: 'Diego Ramírez',
          city: 'Monterrey',
          postcode: '64000',
          total: '477.00',
          items: [{ name: 'Playera bordada', quantity: 2 }],
          tracking_number: '4012345678',
          tracking_provider: 'DHL',
          notes: [
            {
              id: 1,
              note: 'Enviado con DHL, guía 4012345678: http://localhost/rastreo/4012345678',
              customer_note: true,
              date_created: '2026-03-02T10:00:00.000Z',
            },
          ],
        },
      ],
    };
    server.use(http.get('/api/v1/demo-store/shopify', () => HttpResponse.json(store)));
    renderWithApp(<DemoStorePage platform="shopify" links={links} />);
    expect(screen.getByText('Tienda de demostración (sandbox)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tienda demo de Shopify' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Pedido #1001 · Diego Ramírez' });
    expect(within(card).getByRole('link', { name: '4012345678' })).toHaveAttribute('href', '/rastreo/4012345678');
    expect(within(card).getByText(/1 de marzo de 2026|01\/03\/2026|1 mar 2026/)).toBeInTheDocument();
  });
});
