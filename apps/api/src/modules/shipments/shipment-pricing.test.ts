import { describe, expect, it } from 'vitest';
import type { ShippingOption } from '@envios/contracts/quotes';
import {
  destinationColumns,
  insuranceCostOf,
  linesWithoutOverweight,
  quoteRequestFor,
  sameParcels,
  samePlace,
  samePrice,
  snapshotOf,
  toAddressColumn,
  uniformGuidePrice,
  wholeOptionPrice,
} from './shipment-pricing.js';
import { fingerprintOf, parseKeywords } from './shipments.usecases.js';
import * as fixtures from './shipments.fixtures.js';
import type { AddressColumn } from './shipments.table.js';

const origin: AddressColumn = fixtures.origin;
const destination: AddressColumn = fixtures.destination;

function option(overrides: Partial<ShippingOption> = {}): ShippingOption {
  return {
    carrier: 'DHL',
    carrier_code: 'dhl',
    carrier_service_name: 'EXPRESS DOMESTIC',
    service_id: '00000000-0000-4000-8000-000000000001',
    carrier_logo_url: '/api/v1/carriers/dhl/logo.svg',
    carrier_logo_url_svg: '/api/v1/carriers/dhl/logo.svg',
    total_amount: 3 * 278.88 + 85.4,
    net_total_amount: 836.64,
    price_per_guide: 278.88,
    overweight_amount: 85.4,
    guides: 3,
    currency: 'MXN',
    date: '2026-01-15',
    estimated_delivery: '2026-01-16',
    total_transit_days: 1,
    transit_text: 'Día siguiente',
    is_remote: false,
    billable_weight_kg: 9,
    source: 'tariffs',
    services: [
      { code: 'base', service_name: 'Tarifa base (3 kg)', price: 248.88, quantity: 3, amount: 746.64 },
      { code: 'insurance', service_name: 'Seguro (valor declarado MX$1,000.00)', price: 30, quantity: 3, amount: 90 },
      { code: 'overweight', service_name: 'Sobrepeso de envíos anteriores', price: 85.4, quantity: 1, amount: 85.4 },
    ],
    ...overrides,
  };
}

describe('the quote a shipment stands for', () => {
  it('sends the city after its comma, the colony as suburb, the guides and the insured value', () => {
    const request = quoteRequestFor({
      origin,
      destination,
      shipmentType: 'box',
      parcels: [{ depth: 1, width: 2, height: 3, weight: 0.5 }],
      guides: 4,
      insuredValue: 1000,
    });
    expect(request).toEqual({
      origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Guadalajara', suburb: 'Guadalajara Centro' },
      destination_direction: { country_code: 'MX', postal_code: '06600', city: 'Cuauhtémoc', suburb: 'Juárez', state_short: 'CDMX' },
      parcels: [{ depth: 1, width: 2, height: 3, weight: 0.5 }],
      package_type: 'box',
      cantidadGuias: 4,
      insured_value: 1000,
      insured_value_currency: 'MXN',
    });
  });

  it('leaves the insured value out when not insured', () => {
    const request = quoteRequestFor({ origin, destination, shipmentType: 'document', parcels: [{ depth: 1, width: 25, height: 1, weight: 0.2 }], guides: 1 });
    expect(request).not.toHaveProperty('insured_value');
    expect(request).not.toHaveProperty('insured_value_currency');
  });
});

