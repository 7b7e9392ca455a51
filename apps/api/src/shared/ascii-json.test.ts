import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asciiBytes, asciiJsonString, jsonMoney, jsonNumber } from './ascii-json.js';

describe('JSON written in ASCII', () => {
  it('reads back as the very same text, whatever the characters (accents, quotes, controls, emoji, lone surrogates)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const json = asciiJsonString(text);
        expect(json).toMatch(/^[\x20-\x7e]*$/);
        expect(JSON.parse(json)).toBe(text);
      }),
      { numRuns: 2_000 },
    );
  });

  it('writes plain text as it is and escapes what JSON requires', () => {
    expect(asciiJsonString('Tarifa base (4 kg)')).toBe('"Tarifa base (4 kg)"');
    expect(asciiJsonString('De 2 a 4 días hábiles')).toBe('"De 2 a 4 d\\u00edas h\\u00e1biles"');
    expect(asciiJsonString('di "hola"\\\n')).toBe('"di \\"hola\\"\\\\\\n"');
    expect(asciiJsonString('\u0001')).toBe('"\\u0001"');
  });

  it('writes money exactly as JSON.stringify does, from its centavos', () => {
    // Every 7th centavo up to MX$20,000: compared plainly and reported together (one `expect` per
    // amount made the loop itself the slow part of the test on a busy machine).
    const differ: string[] = [];
    for (let centavos = -20_000; centavos <= 2_000_000; centavos += 7) {
      const mxn = centavos / 100;
      if (jsonMoney(mxn) !== JSON.stringify(mxn)) differ.push(`${mxn}: ${jsonMoney(mxn)}`);
    }
    expect(differ).toEqual([]);
    for (const value of [0, -0, 0.1, 0.05, 1.5, 144.48, 1_000_000.01, 0.001, 1 / 3, 1e21, Number.MAX_SAFE_INTEGER]) {
      expect(jsonMoney(value)).toBe(JSON.stringify(value));
    }
  });

  it('writes any other number as JSON.stringify does, and null for what JSON cannot hold', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(jsonNumber(n)).toBe(JSON.stringify(n));
      }),
    );
    expect(jsonNumber(Number.NaN)).toBe('null');
    expect(jsonMoney(Number.POSITIVE_INFINITY)).toBe('null');
  });

  it('turns ASCII JSON into one byte per character', () => {
    const json = asciiJsonString('México');
    expect(asciiBytes(json).toString('utf8')).toBe(json);
    expect(asciiBytes(json)).toHaveLength(json.length);
  });
});
