import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TariffRow, TariffTableResponse } from '@envios/contracts/carriers';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { TariffEditor } from './tariff-editor';

setupMockApi();

const SERVICE = '3b38a5db-e292-45ea-ab23-eb99612ef86b';

function row(n: number, over: Partial<TariffRow>): TariffRow {
  return {
    _id: `00000000-0000-4000-8000-00000000000${n}`,
    service_id: SERVICE,
    zone: 'nacional',
    min_kg: 1,
    max_kg: 5,
    base_price: 149,
    extra_kg_price: 0,
    ...over,
  };
}

function table(rows: TariffRow[]): TariffTableResponse {
  return {
    service: {
      _id: SERVICE,
      carrier_code: 'ampm',
      name: 'ESTANDAR',
      scope: 'domestic',
      transit_days: 4,
      transit_text: 'De 2 a 4 días hábiles',
      max_weight_kg: 70,
      package_types: ['document', 'box'],
      enabled: true,
      volumetric_divisor: 5000,
      guide_source: 'inventory',
      document_price: null,
      external_code: null,
      rate_source: 'tariffs',
      tariff_rows: rows.length,
      updatedAt: '2026-11-22T15:00:00.000Z',
    },
    rows,
  };
}

const initial = [row(1, {}), row(2, { min_kg: 6, max_kg: 70, base_price: 199, extra_kg_price: 12.5 })];

describe('TariffEditor', () => {
  it('sends the edited table and shows it saved', async () => {
    const puts: unknown[] = [];
    server.use(
      http.get(`/api/v1/carrier-services/${SERVICE}/tariffs`, () => HttpResponse.json(table(initial))),
      http.put(`/api/v1/carrier-services/${SERVICE}/tariffs`, async ({ request }) => {
        const body = (await request.json()) as { rows: TariffRow[] };
        puts.push(body);
        return HttpResponse.json(table(body.rows.map((r, i) => row(i + 1, r))));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<TariffEditor serviceId={SERVICE} />);
    const price = await screen.findByRole('spinbutton', { name: 'Precio base de la fila 1' });
    expect(screen.getByRole('button', { name: 'Guardar tarifa' })).toBeDisabled();
    await user.clear(price);
    await user.type(price, '159.50');
    await user.click(screen.getByRole('button', { name: 'Guardar tarifa' }));
    expect(await screen.findByText(/Tarifa guardada: 2 filas/)).toBeInTheDocument();
    expect(puts).toEqual([
      {
        rows: [
          { zone: 'nacional', min_kg: 1, max_kg: 5, base_price: 159.5, extra_kg_price: 0 },
          { zone: 'nacional', min_kg: 6, max_kg: 70, base_price: 199, extra_kg_price: 12.5 },
        ],
      },
    ]);
  });

  it('checks the table before sending: three decimals are refused with the row named', async () => {
    let sent = false;
    server.use(
      http.get(`/api/v1/carrier-services/${SERVICE}/tariffs`, () => HttpResponse.json(table(initial))),
      http.put(`/api/v1/carrier-services/${SERVICE}/tariffs`, () => {
        sent = true;
        return HttpResponse.json(table(initial));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<TariffEditor serviceId={SERVICE} />);
    const price = await screen.findByRole('spinbutton', { name: 'Precio por kg adicional de la fila 2' });
    await user.clear(price);
    await user.type(price, '12.555');
    await user.click(screen.getByRole('button', { name: 'Guardar tarifa' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Fila 2: El precio por kilo adicional debe tener como máximo dos decimales.');
    expect(sent).toBe(false);
  });

  it('shows the rows the server refuses in a table', async () => {
    server.use(
      http.get(`/api/v1/carrier-services/${SERVICE}/tariffs`, () => HttpResponse.json(table(initial))),
      http.put(`/api/v1/carrier-services/${SERVICE}/tariffs`, () =>
        HttpResponse.json(
          {
            message: 'La tarifa no es válida: Fila 2: en la zona Nacional falta el rango 6–7 kg.',
            code: 'carriers.invalid_tariff',
            errors: [{ path: 'rows.1.peso_desde_kg', message: 'Fila 2: en la zona Nacional falta el rango 6–7 kg.' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<TariffEditor serviceId={SERVICE} />);
    const from = await screen.findByRole('spinbutton', { name: 'Desde (kg) de la fila 2' });
    await user.clear(from);
    await user.type(from, '8');
    await user.click(screen.getByRole('button', { name: 'Guardar tarifa' }));
    expect(await screen.findByText('Fila 2: en la zona Nacional falta el rango 6–7 kg.')).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
  });

  it('imports a CSV file, and lists every refused row with its column and problem', async () => {
    const bodies: { type: string | null; text: string }[] = [];
    server.use(
      http.get(`/api/v1/carrier-services/${SERVICE}/tariffs`, () => HttpResponse.json(table(initial))),
      http.put(`/api/v1/carrier-services/${SERVICE}/tariffs.csv`, async ({ request }) => {
        bodies.push({ type: request.headers.get('content-type'), text: await request.text() });
        return HttpResponse.json(
          {
            message: 'El archivo tiene 2 errores; no se importó nada. Corrige las filas señaladas y vuelve a subirlo.',
            code: 'carriers.invalid_tariff_csv',
            errors: [
              { path: 'fila.3.precio_base', message: 'Fila 3: el precio base debe ser un número.' },
              { path: 'fila.4.zona', message: 'Fila 4: la zona «luna» no existe.' },
            ],
          },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    const { container } = renderWithApp(<TariffEditor serviceId={SERVICE} />);
    await screen.findByRole('spinbutton', { name: 'Precio base de la fila 1' });
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', `/api/v1/carrier-services/${SERVICE}/tariffs.csv`);
    const csv = 'zona,peso_desde_kg,peso_hasta_kg,precio_base,precio_kg_adicional\nnacional,1,5,149.00,0\nnacional,6,70,abc,12.50\nluna,1,5,1,0\n';
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([csv], 'tarifa.csv', { type: 'text/csv' }));
    const errors = await screen.findByRole('table', { name: 'Errores del archivo' });
    const rows = within(errors)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['3', 'Precio base', 'Fila 3: el precio base debe ser un número.'],
      ['4', 'Zona', 'Fila 4: la zona «luna» no existe.'],
    ]);
    expect(screen.getByText(/El archivo tiene 2 errores; no se importó nada/)).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'text/csv; charset=utf-8', text: csv }]);
  });
});
