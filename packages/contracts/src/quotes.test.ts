import { describe, expect, it } from 'vitest';
import { billableWeightKg, cityForQuote, quoteRequestSchema, volumetricWeightKg, type QuoteRequestInput } from './quotes.js';

const base: QuoteRequestInput = {
  origin_direction: { country_code: 'mx', postal_code: '44100', city: 'Guadalajara', suburb: 'Centro' },
  destination_direction: { country_code: 'MX', postal_code: '06700', city: 'Ciudad de México', suburb: 'Roma Norte', state_short: 'CDMX' },
  parcels: [{ depth: 20, width: 30, height: 10, weight: 1.5 }],
  package_type: 'box',
  cantidadGuias: 1,
};

function issues(input: unknown): Record<string, string> {
  const result = quoteRequestSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('quote request', () => {
  it('accepts a complete box quote and upper-cases the countries', () => {
    const q = quoteRequestSchema.parse(base);
    expect(q.origin_direction.country_code).toBe('MX');
    expect(q.parcels).toEqual([{ depth: 20, width: 30, height: 10, weight: 1.5 }]);
    expect(q).not.toHaveProperty('insured_value');
  });

  it('rounds dimensions and the number of guides up to whole numbers, and weight up to 0.1 kg', () => {
    const q = quoteRequestSchema.parse({ ...base, cantidadGuias: 1.2, parcels: [{ depth: 10.1, width: 0.4, height: 3, weight: 0.25 }] });
    expect(q.parcels[0]).toEqual({ depth: 11, width: 1, height: 3, weight: 0.3 });
    expect(q.cantidadGuias).toBe(2);
    expect(quoteRequestSchema.parse({ ...base, parcels: [{ depth: 1, width: 1, height: 1, weight: 0.3 }] }).parcels[0]?.weight).toBe(0.3);
  });

  it('names the field in Spanish when a measure is missing or not above zero', () => {
    const found = issues({ ...base, parcels: [{ width: 0, height: 5, weight: -1 }] });
    expect(found['parcels.0.depth']).toBe('El ancho es obligatorio.');
    expect(found['parcels.0.width']).toBe('El largo debe ser mayor que 0 cm.');
    expect(found['parcels.0.weight']).toBe('El peso debe ser mayor que 0 kg.');
  });

  it('requires both postal codes', () => {
    const found = issues({
      ...base,
      origin_direction: { ...base.origin_direction, postal_code: ' ' },
      destination_direction: { ...base.destination_direction, postal_code: '' },
    });
    expect(found['origin_direction.postal_code']).toBe('El código postal de origen es obligatorio.');
    expect(found['destination_direction.postal_code']).toBe('El código postal de destino es obligatorio.');
  });

  it('sends only the part of a city after its comma', () => {
    expect(cityForQuote('Jalisco, Guadalajara')).toBe('Guadalajara');
    expect(cityForQuote('Monterrey')).toBe('Monterrey');
    expect(quoteRequestSchema.parse({ ...base, origin_direction: { ...base.origin_direction, city: 'Jalisco, Zapopan' } }).origin_direction.city).toBe(
      'Zapopan',
    );
  });

  it('keeps insured value and currency together', () => {
    expect(issues({ ...base, insured_value_currency: 'MXN' })).toEqual({ insured_value: 'El valor asegurado es obligatorio.' });
    expect(issues({ ...base, insured_value: 500 })).toEqual({ insured_value_currency: 'La moneda del valor asegurado es obligatoria.' });
    expect(issues({ ...base, insured_value: 500, insured_value_currency: 'USD' })).toHaveProperty('insured_value_currency');
    expect(quoteRequestSchema.parse({ ...base, insured_value: 500, insured_value_currency: 'MXN' })).toMatchObject({
      insured_value: 500,
      insured_value_currency: 'MXN',
    });
  });

  it('sends a document as exactly one parcel', () => {
    const two = [base.parcels[0]!, base.parcels[0]!];
    expect(issues({ ...base, package_type: 'document', parcels: two })).toEqual({ parcels: 'Un sobre se envía como un solo paquete.' });
    expect(issues({ ...base, package_type: 'pallet', parcels: two })).toEqual({});
  });

  it('refuses an unknown package type', () => {
    expect(issues({ ...base, package_type: 'crate' })).toEqual({ package_type: 'El tipo de envío debe ser sobre, paquete o tarima.' });
  });
});

describe('billable weight', () => {
  it('bills the larger of real and volumetric weight (L×A×H / 5000), rounded up to whole kg', () => {
    expect(volumetricWeightKg({ depth: 40, width: 30, height: 20 })).toBe(4.8);
    expect(billableWeightKg({ depth: 40, width: 30, height: 20, weight: 2 })).toBe(5);
    expect(billableWeightKg({ depth: 10, width: 10, height: 10, weight: 3.2 })).toBe(4);
    expect(billableWeightKg({ depth: 1, width: 25, height: 1, weight: 0.1 })).toBe(1);
  });
});
