import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { oxxoSlip } from '@/testing/mock-payments';
import { OxxoSlip } from './oxxo-slip';

setupMockApi();
afterEach(() => vi.restoreAllMocks());

function renderSlip(references: string[]) {
  return renderWithApp(<OxxoSlip references={references} />, {
    path: '/shipping/cash_barcode',
    at: `/shipping/cash_barcode?references=${references.join(',')}`,
  });
}

describe('OXXO slip (/shipping/cash_barcode)', () => {
  it('shows amount, reference with its barcode as an image, instructions, shipments, footnote and SANDBOX', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/v1/payments/oxxo/slip', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('references'));
        return HttpResponse.json(oxxoSlip());
      }),
    );
    renderSlip(['93000012345678']);
    expect(screen.getByText('Cargando tu ficha de pago…')).toBeInTheDocument();
    const slip = await screen.findByRole('article', { name: 'Ficha de pago 93000012345678' });
    expect(asked).toEqual(['93000012345678']);
    expect(within(slip).getByText('MX$361.00 MXN')).toBeInTheDocument();
    expect(within(slip).getByText('93000012345678')).toBeInTheDocument();
    const barcode = within(slip).getByRole('img', { name: 'Código de barras de la referencia 93000012345678' });
    expect(barcode.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    // Drawn as an image: the SVG never becomes part of the page.
    expect(slip.querySelector('svg rect')).toBeNull();
    expect(within(slip).getByText('SANDBOX')).toBeInTheDocument();
    for (const step of [/Acude a la tienda OXXO/, /pago de OXXO Pay/, /Dicta al cajero el número de referencia/, /dinero en efectivo/, /comprobante impreso/]) {
      expect(within(slip).getByText(step)).toBeInTheDocument();
    }
    expect(within(slip).getByRole('img', { name: 'DHL' })).toHaveAttribute('src', '/api/v1/carriers/dhl/logo.svg');
    expect(within(slip).getByText('EXPRESS DOMESTIC')).toBeInTheDocument();
    expect(within(slip).getByText('Luis Pérez')).toBeInTheDocument();
    expect(within(slip).getByText('Roma, 25, CP 06700, Ciudad de México, México')).toBeInTheDocument();
    expect(within(slip).getAllByText('MX$180.50')).toHaveLength(2);
    expect(screen.getByText(/recibirás un correo electrónico con el enlace para descargar tu guía/)).toHaveTextContent(
      'La tienda cobra una comisión adicional',
    );
  });

  it('a purchase that also pays earlier overweight shows it as its own line', async () => {
    server.use(http.get('/api/v1/payments/oxxo/slip', () => HttpResponse.json(oxxoSlip({ amount: 411, overweight: 50 }))));
    renderSlip(['93000012345678']);
    const slip = await screen.findByRole('article', { name: 'Ficha de pago 93000012345678' });
    expect(within(slip).getByText('Sobrepeso de envíos anteriores').parentElement).toHaveTextContent('MX$50.00');
    expect(within(slip).getByText('MX$411.00 MXN')).toBeInTheDocument();
  });

  it('the print button prints the page', async () => {
    server.use(http.get('/api/v1/payments/oxxo/slip', () => HttpResponse.json(oxxoSlip({ sandbox: false }))));
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderSlip(['93000012345678']);
    await screen.findByRole('article');
    expect(screen.queryByText('SANDBOX')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('an unknown reference shows the API message', async () => {
    server.use(
      http.get('/api/v1/payments/oxxo/slip', () =>
        HttpResponse.json({ message: 'No encontramos esa referencia.', code: 'payments.not_found' }, { status: 404 }),
      ),
    );
    renderSlip(['NOPE']);
    expect(await screen.findByRole('alert')).toHaveTextContent('No encontramos esa referencia.');
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeDisabled();
  });

  it('without references it says what is missing and asks nothing', () => {
    renderSlip([]);
    expect(screen.getByRole('alert')).toHaveTextContent('Falta la referencia de pago en la dirección.');
  });
});
