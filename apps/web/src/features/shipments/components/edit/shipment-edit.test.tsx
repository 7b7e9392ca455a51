import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { QuoteRequest, ShippingOption } from '@envios/contracts/quotes';
import type { Shipment } from '@envios/contracts/shipments';
import { landing, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { option } from '@/testing/mock-quotes';
import { shipmentId, shipmentRecord } from '@/testing/mock-shipment-records';
import type { EditPart, ShipmentEditSlots } from './edit-slots';
import { ShipmentEdit } from './shipment-edit';

setupMockApi();

const id = shipmentId(1);
const fedex = option('fedex', 'STANDARD OVERNIGHT', 210.4, 1, { guides: 1 });

/** A stand-in for the quotes feature's selector: shows the request it got and one option. */
function stubSlots(requests: QuoteRequest[], choice: ShippingOption = fedex): ShipmentEditSlots {
  return {
    renderServiceSelector: ({ request, onChoose, backHref }) => {
      requests.push(request);
      return (
        <div>
          <p>
            Selector: {request.destination_direction.postal_code} · {request.parcels.length} paquetes
          </p>
          <button type="button" onClick={() => void onChoose(choice)}>
            Enviar con {choice.carrier} {choice.carrier_service_name}
          </button>
          <a href={backHref}>Regresar</a>
        </div>
      );
    },
  };
}

function api(shipment: Shipment, answer?: (body: unknown) => Response) {
  const puts: unknown[] = [];
  server.use(
    http.get(`/api/v1/shipments/${id}`, () => HttpResponse.json(shipment)),
    http.put(`/api/v1/shipments/${id}`, async ({ request }) => {
      const body = await request.json();
      puts.push(body);
      return answer ? answer(body) : HttpResponse.json(shipment);
    }),
  );
  return puts;
}

function renderEdit(part: EditPart, slots: ShipmentEditSlots = stubSlots([])) {
  return renderWithApp(<ShipmentEdit shipmentId={id} part={part} slots={slots} />, {
    path: '/shipments/:id/edit/:part',
    at: `/shipments/${id}/edit/${part}`,
    routes: [landing('/shipments/:id'), landing('/')],
  });
}

describe('shipment edit screens', () => {
  it('a paid shipment cannot be edited: it says so and shows no form', async () => {
    const puts = api(shipmentRecord({ status: true }));
    renderEdit('destination');
    expect(await screen.findByText('Este envío ya fue pagado y no se puede modificar.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Aplicar Cambios|Seleccionar Paquetería/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver el envío' })).toHaveAttribute('href', `/shipments/${id}`);
    expect(puts).toEqual([]);
  });

  it("destination with the same postal code: 'Aplicar Cambios' saves the address alone and opens the detail", async () => {
    const puts = api(shipmentRecord());
    const user = userEvent.setup();
    const { router } = renderEdit('destination');
    expect(await screen.findByRole('heading', { name: 'A dónde envías?' })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Nombre completo' });
    expect(name).toHaveValue('Luis Pérez');
    await user.clear(name);
    await user.type(name, 'Luisa Pérez');
    await user.click(screen.getByRole('button', { name: 'Aplicar Cambios' }));
    expect(await screen.findByText('Ruta: /shipments/:id')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/shipments/${id}`);
    expect(puts).toHaveLength(1);
    expect(puts[0]).toEqual({ destination_direction: expect.objectContaining({ full_name: 'Luisa Pérez', postal_code: '06700' }) });
  });

  it("a changed destination postal code reads 'Seleccionar Paquetería', re-quotes, and saves address plus service", async () => {
    const requests: QuoteRequest[] = [];
    const puts = api(shipmentRecord());
    const user = userEvent.setup();
    const { router } = renderEdit('destination', stubSlots(requests));
    const code = await screen.findByRole('textbox', { name: 'Código postal' });
    expect(screen.getByRole('button', { name: 'Aplicar Cambios' })).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '06760');
    expect(screen.getByRole('button', { name: 'Seleccionar Paquetería' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Seleccionar Paquetería' }));

    expect(await screen.findByText('Selector: 06760 · 1 paquetes')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?paso=paqueteria');
    expect(requests.at(-1)).toMatchObject({
      origin_direction: { postal_code: '44100', city: 'Guadalajara' },
      destination_direction: { postal_code: '06760', suburb: 'Roma Norte', state_short: 'CDMX' },
      parcels: [{ height: 15, width: 30, depth: 20, weight: 3 }],
      package_type: 'box',
      cantidadGuias: 1,
    });
    expect(puts).toEqual([]);

    // Cancel in step 2 returns to step 1 with the edit kept.
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    expect(await screen.findByRole('textbox', { name: 'Código postal' })).toHaveValue('06760');
    await user.click(screen.getByRole('button', { name: 'Seleccionar Paquetería' }));
    await user.click(await screen.findByRole('button', { name: 'Enviar con FedEx STANDARD OVERNIGHT' }));
    // Changing the service asks first.
    expect(puts).toEqual([]);
    await user.click(within(await screen.findByRole('dialog', { name: 'Cambiar paquetería' })).getByRole('button', { name: 'Aplicar Cambios' }));
    expect(await screen.findByText('Ruta: /shipments/:id')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        destination_direction: expect.objectContaining({ postal_code: '06760', full_name: 'Luis Pérez' }),
        selected_service: { service_id: fedex.service_id, net_total_amount: 210.4 },
      },
    ]);
  });

  it("a price that moved (409) shows the server's Spanish message and quotes again", async () => {
    const requests: QuoteRequest[] = [];
    api(shipmentRecord(), () =>
      HttpResponse.json(
        { message: 'El precio del servicio cambió. Vuelve a cotizar y elige de nuevo la paquetería.', code: 'shipments.price_changed' },
        { status: 409 },
      ),
    );
    const user = userEvent.setup();
    renderEdit('origin', stubSlots(requests));
    expect(await screen.findByRole('heading', { name: 'Desde dónde envías?' })).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: 'Código postal' });
    await user.clear(code);
    await user.type(code, '44130');
    await user.click(screen.getByRole('button', { name: 'Seleccionar Paquetería' }));
    await user.click(await screen.findByRole('button', { name: 'Enviar con FedEx STANDARD OVERNIGHT' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cambiar paquetería' })).getByRole('button', { name: 'Aplicar Cambios' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El precio del servicio cambió. Vuelve a cotizar y elige de nuevo la paquetería.');
    expect(requests.at(-1)!.origin_direction.postal_code).toBe('44130');
  });

  it('parcels: a parcel can be removed only while more than one remains; any change re-quotes every parcel', async () => {
    const requests: QuoteRequest[] = [];
    const puts = api(shipmentRecord());
    const user = userEvent.setup();
    renderEdit('parcels', stubSlots(requests));
    expect(await screen.findByRole('heading', { name: 'Cómo es el paquete que envías?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar paquete 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Aplicar Cambios' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agregar paquete' }));
    const second = screen.getByRole('group', { name: 'Paquete 2' });
    expect(screen.getByRole('button', { name: 'Quitar paquete 1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Seleccionar Paquetería' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar paquete 2' }));
    expect(second).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar paquete 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Aplicar Cambios' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agregar paquete' }));
    const added = screen.getByRole('group', { name: 'Paquete 2' });
    await user.click(screen.getByRole('button', { name: 'Seleccionar Paquetería' }));
    expect(await within(added).findByText('El largo es obligatorio.')).toBeInTheDocument();
    await user.type(within(added).getByRole('spinbutton', { name: 'Largo (cm)' }), '10');
    await user.type(within(added).getByRole('spinbutton', { name: 'Ancho (cm)' }), '10');
    await user.type(within(added).getByRole('spinbutton', { name: 'Alto (cm)' }), '10');
    await user.type(within(added).getByRole('textbox', { name: 'Peso (kg)' }), '2');
    await user.click(screen.getByRole('button', { name: 'Seleccionar Paquetería' }));
    expect(await screen.findByText('Selector: 06700 · 2 paquetes')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ cantidadGuias: 2, package_type: 'box' });
    await user.click(screen.getByRole('button', { name: 'Enviar con FedEx STANDARD OVERNIGHT' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cambiar paquetería' })).getByRole('button', { name: 'Aplicar Cambios' }));
    await screen.findByText('Ruta: /shipments/:id');
    expect(puts).toEqual([
      {
        shipment_type: 'box',
        parcels: [
          { height: 15, width: 30, depth: 20, weight: 3 },
          { height: 10, width: 10, depth: 10, weight: 2 },
        ],
        selected_service: { service_id: fedex.service_id, net_total_amount: 210.4 },
      },
    ]);
  });

  it('parcels: Documento is one parcel of 41 × 31 × 1 cm and only its weight is asked', async () => {
    const requests: QuoteRequest[] = [];
    api(
      shipmentRecord({
        parcels: [
          { height: 15, width: 30, depth: 20, weight: 3, volumetric_weight: 1.8 },
          { height: 5, width: 5, depth: 5, weight: 1, volumetric_weight: 0.03 },
        ],
      }),
    );
    const user = userEvent.setup();
    renderEdit('parcels', stubSlots(requests));
    await user.click(await screen.findByRole('radio', { name: 'Documento' }));
    expect(screen.queryByRole('group', { name: 'Paquete 2' })).toBeNull();
    const only = screen.getByRole('group', { name: 'Paquete 1' });
    expect(within(only).getByRole('spinbutton', { name: 'Largo (cm)' })).toHaveValue(41);
    expect(within(only).getByRole('spinbutton', { name: 'Ancho (cm)' })).toHaveValue(31);
    expect(within(only).getByRole('spinbutton', { name: 'Alto (cm)' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Agregar paquete' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Seleccionar Paquetería' }));
    expect(await screen.findByText('Selector: 06700 · 1 paquetes')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ package_type: 'document', parcels: [{ width: 41, depth: 31, height: 1, weight: 3 }] });
  });

  it("description: 'Aplicar Cambios' saves it and goes back one page", async () => {
    const puts = api(shipmentRecord());
    const user = userEvent.setup();
    const { router } = renderWithApp(<ShipmentEdit shipmentId={id} part="description" slots={stubSlots([])} />, {
      path: '/shipments/:id/edit/:part',
      at: `/shipments/${id}/edit/description`,
      routes: [landing('/shipments/:id')],
    });
    await screen.findByRole('heading', { name: 'Que estás enviando?' });
    // Arrive from the detail, as a person would.
    await router.navigate(`/shipments/${id}`);
    await router.navigate(`/shipments/${id}/edit/description`);
    const box = await screen.findByRole('textbox', { name: 'Descripción del contenido' });
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Aplicar Cambios' }));
    expect(await screen.findByText('La descripción del contenido es obligatoria.')).toBeInTheDocument();
    await user.type(box, 'Libros');
    await user.click(screen.getByRole('button', { name: 'Aplicar Cambios' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/shipments/${id}`));
    expect(router.state.historyAction).toBe('POP');
    expect(puts).toEqual([{ description_of_the_content: 'Libros' }]);
  });

  it('insurance: choosing it asks value, responsible and mail', async () => {
    const puts = api(shipmentRecord());
    const user = userEvent.setup();
    renderEdit('insurance');
    await screen.findByRole('heading', { name: 'Asegura tu envío' });
    await user.click(screen.getByRole('radio', { name: 'Con seguro adicional' }));
    await user.click(screen.getByRole('button', { name: 'Aplicar Cambios' }));
    expect(await screen.findByText('El responsable del paquete es obligatorio.')).toBeInTheDocument();
    await user.type(screen.getByRole('spinbutton', { name: 'Valor del paquete (MXN)' }), '5000');
    await user.type(screen.getByRole('textbox', { name: 'Responsable del paquete' }), 'Ana López');
    await user.type(screen.getByRole('textbox', { name: 'Correo de contacto' }), 'ana@correo.test');
    expect(screen.getByRole('textbox', { name: 'Costo del seguro' })).toHaveValue('Se calcula al aplicar los cambios');
    await user.click(screen.getByRole('button', { name: 'Aplicar Cambios' }));
    await screen.findByText('Ruta: /shipments/:id');
    expect(puts).toEqual([
      {
        package_insurance: true,
        insurance_information: { package_value: 5000, responsible_for_the_package: 'Ana López', mail_responsible: 'ana@correo.test' },
      },
    ]);
  });

  it('insurance: declining the extra insurance sends it as null', async () => {
    const insured = { package_value: 5000, responsible_for_the_package: 'Ana López', mail_responsible: 'ana@correo.test', cost: 75 };
    const puts = api(shipmentRecord({ package_insurance: true, insurance_information: insured }));
    const user = userEvent.setup();
    renderEdit('insurance');
    expect(await screen.findByRole('textbox', { name: 'Costo del seguro' })).toHaveValue('MX$75.00');
    await user.click(screen.getByRole('radio', { name: 'Sin seguro adicional' }));
    await user.click(screen.getByRole('button', { name: 'Aplicar Cambios' }));
    await screen.findByText('Ruta: /shipments/:id');
    expect(puts).toEqual([{ package_insurance: false, insurance_information: null }]);
  });

  it("service-provider: the selector alone; a choice is confirmed with 'Aplicar Cambios' or dropped with 'Cancelar'", async () => {
    const requests: QuoteRequest[] = [];
    const puts = api(shipmentRecord());
    const user = userEvent.setup();
    renderEdit('service-provider', stubSlots(requests));
    await user.click(await screen.findByRole('button', { name: 'Enviar con FedEx STANDARD OVERNIGHT' }));
    expect(requests.at(-1)).toMatchObject({ destination_direction: { postal_code: '06700' }, cantidadGuias: 1 });
    let dialog = await screen.findByRole('dialog', { name: 'Cambiar paquetería' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', `/shipments/${id}`);

    await user.click(screen.getByRole('button', { name: 'Enviar con FedEx STANDARD OVERNIGHT' }));
    dialog = await screen.findByRole('dialog', { name: 'Cambiar paquetería' });
    expect(within(dialog).getByText('MX$210.40')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar Cambios' }));
    await screen.findByText('Ruta: /shipments/:id');
    expect(puts).toEqual([{ selected_service: { service_id: fedex.service_id, net_total_amount: 210.4 } }]);
  });
});
