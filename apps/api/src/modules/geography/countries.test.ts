import { describe, expect, it } from 'vitest';
import { buildCountryList, CALLING_CODES, countryName, flagEmoji, isKnownCountry } from './countries.js';

describe('the country list', () => {
  const list = buildCountryList();

  it('has every ISO 3166-1 country once, with a Spanish name, a flag and a calling code', () => {
    expect(list).toHaveLength(249);
    expect(new Set(list.map((c) => c.country_code)).size).toBe(249);
    for (const c of list) {
      expect(c.country_code).toMatch(/^[A-Z]{2}$/);
      expect(c.calling_code).toMatch(/^\+\d{1,4}$/);
      expect(c.name).not.toBe(c.country_code);
      expect([...c.flag]).toHaveLength(2);
    }
  });

  it('puts Mexico first, then sorts alphabetically in Spanish', () => {
    expect(list[0]).toEqual({ name: 'México', flag: '🇲🇽', calling_code: '+52', country_code: 'MX' });
    const rest = list.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('es').compare));
    expect(list.find((c) => c.country_code === 'US')).toMatchObject({ name: 'Estados Unidos', flag: '🇺🇸', calling_code: '+1' });
    expect(list.find((c) => c.country_code === 'ES')?.name).toBe('España');
  });

  it('names a few countries the way a Mexican customer looks for them', () => {
    expect(countryName('HK')).toBe('Hong Kong');
    expect(countryName('CI')).toBe('Costa de Marfil');
    expect(countryName('DE')).toBe('Alemania');
  });

  it('knows ISO codes and nothing else', () => {
    expect(isKnownCountry('MX')).toBe(true);
    expect(isKnownCountry('ZZ')).toBe(false);
    expect(isKnownCountry('constructor')).toBe(false);
    expect(Object.keys(CALLING_CODES)).toContain('GT');
    expect(flagEmoji('gt')).toBe('🇬🇹');
  });
});
