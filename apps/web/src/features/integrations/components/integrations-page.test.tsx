import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { StoreConnection, StoreList } from '@envios/contracts/integrations';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { IntegrationsPage } from './integrations-page';

setupMockApi();

const USER = '5b7d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e2f';

function store(over: Partial<StoreConnection> = {}): StoreConnection {
  return {
    _id: '7c1d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e2f',
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

function api(stores: StoreConnection[], https = true) {
  const sent: { url: string; body: unknown }[] = [];
  server.use(
    http.get(`/api/v1/woocommerce/stores/${USER}`, () =>
      HttpResponse.json<StoreList>({ data: stores, demo_store_url: 'http://localhost:3000/tienda-demo', https_callbacks: https }),
    ),
    http.post('/api/v1/woocommerce/oauth', async ({ request }) => {
      const body = (await request.json()) as { store_url: string };
      sent.push({ url: request.url, body });
      if (body.store_url === 'https://sin-https.mx') {
        return HttpResponse.json(
          {
            message: 'Para conectar una tienda real…',
            code: 'integrations.https_required',
            errors: [{ path: 'store_url', message: 'Esta instalación no tiene https; solo puede conectarse la tienda demo.' }],
          },
          { status: 400 },
        );
      }
      return HttpResponse.json({ url_auth: `${body.store_url}/wc-auth/v1/authorize?app_name=x` });
    }),
    http.post('/api/v1/stores/:platform/authorize', async ({ request, params }) => {
      const body = (await request.json()) as { shop?: string; sandbox: boolean };
      sent.push({ url: request.url, body });
      if (params.platform === 'shopify' && body.shop === 'mitienda.com.mx') {
        return HttpResponse.json(
          {
            message: 'El dominio no es válido.',
            code: 'integrations.bad_shop',
            errors: [{ path: 'shop', message: 'Escribe el dominio que termina en .myshopify.com.' }],
          },
          { status: 400 },
        );
      }
      return HttpResponse.json({ url_auth: `https://consent.test/${String(params.platform)}?sandbox=${body.sandbox}` });
    }),
    http.post('/api/v1/stores/shopify/token', async ({ request }) => {
      sent.push({ url: request.url, body: await request.json() });
      return HttpResponse.json(
        {
          message: 'Shopify rechazó el token.',
          code: 'integrations.token_refused',
          errors: [{ path: 'access_token', message: 'Shopify no aceptó este token: revisa que esté completo.' }],
        },
        { status: 400 },
      );
    }),
    http.put(`/api/v1/status/woocommerce/${USER}`, async ({ request }) => {
      sent.push({ url: request.url, body: await request.json() });
      return HttpResponse.json({ status: false, disconnected: 1 });
    }),
  );
  return sent;
}

const links = {
  demoStore: '/tienda-demo',
  orders: '/shipments?tab=ecommerce',
  demoStores: { shopify: '/tienda-demo/shopify', tiendanube: '/tienda-demo/tiendanube' },
};

describe('Integraciones', () => {
  it('without a store: the toggle is off, and the demo store is offered, clearly labelled', async () => {
    const sent = api([]);
    const onLeave = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<IntegrationsPage userId={USER} links={links} onLeave={onLeave} />, { path: '/integrations' });
    expect(await screen.findByRole('heading', { name: '¿Aún no tienes tienda? Prueba con una tienda demo' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Desconectada' })).not.toBeChecked();
    expect(screen.getByText(/no son tiendas reales y nada se vende/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Conectar la tienda demo de WooCommerce' }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith('http://localhost:3000/tienda-demo/wc-auth/v1/authorize?app_name=x'));
    expect(sent[0]!.body).toEqual({ store_url: 'http://localhost:3000/tienda-demo', app_name: 'Tienda demo', user_id: USER });
  });

  it('the connect modal asks for the store URL and name, and sends the seller to their store', async () => {
    const sent = api([]);
    const onLeave = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<IntegrationsPage userId={USER} links={links} onLeave={onLeave} />, { path: '/integrations' });
    await user.click(await screen.findByRole('button', { name: 'Conectar WooCommerce' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conectar tienda WooCommerce' });
    await user.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    expect(await within(dialog).findByText('La URL de la tienda es obligatoria.')).toBeInTheDocument();
    expect(within(dialog).getByText('El nombre de la tienda es obligatorio.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'URL de la tienda' }), 'mitienda.mx');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre de la tienda' }), 'Mi Tienda');
    await user.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith('https://mitienda.mx/wc-auth/v1/authorize?app_name=x'));
    expect(sent[0]!.body).toEqual({ store_url: 'https://mitienda.mx', app_name: 'Mi Tienda', user_id: USER });
  });

  it("an install without https says so, and the server's answer names the field", async () => {
    api([], false);
    const user = userEvent.setup();
    renderWithApp(<IntegrationsPage userId={USER} links={links} onLeave={vi.fn()} />, { path: '/integrations' });
    await user.click(await screen.findByRole('button', { name: 'Conectar WooCommerce' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conectar tienda WooCommerce' });
    expect(within(dialog).getByText(/solo puedes conectar la tienda demo/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'URL de la tienda' }), 'https://sin-https.mx');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre de la tienda' }), 'Tienda');
    await user.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    expect(await within(dialog).findByText('Esta instalación no tiene https; solo puede conectarse la tienda demo.')).toBeInTheDocument();
  });

  it('back from the store: success=0 says the authorization was refused', async () => {
    api([]);
    renderWithApp(<IntegrationsPage userId={USER} links={links} onLeave={vi.fn()} />, { path: '/integrations', at: '/integrations?success=0&user_id=abc' });
    expect(
      await screen.findByText('No se conectó la tienda: la autorización fue rechazada en tu tienda. Puedes intentarlo de nuevo cuando quieras.'),
    ).toBeInTheDocument();
  });

  it("a store's health: its failures in Spanish, Reconectar, and disconnection after confirming", async () => {
    const sent = api([
      store({
        state: 'needs_reconnect',
        health: {
          last_order_at: '2026-03-01T10:00:00.000Z',
          last_webhook_at: '2026-03-01T10:00:00.000Z',
          last_sync_at: null,
          failing_since: '2026-03-01T11:00:00.000Z',
          failures_24h: 2,
          recent_failures: [
            {
              at: '2026-03-01T11:00:00.000Z',
              reason: 'Al sincronizar los pedidos: La tienda rechazó nuestras llaves (401); vuelve a conectarla con «Reconectar».',
            },
          ],
        },
      }),
    ]);
    const user = userEvent.setup();
    renderWithApp(<IntegrationsPage userId={USER} links={links} onLeave={vi.fn()} />, { path: '/integrations' });
    const card = await screen.findByRole('region', { name: 'Mi Tienda' });
    expect(within(card).getByText('Necesita reconexión')).toBeInTheDocument();
    expect(within(card).getByText('Tu tienda ya no acepta nuestras llaves')).toBeInTheDocument();
    expect(within(card).getByText(/rechazó nuestras llaves \(401\)/)).toBeInTheDocument();
    expect(within(card).getByText('2')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Reconectar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reconectar tienda WooCommerce' });
    expect(within(dialog).getByRole('textbox', { name: 'URL de la tienda' })).toHaveValue('https://mitienda.mx');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await user.click(within(card).getByRole('button', { name: 'Desconectar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Desconectar la tienda?' });
    await user.click(within(confirm).getByRole('button', { name: 'Desconectar' }));
    await waitFor(() =>
      expect(sent.at(-1)!.body).toEqual({ ecommerce_type: 'woocommerce', status: false, connection_id: '7c1d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e2f' }),
    );
  });

  it("'Sincronizar ahora' says the search started, and a failure is said instead of lost", async () => {
    api([store()]);
    let calls = 0;
    server.use(
      http.post('/api/v1/woocommerce/stores/:id/sync', () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ queued: true });
        return HttpResponse.json(
          { message: 'El servicio no está disponible. Intenta de nuevo en unos minutos.', code: 'server.unavailable', errors: [] },
          { status: 503 },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<IntegrationsPage userId={USER} links={links} onLeave={vi.fn()} />, { path: '/integrations' });
    const card = await screen.findByRole('region', { name: 'Mi Tienda' });
    await user.click(within(card).getByRole('button', { name: 'Sincronizar ahora' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Buscando pedidos en tu tienda; en unos segundos verás el resultado.');
    await user.click(within(card).getByRole('button', { name: 'Sincronizar ahora' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('El servicio no está disponible. Intenta de nuevo en unos minutos.');
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
  });

  it('Shopify: the shop domain goes to the install page, and a bad one is named', async () => {
    const sent = api([]);
    const onLeave = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<IntegrationsPage userId={USER} links={links} onLeave={onLeave} />, { path: '/integrations' });
    await user.click(await screen.findByRole('button', { name: 'Conectar Shopify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conectar tienda Shopify' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Dominio de tu tienda' }), 'mitienda.com.mx');
    await user.click(within(dialog).getByRole('button', { name: 'Ir a Shopify' }));
    expect(await within(dialog).findByText('Escribe el dominio que termina en .myshopify.com.')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Dominio de tu tienda' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Dominio de tu tienda' }), 'mitienda.myshopify.com');
    await user.click(within(dialog).getByRole('button', { name: 'Ir a Shopify' }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith('https://consent.test/shopify?sandbox=false'));
    expect(sent.at(-1)!.body).toEqual({ sandbox: false, shop: 'mitienda.myshopify.com' });
  });

  it('Shopify: a pasted custom-app token that the shop refuses names the field', async () => {
    api([]);
    const user = userEvent.setup();
    renderWithApp(<IntegrationsPage userId={USER} links={links} onLeave={vi.fn()} />, { path: '/integrations' });
    await user.click(await screen.findByRole('button', { name: 'Conectar Shopify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conectar tienda Shopify' });
    await user.click(within(dialog).getByRole('radio', { name: 'Token de app personalizada' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Dominio de tu tienda' }), 'mitienda.myshopify.com');
    await user.click(within(dialog).getByLabelText(/Token de la API de administración/));
    await user.paste('shpat_0123456789abcdef0123');
    await user.click(within(dialog).getByLabelText(/Clave secreta de la API/));
    await user.paste('0123456789abcdef0123');
    await user.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    expect(await within(dialog).findByText('Shopify no aceptó este token: revisa que esté completo.')).toBeInTheDocument();
  });

  it("each store card names the store as its seller knows it: the address, or Tiendanube's store number (not its API address)", async () => {
    api([
      store(),
      store({ _id: '7c1d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e30', ecommerce_type: 'shopify', store_url: 'https://mi-tienda.myshopify.com', app_name: 'Mi Shopify' }),
      store({
        _id: '7c1d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e31',
        ecommerce_type: 'tiendanube',
        store_url: 'https://api.tiendanube.com/v1/1234567',
        app_name: 'Mi Nube',
      }),
      store({
        _id: '7c1d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e32',
        ecommerce_type: 'tiendanube',
        store_url: 'https://api.tiendanube.com/v1/1000001',
        app_name: 'Tienda demo de Tiendanube',
        sandbox: true,
      }),
    ]);
    renderWithApp(<IntegrationsPage userId={USER} links={links} onLeave={vi.fn()} />, { path: '/integrations' });
    expect(within(await screen.findByRole('region', { name: 'Mi Tienda' })).getByText('mitienda.mx')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Mi Shopify' })).getByText('mi-tienda.myshopify.com')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Mi Nube' })).getByText('Tienda n.º 1234567 en Tiendanube')).toBeInTheDocument();
    const demo = screen.getByRole('region', { name: 'Tienda demo de Tiendanube' });
    expect(within(demo).getByText('Tienda n.º 1000001 simulada en Envíos MX')).toBeInTheDocument();
    expect(screen.queryByText(/api\.tiendanube\.com/)).not.toBeInTheDocument();
  });

  it('Tiendanube and the demo stores start the authorization; back with ?tienda=rechazada says so', async () => {
    const sent = api([store()]);
    const onLeave = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<IntegrationsPage userId={USER} links={links} onLeave={onLeave} />, { path: '/integrations', at: '/integrations?tienda=rechazada' });
    expect(await screen.findByText('La instalación fue rechazada en tu tienda. Puedes intentarlo de nuevo cuando quieras.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Practica con las tiendas demo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Conectar Tiendanube' }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith('https://consent.test/tiendanube?sandbox=false'));
    await user.click(screen.getByRole('button', { name: 'Conectar la tienda demo de Tiendanube' }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith('https://consent.test/tiendanube?sandbox=true'));
    await user.click(screen.getByRole('button', { name: 'Conectar la tienda demo de Shopify' }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith('https://consent.test/shopify?sandbox=true'));
    expect(sent.filter((r) => r.url.includes('/stores/')).map((r) => r.body)).toEqual([{ sandbox: false }, { sandbox: true }, { sandbox: true }]);
  });
});
