import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import { ShipmentSummary, type ShipmentSummaryProps } from './shipment-summary';

const base: ShipmentSummaryProps = {
  service: { carrier: 'AM/PM', carrier_service_name: 'ESTANDAR', net_total_amount: 288.96 },
  origin: { postal_code: '44100', city: 'Jalisco, Guadalajara' },
  destination: { postal_code: '06600', city: 'Ciudad de México, Ciudad de México' },
  totalWeightKg: 6,
  guides: 2,
  overweight: { docs: [], total_cost_overweight: 0 },
};

function value(term: string): string {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

describe('ShipmentSummary', () => {
  it('adds the earlier overweight to the net price: total = net + overweight, MX$ with two decimals', () => {
    renderWithApp(
      <ShipmentSummary
        {...base}
        overweight={{
          docs: [
            { _id: '30000000-0000-4000-8000-000000000001', numberOfOrder: 900, number_guide: '1234567890', overweight: 2, cost_overweight: 50 },
            { _id: '30000000-0000-4000-8000-000000000002', numberOfOrder: 901, number_guide: null, overweight: 0.5, cost_overweight: 25.1 },
          ],
          total_cost_overweight: 75.1,
        }}
      />,
    );
    expect(value('Paquetería')).toBe('AM/PM ESTANDAR');
    expect(value('Desde')).toBe('44100 Jalisco, Guadalajara');
    expect(value('Hacia')).toBe('06600 Ciudad de México, Ciudad de México');
    expect(value('Peso total')).toBe('6 kg');
    expect(value('Número de envíos')).toBe('2');
    expect(value('Precio neto')).toBe('MX$288.96');
    expect(value('Sobrepeso anterior')).toBe('2.5 kg');
    expect(value('Precio del sobrepeso')).toBe('MX$75.10');
    expect(value('Total')).toBe('MX$364.06');
  });

  it('without overweight the total is the net price', () => {
    renderWithApp(<ShipmentSummary {...base} />);
    expect(value('Sobrepeso anterior')).toBe('Sin sobrepeso');
    expect(value('Precio del sobrepeso')).toBe('MX$0.00');
    expect(value('Total')).toBe('MX$288.96');
  });

  it('while the overweight loads the total waits; if it fails, it says so', () => {
    const { unmount } = renderWithApp(<ShipmentSummary {...base} overweight={undefined} />);
    expect(value('Total')).toBe('Calculando…');
    unmount();
    renderWithApp(<ShipmentSummary {...base} overweight={null} />);
    expect(value('Precio del sobrepeso')).toBe('No disponible');
    expect(screen.getByRole('status')).toHaveTextContent('se sumará al pagar');
  });
});
