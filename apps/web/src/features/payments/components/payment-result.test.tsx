import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import { PaymentResult } from './payment-result';

function renderResult(result: 'success' | 'error', query: string) {
  return renderWithApp(<PaymentResult result={result} query={new URLSearchParams(query)} />, { path: '/payments/result/:result', at: `/payments/result/${result}?${query}` });
}

describe('Payment result (/payments/result/{result})', () => {
  it("success with home=true: 'Pago Exitoso', the guide mailed to the e-mail", () => {
    renderResult('success', 'home=true&email=ana%40correo.test');
    expect(screen.getByRole('heading', { level: 1, name: 'Pago Exitoso' })).toBeInTheDocument();
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

  it("success with monedero: 'Pago Pendiente', paid from the wallet", () => {
    renderResult('success', 'monedero=true&email=ana%40correo.test');
    expect(screen.getByRole('heading', { level: 1, name: 'Pago Pendiente' })).toBeInTheDocument();
    expect(screen.getByText(/Pagaste con tu Monedero electrónico/)).toHaveTextContent('ana@correo.test');
  });

  it("success with oxxo: 'Pago Pendiente' and the reference's slip link", () => {
    renderResult('success', 'oxxo=true&reference=93000012345678&email=ana%40correo.test');
    expect(screen.getByRole('heading', { level: 1, name: 'Pago Pendiente' })).toBeInTheDocument();
    expect(screen.getByText('93000012345678')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver e imprimir la ficha de pago' })).toHaveAttribute('href', '/shipping/cash_barcode?references=93000012345678');
  });

  it('a top-up (prepaid=true) speaks of the wallet, not of a guide, on OXXO and on PayPal', () => {
    const oxxo = renderResult('success', 'oxxo=true&reference=93000012345678&email=ana%40correo.test&prepaid=true');
    expect(screen.getByText(/lo abonaremos a tu Monedero electrónico/)).toBeInTheDocument();
    expect(screen.queryByText(/guía/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al Monedero' })).toHaveAttribute('href', '/prepaids');
    oxxo.unmount();

    renderResult('success', 'home=true&email=ana%40correo.test&prepaid=true');
    expect(screen.getByRole('heading', { level: 1, name: 'Pago Exitoso' })).toBeInTheDocument();
    expect(screen.getByText('Recibimos tu pago y lo abonamos a tu Monedero electrónico.')).toBeInTheDocument();
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
