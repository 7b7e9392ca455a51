import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { InventoryStock } from '@envios/contracts/guides';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { GuidesInventory } from './guides-inventory';

setupMockApi();

const INV = 'a1000000-0000-4000-8000-000000000001';
const API = 'a1000000-0000-4000-8000-000000000002';
const stock = (over: Partial<InventoryStock>): InventoryStock => ({
  service_id: INV,
  carrier_code: 'estafeta',
  carrier: 'Estafeta',
  service_name: 'TERRESTRE',
  guide_source: 'inventory',
  available: 100,
  reserved: 2,
  used: 5,
  demo: 100,
  ...over,
});

describe('GuidesInventory', () => {
  it('shows the stock per service and uploads a CSV for an inventory service', async () => {
    let available = 0;
    const uploads: unknown[] = [];
    server.use(
      http.get('/api/v1/guides/inventory', () =>
        HttpResponse.json([
          stock({ available, reserved: 1 }),
          stock({
            service_id: API,
            carrier_code: 'dhl',
            carrier: 'DHL',
            service_name: 'EXPRESS DOMESTIC',
            guide_source: 'carrier_api',
            available: 0,
            reserved: 0,
            used: 3,
            demo: 0,
          }),
        ]),
      ),
      http.post('/api/v1/guides/inventory/:serviceId', async ({ request, params }) => {
        uploads.push({ id: params.serviceId, body: await request.json() });
        available = 2;
        return HttpResponse.json({
          added: 2,
          duplicates: 1,
          invalid: [{ line: 5, value: 'x!', message: 'El número de guía debe tener de 6 a 40 letras, dígitos o guiones.' }],
          stock: stock({ available: 2 }),
        });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<GuidesInventory />);
    const table = await screen.findByRole('table', { name: 'Existencias por servicio' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Inventario')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('API de la paquetería')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('No aplica')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Subir CSV/ })).toHaveLength(1);

    const csv = 'guia\nEST-000001\nEST-000002\nEST-000001\nx!\n';
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([csv], 'guias.csv', { type: 'text/csv' }));
    const result = await screen.findByRole('region', { name: 'Carga de Estafeta TERRESTRE' });
    expect(await within(result).findByText('guias.csv: 2 guías agregadas, 1 duplicada, 1 línea no válida.')).toBeInTheDocument();
    expect(within(result).getByText(/Línea 5: «x!»/)).toBeInTheDocument();
    expect(uploads).toEqual([{ id: INV, body: { csv } }]);
    expect(await within(rows[0]!).findByText('2')).toBeInTheDocument();
  });

  it('refuses an empty file without calling the API', async () => {
    const uploads: unknown[] = [];
    server.use(
      http.get('/api/v1/guides/inventory', () => HttpResponse.json([stock({})])),
      http.post('/api/v1/guides/inventory/:serviceId', () => {
        uploads.push(1);
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<GuidesInventory />);
    await screen.findByRole('table', { name: 'Existencias por servicio' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([''], 'vacio.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('vacio.csv: El archivo CSV está vacío.');
    expect(uploads).toEqual([]);
  });
});
