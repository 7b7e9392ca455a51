import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import { PaymentMethodsGuide } from './payment-methods-guide';

const shown = () => screen.getAllByTestId(/^metodo-/).map((card) => card.dataset.testid);

describe('Métodos de pago', () => {
  it('explains every method on, marking the sandboxes', () => {
    renderWithApp(
      <PaymentMethodsGuide
        config={{ paypal: { sandbox: true, enabled: true }, oxxo: { sandbox: false, enabled: true }, card: { enabled: true }, sandbox_mode: true }}
      />,
    );
    expect(shown()).toEqual(['metodo-paypal', 'metodo-card', 'metodo-oxxo', 'metodo-monedero']);
    expect(screen.getAllByText('Entorno de pruebas')).toHaveLength(2);
  });

  it('leaves out a method switched off, so it never promises one the site does not take', () => {
    renderWithApp(
      <PaymentMethodsGuide
        config={{ paypal: { sandbox: false, enabled: false }, oxxo: { sandbox: false, enabled: true }, card: { enabled: false }, sandbox_mode: false }}
      />,
    );
    expect(shown()).toEqual(['metodo-oxxo', 'metodo-monedero']);
  });
});
