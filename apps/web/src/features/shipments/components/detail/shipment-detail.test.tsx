import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { Shipment } from '@envios/contracts/shipments';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { shipmentId, shipmentRecord } from '@/testing/mock-shipment-records';
import { ShipmentDetail } from './shipment-detail';

setupMockApi();

function detailApi(shipment: Shipment, status = 200) {
  server.use(
    http.get('/api/v1/shipments/:id', async () => {
      await delay(20);
      return HttpResponse.json(shipment, { status });
    }),
  );
}

function renderDetail() {
  return renderWithApp(<ShipmentDetail shipmentId={shipmentId(1)} />, { path: '/shipments/:id', at: `/shipments/${shipmentId(1)}` });
}

describe('Detalles del envío', () => {
  it('an unpaid shipment: every block, parcels with volumetric weight, the breakdown, Editar links and Pagar', async () => {
    detailApi(
      shipmentRecord({
        parcels: [
          { height: 15, width: 30, depth: 20, weight: 3, volumetric_weight: 1.8 },
          { height: 10, width: 41, depth: 31, weight: 1.5, volumetric_weight: 2.54 },
        ],
      }),
    );
    renderDetail();
    expect(screen.getByRole('heading', { level: 1, name: 'Detalles del envío' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a órdenes' })).toHaveAttribute('href', '/shipments');
    expect(screen.getByText('Cargando Envío...')).toBeInTheDocument();

    expect(await screen.findByText('1001')).toBeInTheDocument();
    const destination = screen.getByRole('region', { name: 'Destino' });
    expect(within(destination).getByText('Luis Pérez')).toBeInTheDocument();
    expect(within(destination).getByText('Roma Norte, CP 06700')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Origen' })).getByText('Ana López')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Contenido' })).getByText('Ropa')).toBeInTheDocument();
    const service = screen.getByRole('region', { name: 'Servicio seleccionado' });
    expect(within(service).getByRole('img', { name: 'DHL' })).toHaveAttribute('src', '/api/v1/carriers/dhl/logo.svg');
    expect(within(service).getByText('EXPRESS DOMESTIC')).toBeInTheDocument();
    expect(within(service).getByText('MXN')).toBeInTheDocument();

    const parcels = within(screen.getByRole('table', { name: 'Paquetes' })).getAllByRole('row');
    expect(parcels[1]).toHaveTextContent('15 × 30 × 20 cm3 kg1.8 kg');
    expect(parcels[2]).toHaveTextContent('10 × 41 × 31 cm1.5 kg2.54 kg');

    const breakdown = screen.getByRole('table', { name: 'Desglose del precio' });
    expect(within(breakdown).getByRole('rowheader', { name: /Tarifa base \(3 kg\)/ })).toBeInTheDocument();
    expect(within(breakdown).getByRole('row', { name: /^Total/ })).toHaveTextContent('MX$180.50');

    for (const [name, part] of [
      ['Editar destino', 'destination'],
      ['Editar origen', 'origin'],
      ['Editar contenido', 'description'],
      ['Editar seguro', 'insurance'],
      ['Editar servicio', 'service-provider'],
      ['Editar paquetes', 'parcels'],
    ] as const) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', `/shipments/${shipmentId(1)}/edit/${part}`);
    }
    expect(screen.getByRole('link', { name: 'Pagar' })).toHaveAttribute('href', `/payments/${shipmentId(1)}`);
    expect(screen.queryByRole('button', { name: 'Pagado' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Descargar guía (PDF)' })).toBeNull();
  });

  it('a paid shipment: a disabled Pagado, no Editar, and the reason said', async () => {
    detailApi(
      shipmentRecord({ status: true, number_guide: '9988776655', guide: `/api/v1/shipments/${shipmentId(1)}/label`, tracking_status: 'Envío Recolectado' }),
    );
    renderDetail();
    expect(await screen.findByRole('button', { name: 'Pagado' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Pagar' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Editar/ })).toBeNull();
    expect(screen.getByText('Este envío ya fue pagado y no se puede modificar.')).toBeInTheDocument();
    expect(screen.getByText('N° de guía: 9988776655')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descargar guía PDF del envío 1001' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descargar guía (PDF)' })).toHaveAttribute('href', `/api/v1/shipments/${shipmentId(1)}/label`);
    expect(screen.getByText('Envío Recolectado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rastrear envío' })).toHaveAttribute('href', '/rastreo/9988776655');
  });

  it("paid but the guide not issued yet: no 'Descargar guía (PDF)'", async () => {
    detailApi(shipmentRecord({ status: true }));
    renderDetail();
    expect(await screen.findByRole('button', { name: 'Pagado' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Descargar guía (PDF)' })).toBeNull();
  });

  it("another person's shipment shows the API's refusal", async () => {
    detailApi({ message: 'No puedes ver este envío.', code: 'auth.forbidden' } as unknown as Shipment, 403);
    renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent('No puedes ver este envío.');
  });
});
