import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { StoreOrderDetail } from '@envios/contracts/integrations';
import type { QuoteRequest, QuoteResponse, ShippingOption } from '@envios/contracts/quotes';
import { IDEMPOTENCY_KEY_HEADER } from '@envios/contracts/shipments';
import { landing, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { storeOrderId, storeOrderRow } from '@/testing/mock-store-orders';
import { OrderGuides, type OriginChoice } from './order-guides';

setupMockApi();

const id = storeOrderId;

function order(n: number, over: Partial<StoreOrderDetail> = {}): StoreOrderDetail {
  return {
    ...storeOrderRow(n),
    destination_direction: {
      full_name: `Cliente ${n}`,
      email: 'cliente@example.com',
      phone: '3312345678',
      address: 'Av. Juárez',
      number: '100',
      intNumber: '',
      reference_of_origin: '',
      colony: 'Centro',
      postal_code: '44100',
      city: 'Guadalajara',
      state_code: 'JA',
      state_short: 'JAL',
      country_code: 'MX',
    },
    description_of_the_content: 'Taza de cerámica',
    parcels: [{ width: 20, depth: 15, height: 10, weight: n }],
    weight_kg: n,
    weight_from_products: true,
    items: [{ name: 'Taza de cerámica', quantity: 1, sku: 'TZ-1', weight_kg: n }],
    customer_note: '',
    shipping_method: 'Envío estándar',
    ...over,
  };
}

function option(serviceId: string, carrier: string, pesos: number): ShippingOption {
  return {
    carrier,
    carrier_code: carrier === 'DHL' ? 'dhl' : 'fedex',
    carrier_service_name: carrier === 'DHL' ? 'EXPRESS DOMESTIC' : 'STANDARD OVERNIGHT',
    service_id: serviceId,
    carrier_logo_url: '',
    carrier_logo_url_svg: '',
    total_amount: pesos,
    net_total_amount: pesos,
    price_per_guide: pesos,
    overweight_amount: 0,
    guides: 1,
    currency: 'MXN',
    date: '2026-03-02',
    estimated_delivery: '2026-03-03',
    total_transit_days: 1,
    transit_text: '1 día hábil',
  } as ShippingOption;
}

const DHL = '11111111-1111-4111-8111-111111111111';
const FEDEX = '22222222-2222-4222-8222-222222222222';

const ORIGIN: OriginChoice = {
  id: '33333333-3333-4333-8333-333333333333',
  label: 'Bodega Centro',
  address: {
    full_name: 'Bodega Centro',
    email: 'bodega@example.com',
    phone: '5512345678',
    address: 'Calle 5',
    number: '10',
    intNumber: '',
    reference_of_origin: '',
    colony: 'Roma Norte',
    postal_code: '06700',
    city: 'Ciudad de México',
    state_code: 'DF',
    country_code: 'MX',
  },
};

/** The API: the orders, a quote whose price grows with the parcel's weight, and the creation. */
function api(orders: StoreOrderDetail[], creation: (body: unknown, key: string | null) => Response | Promise<Response>) {
  const quoted: QuoteRequest[] = [];
  const created: { body: { shipments: { shipment_ecommerce: unknown; selected_service: { service_id: string } }[] }; key: string | null }[] = [];
  server.use(
    http.get('/api/v1/marketplace/orders/:id', ({ params }) => {
      const found = orders.find((o) => o._id === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'No encontramos ese pedido.', code: 'not_found', errors: [] }, { status: 404 });
    }),
    http.post('/api/v1/quoting', async ({ request }) => {
      const body = (await request.json()) as QuoteRequest;
      quoted.push(body);
      const weight = body.parcels[0]!.weight;
      return HttpResponse.json<QuoteResponse>({
        options: [option(DHL, 'DHL', 100 + weight), option(FEDEX, 'FedEx', 150 + weight)],
        unavailable_carriers: [],
        guides: 1,
        quoted_at: '2026-03-02T10:00:00.000Z',
      });
    }),
    http.post('/api/v1/shipments/home/all', async ({ request }) => {
      const body = await request.json();
      const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
      created.push({ body: body as (typeof created)[number]['body'], key });
      return creation(body, key);
    }),
  );
  return { quoted, created };
}

const links = {
  generateGuide: (orderId: string) => `/dashboard/shipment/new?pedido=${orderId}`,
  orders: '/shipments?tab=ecommerce',
  payMany: (ids: string[]) => `/payment/many?shipments=${ids.join(',')}`,
};

function renderPage(orderIds: string[]) {
  return renderWithApp(
    <OrderGuides
      orderIds={orderIds}
      links={links}
      renderOriginPicker={({ value, onPick }) => (
        <button type="button" onClick={() => onPick(ORIGIN)}>
          {value ? 'Origen: Bodega Centro' : 'Usar Bodega Centro'}
        </button>
      )}
    />,
    { path: '/integrations/guias', routes: [landing('/payment/many'), landing('/dashboard/shipment/new')] },
  );
}

const created = (n: number) => ({ shipments: Array.from({ length: n }, (_, i) => ({ _id: id(50 + i) })) });

