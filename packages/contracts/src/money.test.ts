import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMXN, fromCentavos, toCentavos } from './money.js';

describe('money', () => {
  it('turns pesos into whole centavos, rounding half away from zero', () => {
    expect(toCentavos(1234.5)).toBe(123450);
    expect(toCentavos(0.285)).toBe(29);
    expect(toCentavos(-10.005)).toBe(-1001);
    expect(toCentavos(0.1 + 0.2)).toBe(30);
  });

  it('refuses amounts that are not numbers', () => {
    expect(() => toCentavos(Number.NaN)).toThrow(RangeError);
    expect(() => fromCentavos(1.5)).toThrow(RangeError);
  });

  it('round-trips every centavo amount', () => {
    fc.assert(fc.property(fc.integer({ min: -1e11, max: 1e11 }), (c) => toCentavos(fromCentavos(c)) === c));
  });

  it('shows prices as MX$ with two decimals and thousands separators', () => {
    expect(formatMXN(123456)).toBe('MX$1,234.56');
    expect(formatMXN(5)).toBe('MX$0.05');
    expect(formatMXN(-9900)).toBe('-MX$99.00');
  });
});
