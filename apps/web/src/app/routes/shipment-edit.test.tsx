import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { landing, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { postalCodesHandler, siteHandler } from '@/testing/mock-geography';
import { option, quoteAnswer, quotingHandler } from '@/testing/mock-quotes';
import { demoUserId, shipmentId, shipmentRecord } from '@/testing/mock-shipment-records';
import ShipmentEditRoute from './shipment-edit';

setupMockApi();

const id = shipmentId(1);
const me = {
  _id: demoUserId,
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@correo.test',
  phone: '3312345678',
  website: null,
  rol: 'user',
  active: true,
  locked: false,
  purchasesBlocked: false,
  approvedAt: '2026-01-01T00:00:00.000Z',
  status: 'active',
  invoice: false,
  taxInformation: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('/shipments/{id}/edit/destination with the real selector', () => {
  it('a new postal code is picked, quoted with the quotes selector, and saved with the chosen service', async () => {
    const estafeta = option('estafeta', 'TERRESTRE', 99.5, 3, { guides: 1 });
    const quoting = quotingHandler(quoteAnswer([estafeta]));
    const puts: unknown[] = [];
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json(me)),
      siteHandler(),
      postalCodesHandler().handler,
      quoting.handler,
      http.get(`/api/v1/shipments/${id}`, () => HttpResponse.json(shipmentRecord())),
      http.put(`/api/v1/shipments/${id}`, async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(shipmentRecord());
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<ShipmentEditRoute />, { path: '/shipments/:id/edit/:part', at: `/shipments/${id}/edit/destination`, routes: [landing('/shipments/:id')] });

    const code = await screen.findByRole('combobox', { name: /Código postal/ });
    await user.clear(code);
    // The edit forms look up from 5 characters.
    await user.type(code, '06760');
    await user.click(await screen.findByRole('option', { name: /^06760 - Roma Sur/ }));
    expect(screen.getByRole('textbox', { name: /Estado, Ciudad/ })).toHaveValue('Ciudad de México, Ciudad de México');
    await user.click(screen.getByRole('button', { name: 'Seleccionar Paquetería' }));

    const list = await screen.findByRole('list', { name: 'Opciones de envío' });
    expect(quoting.bodies.at(-1)).toMatchObject({ destination_direction: { postal_code: '06760', suburb: 'Roma Sur' }, cantidadGuias: 1 });
    await user.click(within(list).getByRole('button', { name: 'Elegir con Estafeta TERRESTRE' }));
    // A new service is confirmed before it is saved.
    const confirm = await screen.findByRole('dialog', { name: 'Cambiar paquetería' });
    expect(within(confirm).getByText('Estafeta TERRESTRE')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Aplicar Cambios' }));
    expect(await screen.findByText('Ruta: /shipments/:id')).toBeInTheDocument();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      destination_direction: expect.objectContaining({ postal_code: '06760', colony: 'Roma Sur', city: 'Ciudad de México, Ciudad de México' }),
      selected_service: { service_id: estafeta.service_id, net_total_amount: 99.5 },
    });
  });

  it('an unknown edit part is a missing page', async () => {
    server.use(http.get('/api/v1/me', () => HttpResponse.json(me)));
    renderWithApp(<ShipmentEditRoute />, { path: '/shipments/:id/edit/:part', at: `/shipments/${id}/edit/precio` });
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
  });
});
