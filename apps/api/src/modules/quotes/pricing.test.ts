import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyMarkup, divideRoundHalfUp, insuranceCost } from './pricing.js';

describe('money rules of a quote', () => {
  it('rounds half up on exact integers', () => {
    expect(divideRoundHalfUp(5, 10)).toBe(1);
    expect(divideRoundHalfUp(4, 10)).toBe(0);
    expect(divideRoundHalfUp(149_00 * 11_200, 10_000)).toBe(166_88);
  });

  it('marks the freight up once and splits it back into base and extra kilos', () => {
    expect(applyMarkup({ baseCentavos: 24_900, extraCentavos: 0 }, { percentBp: 1200, fixedCentavos: 0 })).toEqual({ baseCentavos: 27_888, extraCentavos: 0 });
    expect(applyMarkup({ baseCentavos: 10_000, extraCentavos: 333 }, { percentBp: 1500, fixedCentavos: 500 })).toEqual({
      baseCentavos: 11_500 + 500,
      extraCentavos: 383,
    });
    expect(applyMarkup({ baseCentavos: 10_000, extraCentavos: 0 }, { percentBp: 0, fixedCentavos: 0 })).toEqual({ baseCentavos: 10_000, extraCentavos: 0 });
  });

  it('never lowers the price when the carrier cost grows, and never makes a line negative (property)', () => {
    const cost = fc.record({ baseCentavos: fc.integer({ min: 0, max: 10_000_000 }), extraCentavos: fc.integer({ min: 0, max: 10_000_000 }) });
    const markup = fc.record({ percentBp: fc.integer({ min: 0, max: 30_000 }), fixedCentavos: fc.integer({ min: 0, max: 1_000_000 }) });
    fc.assert(
      fc.property(cost, markup, fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (c, m, moreBase, moreExtra) => {
        const a = applyMarkup(c, m);
        const b = applyMarkup({ baseCentavos: c.baseCentavos + moreBase, extraCentavos: c.extraCentavos + moreExtra }, m);
        expect(a.baseCentavos).toBeGreaterThanOrEqual(0);
        expect(a.extraCentavos).toBeGreaterThanOrEqual(0);
        expect(b.baseCentavos + b.extraCentavos).toBeGreaterThanOrEqual(a.baseCentavos + a.extraCentavos);
        expect(Number.isInteger(a.baseCentavos) && Number.isInteger(a.extraCentavos)).toBe(true);
      }),
    );
  });

  it('insures at the carrier rate with its minimum', () => {
    expect(insuranceCost(5_000_00, 200, 35_00)).toBe(100_00);
    expect(insuranceCost(500_00, 200, 35_00)).toBe(35_00);
    expect(insuranceCost(1_234_57, 180, 0)).toBe(22_22);
  });
});
