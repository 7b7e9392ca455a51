import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { PaymentResult, type PaidShipment } from './payment-result';

setupMockApi();

const USER = '6f1c0d8e-8a43-4b7e-9a52-0c1f3c3b8a11';

function renderResult(result: 'success' | 'error', query: string, extra: { paidShipments?: PaidShipment[]; userId?: string } = {}) {
  return renderWithApp(<PaymentResult result={result} query={new URLSearchParams(query)} {...extra} />, {
    path: '/payments/result/:result',
    at: `/payments/result/${result}?${query}`,
  });
}

describe('Payment result (/payments/result/{result})', () => {
  it("success with home=true: 'Pago exitoso', the guide mailed to the e-mail", () => {
    renderResult('success', 'home=true&email=ana%40correo.test');
    expect(screen.getByRole('heading', { level: 1, name: 'Pago exitoso' })).toBeInTheDocument();
    expect(screen.getByText('Recibimos tu pago. Te enviamos la guía a ana@correo.test.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mis Envíos' })).toHaveAttribute('href', '/shipments');
  });

  it('money that could not pay the shipments is said to be in the wallet, never a guide on its way', () => {
    const all = renderResult('success', 'home=true&email=ana%40correo.test&credited=144.48&credited_all=true');
    expect(screen.getByRole('heading', { level: 1, name: 'Tu pago quedó en tu Monedero' })).toBeInTheDocument();
    expect(screen.getByText(/Abonamos MX\$144\.48 a tu Monedero electrónico/)).toBeInTheDocument();
    expect(screen.queryByText(/Te enviamos la guía/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al Monedero' })).toHaveAttribute('href', '/prepaids');
    all.unmount();

    renderResult('success', 'home=true&email=ana%40correo.test&credited=50.00');
    expect(screen.getByRole('note')).toHaveTextContent('Parte de tu pago, MX$50.00, no pudo aplicarse y la abonamos a tu Monedero electrónico.');
  });

  it("success with monedero: 'Pago exitoso' (paid at once), naming the guides being issued", () => {
    const paid: PaidShipment[] = [
      { id: 's1', numberOfOrder: 1003, destinationName: 'Luis Pérez', service: 'Estafeta TERRESTRE', guideNumber: null },
      { id: 's2', numberOfOrder: 1004, destinationName: 'Marta Ruiz', service: 'DHL EXPRESS DOMESTIC', guideNumber: '1234567890' },
    ];
    renderResult('success', 'monedero=true&email=ana%40correo.test&shipments=s1,s2&amount=361.00', { paidShipments: paid });
    expect(screen.getByRole('heading', { level: 1, name: 'Pago exitoso' })).toBeInTheDocument();
    expect(screen.queryByText('Pago Pendiente')).not.toBeInTheDocument();
    expect(screen.getByText(/Pagaste MX\$361.00 con tu Monedero electrónico/)).toHaveTextContent(
      'Estamos generando tus guías y te las enviaremos a ana@correo.test',
    );
    const guides = screen.getByRole('list', { name: 'Guías en proceso' });
    expect(within(guides).getByText('Folio 1003 · Luis Pérez')).toBeInTheDocument();
    expect(within(guides).getByText('Generando guía…')).toBeInTheDocument();
    expect(within(guides).getByRole('link', { name: 'Guía 1234567890' })).toHaveAttribute('href', '/rastreo/1234567890');
  });

  it("success with oxxo: 'Pago Pendiente' and the reference's slip link", () => {
    renderResult('success', 'oxxo=true&reference=93000012345678&email=ana%40correo.test');
    expect(screen.getByRole('heading', { level: 1, name: 'Pago Pendiente' })).toBeInTheDocument();
    expect(screen.getByText('93000012345678')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver e imprimir la ficha de pago' })).toHaveAttribute('href', '/shipping/cash_barcode?references=93000012345678');
  });

  it('a top-up (prepaid=true) speaks of the credited balance, never of a guide, on OXXO and on PayPal', async () => {
    server.use(http.get(`/api/v1/prepaid/getTotalAmount/${USER}`, () => HttpResponse.json({ total_amount: 1750.5 })));
    const oxxo = renderResult('success', 'oxxo=true&reference=93000012345678&email=ana%40correo.test&prepaid=true&amount=250.50');
    expect(screen.getByText(/abonaremos MX\$250.50 a tu Monedero electrónico/)).toBeInTheDocument();
    expect(screen.queryByText(/guía/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al Monedero' })).toHaveAttribute('href', '/prepaids');
    oxxo.unmount();

    renderResult('success', 'home=true&email=ana%40correo.test&prepaid=true&amount=250.50', { userId: USER });
    expect(screen.getByRole('heading', { level: 1, name: 'Pago exitoso' })).toBeInTheDocument();
    expect(screen.getByText('Abonamos MX$250.50 a tu Monedero electrónico.')).toBeInTheDocument();
    expect(await screen.findByTestId('wallet-balance-after')).toHaveTextContent('Tu saldo disponible: MX$1,750.50');
    expect(screen.queryByText(/guía/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al Monedero' })).toHaveAttribute('href', '/prepaids');
  });

  it("error: 'Pago Declinado', the spec lines, message and error when present, and the dashboard link", () => {
    renderResult('error', 'message=Saldo%20insuficiente.&error=wallet.insufficient_balance');
    expect(screen.getByRole('heading', { level: 1, name: 'Pago Declinado' })).toBeInTheDocument();
    expect(screen.getByText('Hemos registrado un error durante el proceso de pago.')).toBeInTheDocument();
    expect(screen.getByText('Por favor intenta nuevamente más tarde.')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Saldo insuficiente. (código: wallet.insufficient_balance)');
    expect(screen.getByRole('link', { name: 'Ir al panel' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Mis Envíos' })).toHaveAttribute('href', '/shipments');
  });

  it('error with oxxo=false only: no extra note', () => {
    renderResult('error', 'oxxo=false');
    expect(screen.getByRole('heading', { level: 1, name: 'Pago Declinado' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