describe('several store orders into guides', () => {
  it('quotes each ready order from the chosen origin, proposes its cheapest service and buys them all with one key, each named by its store platform', async () => {
    const flagged = order(3, { ready: false, problems: [{ field: 'postal_code', message: 'El código postal 00000 no existe.', blocking: true }] });
    const shipped = order(4, {
      shipments: [
        {
          _id: id(90),
          numberOfOrder: 1001,
          status: true,
          number_guide: '4012345678',
          service: 'DHL - EXPRESS DOMESTIC',
          tracking_status: null,
          total_amount: 180,
        },
      ],
    });
    // Orders of two stores: each shipment names its own store's platform.
    const calls = api([order(1, { platform: 'shopify' }), order(2, { platform: 'tiendanube' }), flagged, shipped], () =>
      HttpResponse.json(created(2), { status: 201 }),
    );
    const user = userEvent.setup();
    const { router } = renderPage([id(1), id(2), id(3), id(4)]);

    const first = await screen.findByRole('article', { name: 'Pedido 1201 de Cliente 1' });
    expect(within(first).getByText('Elige el origen para cotizar.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear 2 envíos y pagar' })).toBeDisabled();
    // The orders that cannot go in the group say why, and the flagged one keeps its own way in.
    const apart = screen.getByText('Estos pedidos van por separado').closest('[role="alert"], .mantine-Alert-root') as HTMLElement;
    expect(within(apart).getByText(/Pedido #1203 · Cliente 3: su dirección necesita revisión/)).toBeInTheDocument();
    expect(within(apart).getByRole('link', { name: 'Generar Guia' })).toHaveAttribute('href', `/dashboard/shipment/new?pedido=${id(3)}`);
    expect(within(apart).getByText(/Pedido #1204 · Cliente 4: ya tiene envío/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Usar Bodega Centro' }));
    await waitFor(() => expect(within(first).getByRole('combobox', { name: 'Servicio' })).toHaveValue(DHL));
    const second = screen.getByRole('article', { name: 'Pedido 1202 de Cliente 2' });
    await waitFor(() => expect(within(second).getByRole('combobox', { name: 'Servicio' })).toHaveValue(DHL));
    expect(calls.quoted.map((q) => [q.origin_direction.postal_code, q.destination_direction.postal_code, q.parcels[0]!.weight])).toEqual([
      ['06700', '44100', 1],
      ['06700', '44100', 2],
    ]);
    // The cheapest of each: MX$101.00 + MX$102.00.
    expect(screen.getByText('MX$203.00')).toBeInTheDocument();

    // A different service for the second order changes the total.
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Servicio' }), FEDEX);
    expect(await screen.findByText('MX$253.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Crear 2 envíos y pagar' }));
    expect(await screen.findByText('Ruta: /payment/many')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?shipments=${id(50)},${id(51)}`);
    expect(calls.created).toHaveLength(1);
    const sent = calls.created[0]!;
    expect(sent.key).toMatch(/\S{16,}/);
    expect(sent.body.shipments.map((s) => [s.selected_service.service_id, s.shipment_ecommerce])).toEqual([
      [DHL, { order_id: id(1), ecommerce_type: 'shopify' }],
      [FEDEX, { order_id: id(2), ecommerce_type: 'tiendanube' }],
    ]);
  });

  it('a changed parcel is quoted again with its new weight', async () => {
    const calls = api([order(1)], () => HttpResponse.json(created(1), { status: 201 }));
    const user = userEvent.setup();
    renderPage([id(1)]);
    const card = await screen.findByRole('article', { name: 'Pedido 1201 de Cliente 1' });
    await user.click(screen.getByRole('button', { name: 'Usar Bodega Centro' }));
    expect(await screen.findByText('MX$101.00')).toBeInTheDocument();
    const weight = within(card).getByRole('textbox', { name: 'Peso (kg)' });
    await user.clear(weight);
    await user.type(weight, '5');
    expect(await screen.findByText('MX$105.00')).toBeInTheDocument();
    expect(calls.quoted.at(-1)!.parcels[0]!.weight).toBe(5);
    expect(screen.getByRole('button', { name: 'Crear envío y pagar' })).toBeEnabled();
  });

  it('when a price changed before buying, it says so, quotes again, and the next try is a new purchase', async () => {
    let answers = 0;
    const calls = api([order(1), order(2)], () => {
      answers += 1;
      if (answers === 1) return HttpResponse.json({ message: 'El precio del servicio cambió.', code: 'shipments.price_changed', errors: [] }, { status: 409 });
      return HttpResponse.json(created(2), { status: 201 });
    });
    const user = userEvent.setup();
    renderPage([id(1), id(2)]);
    await screen.findByRole('article', { name: 'Pedido 1201 de Cliente 1' });
    await user.click(screen.getByRole('button', { name: 'Usar Bodega Centro' }));
    await screen.findByText('MX$203.00');
    const quotedBefore = calls.quoted.length;

    await user.click(screen.getByRole('button', { name: 'Crear 2 envíos y pagar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El precio del servicio cambió. Volvimos a cotizar: revisa los precios y presiona de nuevo.');
    await waitFor(() => expect(calls.quoted.length).toBe(quotedBefore + 2));

    await user.click(screen.getByRole('button', { name: 'Crear 2 envíos y pagar' }));
    expect(await screen.findByText('Ruta: /payment/many')).toBeInTheDocument();
    expect(calls.created).toHaveLength(2);
    expect(calls.created[1]!.key).not.toBe(calls.created[0]!.key);
  });

  it('an order that cannot be read is said in Spanish, and nothing can be bought', async () => {
    api([], () => HttpResponse.json(created(0), { status: 201 }));
    renderPage([id(7)]);
    expect(await screen.findByRole('alert')).toHaveTextContent('No encontramos ese pedido.');
    expect(screen.getByText('Ninguno de estos pedidos puede generarse en grupo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear envío y pagar' })).toBeDisabled();
  });
});
