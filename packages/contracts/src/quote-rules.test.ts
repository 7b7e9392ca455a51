import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { billableWeightKg, expandParcelsToGuides, quoteResponseSchema, VOLUMETRIC_DIVISOR, volumetricWeightKg, type Parcel } from './quotes.js';

const parcel = fc.record({
  depth: fc.integer({ min: 1, max: 300 }),
  width: fc.integer({ min: 1, max: 300 }),
  height: fc.integer({ min: 1, max: 300 }),
  weight: fc.integer({ min: 1, max: 20_000 }).map((w) => w / 10),
});

describe('volumetric and billable weight', () => {
  it('volumetric weight is L×A×H / 5000, or the divisor given', () => {
    expect(volumetricWeightKg({ depth: 50, width: 40, height: 30 })).toBe(12);
    expect(volumetricWeightKg({ depth: 50, width: 40, height: 30 }, 6000)).toBe(10);
  });

  it('the volumetric weight wins when it is larger, the real weight otherwise (property)', () => {
    fc.assert(
      fc.property(parcel, (p: Parcel) => {
        const billable = billableWeightKg(p);
        const volumetric = volumetricWeightKg(p);
        expect(billable).toBeGreaterThanOrEqual(p.weight);
        expect(billable).toBeGreaterThanOrEqual(volumetric - 1e-9);
        expect(Number.isInteger(billable)).toBe(true);
        // Rounded up to the next whole kilo, never further.
        expect(billable - Math.max(p.weight, volumetric, 1)).toBeLessThan(1);
        if (volumetric > p.weight) expect(billable).toBe(Math.max(1, Math.ceil(volumetric - 1e-9)));
      }),
    );
  });

  it('never falls when the parcel grows in weight or in any measure (property)', () => {
    fc.assert(
      fc.property(parcel, fc.integer({ min: 0, max: 100 }), fc.constantFrom('depth', 'width', 'height', 'weight'), (p, grow, field) => {
        const bigger = { ...p, [field]: field === 'weight' ? p.weight + grow / 10 : p[field] + grow };
        expect(billableWeightKg(bigger)).toBeGreaterThanOrEqual(billableWeightKg(p));
      }),
    );
  });

  it('uses the divisor of 5000 by default', () => {
    expect(VOLUMETRIC_DIVISOR).toBe(5000);
    expect(billableWeightKg({ depth: 30, width: 20, height: 15, weight: 3 })).toBe(3);
  });
});

describe('guides and parcels', () => {
  it('repeats the parcel list in order until it has one parcel per guide', () => {
    expect(expandParcelsToGuides(['a'], 3)).toEqual(['a', 'a', 'a']);
    expect(expandParcelsToGuides(['a', 'b'], 5)).toEqual(['a', 'b', 'a', 'b', 'a']);
    expect(expandParcelsToGuides(['a', 'b'], 2)).toEqual(['a', 'b']);
    expect(expandParcelsToGuides([], 2)).toEqual([]);
  });
});

describe('quote answer contract', () => {
  it('accepts an answer with one option and its breakdown', () => {
    const answer = {
      options: [
        {
          carrier: 'DHL',
          carrier_code: 'dhl',
          carrier_service_name: 'EXPRESS DOMESTIC',
          service_id: '8f1e7f4e-8a49-4c1c-9d47-6a0b5c2c1a11',
          carrier_logo_url: '/api/v1/carriers/dhl/logo.svg',
          carrier_logo_url_svg: '/api/v1/carriers/dhl/logo.svg',
          total_amount: 398.88,
          net_total_amount: 278.88,
          price_per_guide: 278.88,
          overweight_amount: 120,
          guides: 1,
          currency: 'MXN',
          date: '2026-01-15',
          estimated_delivery: '2026-01-16',
          total_transit_days: 1,
          transit_text: 'Día siguiente hábil',
          is_remote: false,
          billable_weight_kg: 3,
          source: 'tariffs',
          services: [
            { code: 'base', service_name: 'Tarifa base (3 kg)', price: 278.88, quantity: 1, amount: 278.88 },
            { code: 'overweight', service_name: 'Sobrepeso de envíos anteriores', price: 120, quantity: 1, amount: 120 },
          ],
        },
      ],
      unavailable_carriers: [{ carrier_code: 'fedex', carrier: 'FedEx', reason: 'timeout', message: 'FedEx no respondió a tiempo.' }],
      guides: 1,
      quoted_at: '2026-01-15T18:00:00.000Z',
    };
    expect(quoteResponseSchema.parse(answer)).toEqual(answer);
  });
});
