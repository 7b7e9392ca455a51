import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Link } from 'react-router';
import type { QuoteRequest } from '@envios/contracts/quotes';
import { landing, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { demoQuoteRequest, option } from '@/testing/mock-quotes';
import { createdShipments, createShipmentsHandler, deleteShipmentHandler, demoUserId, FakePostalCode, overweightHandler } from '@/testing/mock-shipments';
import { FakeCountry } from '@/testing/mock-geography';
import { NewShipmentWizard, type NewShipmentWizardProps } from './new-shipment-wizard';
import type { NewShipmentSlots, ServiceSlotProps } from './wizard-slots';

setupMockApi();

const ampm = option('ampm', 'ESTANDAR', 144.48, 4);
const quotedAt = '2026-11-22T16:00:00.000Z';

/** Stand-ins for the other features' pieces the routes plug in. */
function makeSlots() {
  const requests: (QuoteRequest | null)[] = [];
  const slots: NewShipmentSlots = {
    PostalCodeField: FakePostalCode,
    CountryField: FakeCountry,
    renderServiceSelector: (slot: ServiceSlotProps) => {
      requests.push(slot.request);
      return (
        <section aria-label="Selector de servicios">
          <button type="button" onClick={() => slot.onChoose(ampm, quotedAt)}>
            Enviar con AM/PM ESTANDAR
          </button>
          <Link to={slot.backHref} state={slot.backState}>
            Regresar
          </Link>
        </section>
      );
    },
  };
  return { slots, requests };
}

function renderWizard(props: Partial<NewShipmentWizardProps> & { slots: NewShipmentSlots }) {
  const variant = props.variant ?? 'dashboard';
  const path = variant === 'dashboard' ? '/dashboard/shipment/new' : '/shipment/new';
  return renderWithApp(
    <NewShipmentWizard
      variant={variant}
      userId={demoUserId}
      exit={{ href: variant === 'dashboard' ? '/dashboard' : '/' }}
      links={{ shipments: '/shipments', dashboard: '/dashboard' }}
      {...props}
    />,
    { path, routes: [landing('/shipments'), landing('/dashboard')] },
  );
}

async function fillSide(user: UserEvent, legend: 'Origen' | 'Destino', who: { name: string; email: string; phone: string; street: string; number: string }) {
  const group = screen.getByRole('group', { name: legend });
  await user.type(within(group).getByLabelText(/Nombre completo/), who.name);
  await user.type(within(group).getByLabelText(/Correo electrónico/), who.email);
  await user.type(within(group).getByLabelText(/Teléfono/), who.phone);
  await user.type(within(group).getByLabelText(/Calle/), who.street);
  await user.type(within(group).getByLabelText(/Número exterior/), who.number);
}

async function fillAddresses(user: UserEvent) {
  await fillSide(user, 'Origen', { name: 'Ana López', email: 'ana@correo.test', phone: '3312345678', street: 'Av. Juárez', number: '1' });
  await fillSide(user, 'Destino', { name: 'Luis Pérez', email: 'luis@correo.test', phone: '5512345678', street: 'Durango', number: '25' });
  await user.type(screen.getByLabelText(/Descripción del contenido/), 'Ropa');
}

const publicEntry = (quote: QuoteRequest = demoQuoteRequest) => ({ quote, service: { option: ampm, quoted_at: quotedAt } });

describe('NewShipmentWizard', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('dashboard: quote, service, addresses and purchase summary; Anterior deletes the shipments and keeps the data', async () => {
    const user = userEvent.setup({ delay: null });
    const create = createShipmentsHandler('/api/v1/shipments', [{ status: 201, body: createdShipments(2) }]);
    const remove = deleteShipmentHandler();
    server.use(
      create.handler,
      remove.handler,
      overweightHandler({
        docs: [{ _id: '30000000-0000-4000-8000-000000000001', numberOfOrder: 900, number_guide: null, overweight: 2, cost_overweight: 50 }],
        total_cost_overweight: 50,
      }),
    );
    const { slots, requests } = makeSlots();
    renderWizard({ slots });

    expect(screen.getByRole('heading', { level: 1, name: 'Nuevo envío' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cotiza tu envío' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Anterior/ })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('radio', { name: 'Paquete' })).toBeChecked();
    await user.type(screen.getByLabelText(/Código postal de origen/), '44100');
    await user.type(screen.getByLabelText(/Código postal de destino/), '06600');
    const guides = screen.getByRole('textbox', { name: /Número de guías/ });
    await user.clear(guides);
    await user.type(guides, '2');
    await user.type(screen.getByRole('spinbutton', { name: /Largo/ }), '30');
    await user.type(screen.getByRole('spinbutton', { name: /Alto/ }), '15');
    await user.type(screen.getByRole('spinbutton', { name: /Ancho/ }), '20');
    await user.type(screen.getByRole('textbox', { name: /Peso/ }), '3');
    await user.click(screen.getByRole('button', { name: 'Cotizar!' }));

    // The selector's back link returns to step 1 with everything still typed.
    await user.click(await screen.findByRole('link', { name: 'Regresar' }));
    expect(await screen.findByRole('heading', { name: 'Cotiza tu envío' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Código postal de destino/)).toHaveValue('06600');
    expect(screen.getByRole('textbox', { name: /Peso/ })).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Cotizar!' }));

    await user.click(await screen.findByRole('button', { name: 'Enviar con AM/PM ESTANDAR' }));
    expect(requests.at(-1)).toMatchObject({ cantidadGuias: 2, parcels: [{ width: 30, height: 15, depth: 20, weight: 3 }], package_type: 'box' });
    expect(requests.at(-1)?.origin_direction).toMatchObject({ postal_code: '44100', city: 'Guadalajara' });

    expect(await screen.findByRole('heading', { name: 'Ingresar direcciones' })).toBeInTheDocument();
    const origin = screen.getByRole('group', { name: 'Origen' });
    expect(within(origin).getByLabelText(/Código postal/)).toHaveValue('44100');
    expect(within(origin).getByLabelText(/Estado, Ciudad/)).toHaveValue('Jalisco, Guadalajara');
    // Guadalajara offers local pickup.
    expect(within(origin).getByRole('checkbox', { name: /Solicitar recolección local/ })).toBeInTheDocument();
    expect(await screen.findByText('MX$338.96')).toBeInTheDocument();

    await fillAddresses(user);
    await user.click(within(origin).getByRole('checkbox', { name: /Guardar dirección/ }));
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));

    expect(await screen.findByRole('heading', { name: 'Resumen de Compra' })).toBeInTheDocument();
    expect(create.calls).toHaveLength(1);
    const sent = create.calls[0]!;
    expect(sent.idempotencyKey).toMatch(/\S{16,}/);
    expect(sent.body).toMatchObject({
      selected_service: { service_id: ampm.service_id, net_total_amount: 288.96 },
      cantidadGuias: 2,
      parcels: [{ width: 30, height: 15, depth: 20, weight: 3 }],
      save_origin: true,
      save_destination: false,
      local_pickup: false,
      description_of_the_content: 'Ropa',
      origin_direction: { full_name: 'Ana López', number: '1', postal_code: '44100', city: 'Jalisco, Guadalajara', colony: 'Guadalajara Centro' },
      destination_direction: { full_name: 'Luis Pérez', postal_code: '06600', colony: 'Juárez', state_short: 'CDMX' },
    });
    const list = screen.getByRole('list', { name: 'Envíos creados' });
    expect(within(list).getByText('Folio 2001')).toBeInTheDocument();
    expect(within(list).getByText('Folio 2002')).toBeInTheDocument();
    // The earlier overweight rides on this purchase: a line of its own, with its folio, and in the total.
    expect(await screen.findByText('Sobrepeso de envíos anteriores (envío 900)')).toBeInTheDocument();
    expect(screen.getByText('MX$50.00')).toBeInTheDocument();
    expect(screen.getByTestId('purchase-total')).toHaveTextContent('MX$338.96');
    expect(screen.getByText(/Puedes pagarlos desde ahí/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Anterior/ }));
    expect(await screen.findByRole('heading', { name: 'Ingresar direcciones' })).toBeInTheDocument();
    expect(remove.deleted.sort()).toEqual(
      createdShipments(2)
        .shipments.map((s) => s._id)
        .sort(),
    );
    expect(within(screen.getByRole('group', { name: 'Origen' })).getByLabelText(/Nombre completo/)).toHaveValue('Ana López');
    expect(screen.getByLabelText(/Descripción del contenido/)).toHaveValue('Ropa');
    // The whole journey in one test: give a busy machine room.
  }, 40_000);

  it("'Generar Guia': a store order pre-fills destination, content and parcel; the shipment carries the order", async () => {
    const user = userEvent.setup({ delay: null });
    const create = createShipmentsHandler('/api/v1/shipments', [{ status: 201, body: createdShipments(1) }]);
    server.use(create.handler, overweightHandler());
    const { slots, requests } = makeSlots();
    const order = '00000000-0000-4000-8000-000000000001';
    renderWizard({
      slots,
      prefill: {
        order: { id: order, platform: 'tiendanube', label: 'pedido #1201 de Mi Tienda', notes: ['El peso es un estimado: revisa el paquete.'] },
        destination: {
          full_name: 'Luis Pérez',
          email: 'luis@correo.test',
          phone: '5512345678',
          address: 'Durango',
          number: '25',
          intNumber: '',
          reference_of_origin: '',
          colony: 'Juárez',
          postal_code: '06600',
          city: 'Ciudad de México, Cuauhtémoc',
          state_code: 'DF',
          state_short: 'CDMX',
          country_code: 'MX',
        },
        description: '2 × Taza de talavera',
        parcels: [{ width: 12, depth: 11, height: 20, weight: 0.9 }],
      },
    });

    expect(screen.getByText('Guía para el pedido #1201 de Mi Tienda')).toBeInTheDocument();
    expect(screen.getByText('Revisa: El peso es un estimado: revisa el paquete.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Código postal de destino/)).toHaveValue('06600');
    expect(screen.getByRole('textbox', { name: /Peso/ })).toHaveValue('0.9');
    // The seller picks the origin and the service as usual.
    await user.type(screen.getByLabelText(/Código postal de origen/), '44100');
    await user.click(screen.getByRole('button', { name: 'Cotizar!' }));
    await user.click(await screen.findByRole('button', { name: 'Enviar con AM/PM ESTANDAR' }));
    expect(requests.at(-1)).toMatchObject({ parcels: [{ width: 12, depth: 11, height: 20, weight: 0.9 }], destination_direction: { postal_code: '06600' } });

    expect(await screen.findByRole('heading', { name: 'Ingresar direcciones' })).toBeInTheDocument();
    const destination = screen.getByRole('group', { name: 'Destino' });
    expect(within(destination).getByLabelText(/Nombre completo/)).toHaveValue('Luis Pérez');
    expect(screen.getByLabelText(/Descripción del contenido/)).toHaveValue('2 × Taza de talavera');
    await fillSide(user, 'Origen', { name: 'Ana López', email: 'ana@correo.test', phone: '3312345678', street: 'Av. Juárez', number: '1' });
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));

    expect(await screen.findByRole('heading', { name: 'Resumen de Compra' })).toBeInTheDocument();
    expect(create.calls[0]!.body).toMatchObject({
      shipment_ecommerce: { order_id: order, ecommerce_type: 'tiendanube' },
      description_of_the_content: '2 × Taza de talavera',
      destination_direction: { full_name: 'Luis Pérez', postal_code: '06600', colony: 'Juárez', number: '25' },
      parcels: [{ width: 12, depth: 11, height: 20, weight: 0.9 }],
    });
  }, 40_000);

  it('public: from the home quote it starts at the addresses; no local pickup outside Guadalajara', async () => {
    const monterrey: QuoteRequest = {
      ...demoQuoteRequest,
      origin_direction: { country_code: 'MX', postal_code: '64000', city: 'Monterrey', suburb: 'Monterrey Centro' },
    };
    server.use(overweightHandler());
    renderWizard({ variant: 'public', entry: publicEntry(monterrey), slots: makeSlots().slots });
    expect(await screen.findByRole('heading', { name: 'Ingresar direcciones' })).toBeInTheDocument();
    expect(screen.getByText('Paso 2 de 3 · Direcciones')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Solicitar recolección local/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: /Guardar dirección/ })).toHaveLength(2);
  });

  it('a changed price sends the user back to choose the service, with the message; nothing typed is lost', async () => {
    const user = userEvent.setup({ delay: null });
    const create = createShipmentsHandler('/api/v1/shipments/home', [
      { status: 409, body: { message: 'El precio del servicio cambió. Vuelve a cotizar y elige de nuevo la paquetería.', code: 'shipments.price_changed' } },
      { status: 201, body: createdShipments(2) },
    ]);
    server.use(create.handler, overweightHandler());
    renderWizard({ variant: 'public', entry: publicEntry(), slots: makeSlots().slots });
    await fillAddresses(user);
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));

    expect(await screen.findByRole('button', { name: 'Enviar con AM/PM ESTANDAR' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('El precio del servicio cambió.');
    await user.click(screen.getByRole('button', { name: 'Enviar con AM/PM ESTANDAR' }));
    expect(within(screen.getByRole('group', { name: 'Destino' })).getByLabelText(/Nombre completo/)).toHaveValue('Luis Pérez');
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(await screen.findByRole('heading', { name: 'Resumen de Compra' })).toBeInTheDocument();
  });

  it('another failure shows a Spanish alert and keeps the data; the retry reuses the idempotency key', async () => {
    const user = userEvent.setup({ delay: null });
    const create = createShipmentsHandler('/api/v1/shipments/home', [
      { status: 503, body: { message: 'El servicio no está disponible. Intenta de nuevo en unos minutos.', code: 'server.unavailable' } },
      { status: 201, body: createdShipments(2) },
    ]);
    server.use(create.handler, overweightHandler());
    renderWizard({ variant: 'public', entry: publicEntry(), slots: makeSlots().slots });
    await fillAddresses(user);
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent('El servicio no está disponible. Intenta de nuevo en unos minutos.');
    expect(screen.getByLabelText(/Descripción del contenido/)).toHaveValue('Ropa');
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(await screen.findByRole('heading', { name: 'Resumen de Compra' })).toBeInTheDocument();
    expect(create.calls).toHaveLength(2);
    expect(create.calls[1]!.idempotencyKey).toBe(create.calls[0]!.idempotencyKey);
  });

  it("a reload of the page keeps the step and everything typed, until 'Empezar de nuevo'", async () => {
    const user = userEvent.setup({ delay: null });
    server.use(overweightHandler());
    const first = renderWizard({ variant: 'public', entry: publicEntry(), slots: makeSlots().slots });
    await user.type(within(screen.getByRole('group', { name: 'Origen' })).getByLabelText(/Nombre completo/), 'Ana López');
    await user.type(screen.getByLabelText(/Descripción del contenido/), 'Libros');
    first.unmount();

    renderWizard({ variant: 'public', entry: publicEntry(), slots: makeSlots().slots });
    expect(await screen.findByRole('heading', { name: 'Ingresar direcciones' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Origen' })).getByLabelText(/Nombre completo/)).toHaveValue('Ana López');
    expect(screen.getByLabelText(/Descripción del contenido/)).toHaveValue('Libros');

    // 'Empezar de nuevo' drops it on purpose.
    await user.click(screen.getByRole('button', { name: 'Empezar de nuevo' }));
    expect(within(screen.getByRole('group', { name: 'Origen' })).getByLabelText(/Nombre completo/)).toHaveValue('');
    expect(screen.getByLabelText(/Descripción del contenido/)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Empezar de nuevo' })).not.toBeInTheDocument();
  });

  it("after the purchase, 'Pagar después en Mis Envíos' leaves the wizard and forgets it", async () => {
    const user = userEvent.setup({ delay: null });
    server.use(createShipmentsHandler('/api/v1/shipments/home', [{ status: 201, body: createdShipments(1) }]).handler, overweightHandler());
    const { router } = renderWizard({ variant: 'public', entry: publicEntry(), slots: makeSlots().slots, links: { shipments: '/shipments' } });
    await fillAddresses(user);
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    await user.click(await screen.findByRole('button', { name: 'Pagar después en Mis Envíos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipments'));
    expect(Object.keys(localStorage).filter((k) => k.startsWith('envios.newShipment.public'))).toEqual([]);
  });

  it('the summary shows the payment choice for the created ids in the step itself; paying leaves the wizard and forgets it', async () => {
    const user = userEvent.setup({ delay: null });
    const created = createdShipments(2);
    server.use(createShipmentsHandler('/api/v1/shipments/home', [{ status: 201, body: created }]).handler, overweightHandler());
    const { slots } = makeSlots();
    const withPayment: NewShipmentSlots = {
      ...slots,
      renderPayment: (slot) => (
        <button type="button" disabled={slot.disabled} onClick={slot.onLeave}>
          Pagar {slot.shipmentIds.join(',')}
        </button>
      ),
    };
    renderWizard({ variant: 'public', entry: publicEntry(), slots: withPayment, links: { shipments: '/shipments' } });
    await fillAddresses(user);
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(await screen.findByRole('heading', { name: 'Resumen de Compra' })).toBeInTheDocument();
    // The stepper marks the summary as the current step.
    expect(screen.getByRole('button', { current: 'step' })).toHaveTextContent(/Pago/);
    const ids = created.shipments.map((s) => s._id).join(',');
    expect(Object.keys(localStorage).some((k) => k.startsWith('envios.newShipment.public'))).toBe(true);
    await user.click(screen.getByRole('button', { name: `Pagar ${ids}` }));
    expect(Object.keys(localStorage).filter((k) => k.startsWith('envios.newShipment.public'))).toEqual([]);
  });
});
