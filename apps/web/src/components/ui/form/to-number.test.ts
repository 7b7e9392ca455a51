import { describe, expect, it } from 'vitest';
import { toNumber } from './to-number';

describe('toNumber', () => {
  it('leaves an empty box without a value, so the schema says the field is required', () => {
    expect(toNumber('')).toBeUndefined();
    expect(toNumber('   ')).toBeUndefined();
    expect(toNumber(undefined)).toBeUndefined();
    expect(toNumber(null)).toBeUndefined();
  });

  it('reads numbers as Mexico writes them: commas group thousands, a lone comma is a decimal point', () => {
    expect(toNumber('1,500')).toBe(1500);
    expect(toNumber('1,500.5')).toBe(1500.5);
    expect(toNumber('12,345,678')).toBe(12345678);
    expect(toNumber('0,5')).toBe(0.5);
    expect(toNumber(' 2.75 ')).toBe(2.75);
    expect(toNumber(42)).toBe(42);
  });

  it('turns text that is no number into NaN, so the schema says it must be a number', () => {
    expect(toNumber('abc')).toBeNaN();
    expect(toNumber('1.2.3')).toBeNaN();
  });
});
