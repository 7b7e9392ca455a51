import { describe, expect, it } from 'vitest';
import { checkPostalCodeFormat, formatPostalSuggestion, normalizePostalCode, postalSearchQuerySchema, POSTAL_CODE_FORMATS } from './geography.js';

describe('the postal-code search query', () => {
  const parse = (q: Record<string, string>) => postalSearchQuerySchema.safeParse(q);
  const firstMessage = (q: Record<string, string>) => parse(q).error?.issues[0]?.message;

  it('takes 3 to 7 digits in Mexico, the default country', () => {
    expect(parse({ search: ' 441 ' }).data).toEqual({ search: '441', country: 'MX' });
    expect(parse({ search: '4410000', country: 'mx' }).success).toBe(true);
    expect(firstMessage({ search: '44' })).toBe('El código postal a buscar debe tener entre 3 y 7 caracteres.');
    expect(firstMessage({ search: '44100000' })).toBe('El código postal a buscar debe tener entre 3 y 7 caracteres.');
    expect(firstMessage({ search: '44a' })).toBe('El código postal a buscar solo puede tener números.');
  });

  it('takes 5 to 7 characters, letters included, elsewhere', () => {
    expect(parse({ search: 'K1A 0B1', country: 'CA' }).success).toBe(true);
    expect(firstMessage({ search: '9021', country: 'US' })).toBe('El código postal a buscar debe tener entre 5 y 7 caracteres.');
  });
});

describe('postal-code formats', () => {
  it('knows the format of the countries we ship to most', () => {
    expect(checkPostalCodeFormat('MX', '44100')).toEqual({ ok: true, postalCode: '44100' });
    expect(checkPostalCodeFormat('MX', '4410')).toEqual({ ok: false, reason: 'invalid_format', example: '44100' });
    expect(checkPostalCodeFormat('us', '90210-1234')).toEqual({ ok: true, postalCode: '90210-1234' });
    expect(checkPostalCodeFormat('CA', ' k1a   0b1 ')).toEqual({ ok: true, postalCode: 'K1A 0B1' });
    expect(checkPostalCodeFormat('GB', 'sw1a1aa')).toEqual({ ok: true, postalCode: 'SW1A1AA' });
    expect(checkPostalCodeFormat('ES', '53001').ok).toBe(false);
    expect(checkPostalCodeFormat('AR', 'C1002AAP').ok).toBe(true);
  });

  it('accepts its own example for every listed country', () => {
    for (const [country, format] of Object.entries(POSTAL_CODE_FORMATS)) {
      expect(checkPostalCodeFormat(country, format.example), country).toEqual({ ok: true, postalCode: normalizePostalCode(format.example) });
    }
  });

  it('says when a country has no postal codes, and is lenient with the rest', () => {
    expect(checkPostalCodeFormat('AE', '00000')).toEqual({ ok: false, reason: 'no_postal_codes' });
    expect(checkPostalCodeFormat('KE', '00100')).toEqual({ ok: true, postalCode: '00100' });
    expect(checkPostalCodeFormat('KE', '0').ok).toBe(false);
    expect(checkPostalCodeFormat('KE', '12345678901').ok).toBe(false);
  });
});

describe('a suggestion in a dropdown', () => {
  it('reads "code - suburb - city", "code - city" or just the code', () => {
    expect(formatPostalSuggestion({ postal_code: '44100', place_name: 'Guadalajara Centro', city: 'Guadalajara' })).toBe(
      '44100 - Guadalajara Centro - Guadalajara',
    );
    expect(formatPostalSuggestion({ postal_code: '44100', place_name: '', city: 'Guadalajara' })).toBe('44100 - Guadalajara');
    expect(formatPostalSuggestion({ postal_code: '90210', place_name: '', city: '' })).toBe('90210');
  });
});