describe('the price of each guide', () => {
  it('guides alike: each line once per guide, without the earlier overweight', () => {
    expect(uniformGuidePrice(option())).toEqual({
      centavos: 278_88,
      billableKg: 3,
      lines: [
        { code: 'base', service_name: 'Tarifa base (3 kg)', price: 248.88, quantity: 1, amount: 248.88 },
        { code: 'insurance', service_name: 'Seguro (valor declarado MX$1,000.00)', price: 30, quantity: 1, amount: 30 },
      ],
    });
  });

  it('guides of different parcels are not split from the option', () => {
    expect(uniformGuidePrice(option({ price_per_guide: null }))).toBeUndefined();
    const mixed = option({
      services: [
        { code: 'base', service_name: 'Tarifa base (3 kg)', price: 278.88, quantity: 2, amount: 557.76 },
        { code: 'base', service_name: 'Tarifa base (1 kg)', price: 278.88, quantity: 1, amount: 278.88 },
      ],
    });
    expect(uniformGuidePrice(mixed)).toBeUndefined();
  });

  it('a whole option as one shipment keeps its net total and lines', () => {
    const price = wholeOptionPrice(option());
    expect(price.centavos).toBe(836_64);
    expect(price.lines.map((l) => l.code)).toEqual(['base', 'insurance']);
    expect(insuranceCostOf(price)).toBe(30);
    expect(insuranceCostOf({ centavos: 1, billableKg: 1, lines: [] })).toBe(0);
  });

  it('does not change the (possibly cached, frozen) option it reads', () => {
    const frozen = Object.freeze(option());
    const lines = linesWithoutOverweight(frozen);
    lines[0]!.quantity = 99;
    expect(frozen.services[0]!.quantity).toBe(3);
  });

  it('compares prices to the centavo', () => {
    expect(samePrice(278.88, 278.880000001)).toBe(true);
    expect(samePrice(0.1 + 0.2, 0.3)).toBe(true);
    expect(samePrice(278.88, 278.89)).toBe(false);
  });

  it('freezes a snapshot with this shipment’s price as total and net', () => {
    const price = uniformGuidePrice(option())!;
    const snapshot = snapshotOf(option(), price, '2026-01-15T12:00:00.000Z');
    expect(snapshot).toMatchObject({
      total_amount: 278.88,
      net_total_amount: 278.88,
      billable_weight_kg: 3,
      quoted_at: '2026-01-15T12:00:00.000Z',
      currency: 'MXN',
    });
    expect(snapshot).not.toHaveProperty('overweight_amount');
    expect(snapshot).not.toHaveProperty('price_per_guide');
  });
});

describe('what an edit changes', () => {
  it('a place is its country and postal code', () => {
    expect(samePlace(destination, { ...destination, full_name: 'Otra persona', colony: 'Otra' })).toBe(true);
    expect(samePlace(destination, { ...destination, postal_code: '64000' })).toBe(false);
    expect(samePlace(destination, { ...destination, country_code: 'US' })).toBe(false);
  });

  it('parcels compare in order, measure by measure', () => {
    const a = { depth: 1, width: 2, height: 3, weight: 1 };
    const b = { depth: 1, width: 2, height: 3, weight: 1.1 };
    expect(sameParcels([a, b], [{ ...a }, { ...b }])).toBe(true);
    expect(sameParcels([a, b], [b, a])).toBe(false);
    expect(sameParcels([a], [a, a])).toBe(false);
  });

  it('stores the destination with its state abbreviation and the searchable columns', () => {
    expect(toAddressColumn({ ...origin, state_short: undefined })).not.toHaveProperty('state_short');
    expect(toAddressColumn(destination).state_short).toBe('CDMX');
    expect(destinationColumns(destination)).toEqual({ destinationName: 'Bruno Díaz', destinationLine: 'Calle Roma, 45, 2B' });
  });
});

describe('keyword badges', () => {
  it('split on commas, trimmed; true/false become the paid filter', () => {
    expect(parseKeywords(' roma , true,, Express ,FALSE', 'keywords')).toEqual({ words: ['roma', 'Express'], paid: [true, false] });
    expect(parseKeywords(undefined, 'keywords')).toEqual({ words: [], paid: [] });
  });

  it('a keyword over 35 characters is refused naming the field', () => {
    expect(() => parseKeywords('x'.repeat(36), 'filter')).toThrow(
      expect.objectContaining({ statusCode: 400, errors: [expect.objectContaining({ path: 'filter' })] }),
    );
  });
});

describe('idempotency fingerprints', () => {
  it('the same bodies give the same digest; another body or kind another', () => {
    const body = { a: 1, b: [1, 2] };
    expect(fingerprintOf('one', [body])).toBe(fingerprintOf('one', [{ a: 1, b: [1, 2] }]));
    expect(fingerprintOf('one', [body])).not.toBe(fingerprintOf('many', [body]));
    expect(fingerprintOf('one', [body])).not.toBe(fingerprintOf('one', [{ ...body, a: 2 }]));
  });
});
