import { describe, expect, it } from 'vitest';
import type { PostalSuggestion } from '@envios/contracts/geography';
import { FULL_CODE_LIMIT, PostalCodeIndex, SEARCH_LIMIT } from './postal-code-index.js';

function row(postal_code: string, place_name: string, city = 'Guadalajara'): PostalSuggestion {
  return { postal_code, place_name, city, municipality: city, state: 'Jalisco', state_short: 'JAL', country_code: 'MX' };
}

const codesOf = (rows: PostalSuggestion[]) => rows.map((r) => r.postal_code);

describe('the in-memory postal-code index', () => {
  it('sorts by postal code, then settlement in Spanish order (accents beside their letter)', () => {
    const index = new PostalCodeIndex([row('44160', 'Zapote'), row('44100', 'Óblatos'), row('44100', 'Americana'), row('44100', 'Obrera')]);
    expect(index.lookup('44100').map((r) => r.place_name)).toEqual(['Americana', 'Óblatos', 'Obrera']);
    expect(index.postalCodeCount).toBe(2);
  });

  it('lists each settlement of a code once, even when SEPOMEX repeats a name under another type', () => {
    const index = new PostalCodeIndex([row('44100', 'Centro'), row('44100', 'Centro'), row('44100', 'Centro', 'Zapopan')]);
    expect(index.size).toBe(2);
    expect(index.lookup('44100')).toHaveLength(2);
  });

  it('finds codes by prefix, in order, and nothing for a prefix no code has', () => {
    const index = new PostalCodeIndex([row('44100', 'A'), row('44130', 'B'), row('44200', 'C'), row('06600', 'Juárez', 'Ciudad de México')]);
    expect(codesOf(index.search('441'))).toEqual(['44100', '44130']);
    expect(codesOf(index.search('066'))).toEqual(['06600']);
    expect(index.search('999')).toEqual([]);
    expect(index.search('441000')).toEqual([]);
  });

  it('shows the range of codes when many match: one settlement per code, capped', () => {
    const rows = [];
    for (let c = 0; c < 40; c++) for (let s = 0; s < 5; s++) rows.push(row(`44${String(100 + c)}`, `Colonia ${s}`));
    const found = new PostalCodeIndex(rows).search('441');
    expect(found).toHaveLength(SEARCH_LIMIT);
    expect(new Set(codesOf(found)).size).toBe(SEARCH_LIMIT);
    expect(found[0]).toMatchObject({ postal_code: '44100', place_name: 'Colonia 0' });
  });

  it('fills in turns with more settlements when only a few codes match', () => {
    const rows = [...Array.from({ length: 30 }, (_, i) => row('44100', `A${String(i).padStart(2, '0')}`)), row('44130', 'B1'), row('44130', 'B2')];
    const found = new PostalCodeIndex(rows).search('441');
    expect(found).toHaveLength(SEARCH_LIMIT);
    expect(found.filter((r) => r.postal_code === '44130').map((r) => r.place_name)).toEqual(['B1', 'B2']);
    expect(codesOf(found)).toEqual([...codesOf(found)].sort());
  });

  it('lists the settlements of a complete code, up to a larger cap', () => {
    const rows = Array.from({ length: 80 }, (_, i) => row('85203', `Rancho ${String(i).padStart(2, '0')}`));
    const index = new PostalCodeIndex(rows);
    expect(index.search('85203')).toHaveLength(FULL_CODE_LIMIT);
    expect(index.lookup('85203')).toHaveLength(80);
    expect(index.lookup('85204')).toEqual([]);
  });

  it('answers nothing from an empty catalogue', () => {
    const index = new PostalCodeIndex([]);
    expect(index.search('441')).toEqual([]);
    expect(index.lookup('44100')).toEqual([]);
  });
});
