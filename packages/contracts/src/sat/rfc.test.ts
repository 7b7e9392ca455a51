import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRfc, normalizeRfc, rfcCheckDigit, rfcKindOf, rfcMessages } from './rfc.js';

// RFCs the SAT publishes for CFDI 4.0 test certificates, and well-known examples: each one's last
// character is the check digit of the rest.
const VALID_COMPANIES = ['EKU9003173C9', 'XIA190128J61', 'URE180429TM6', 'IIA040805DZ4', 'KIJ0906199R1', 'SAT970701NN3'];
const VALID_PERSONS = ['CACX7605101P8', 'GODE561231GR8', 'MASO451221PM4', 'FUNK671228PH6', 'WATM640917J45', 'IAÑL750210963'];

const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZÑ&'.split(''));
const alnum = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));
const date = fc
  .date({ min: new Date(Date.UTC(1930, 0, 1)), max: new Date(Date.UTC(2029, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(2, 10).replace(/-/g, ''));
/** A well-formed RFC of either kind with its correct check digit. */
const wellFormed = fc
  .tuple(fc.integer({ min: 3, max: 4 }), fc.array(letter, { minLength: 4, maxLength: 4 }), date, fc.array(alnum, { minLength: 2, maxLength: 2 }))
  .map(([n, letters, yymmdd, homoclave]) => {
    const body = `${letters.slice(0, n).join('')}${yymmdd}${homoclave.join('')}`;
    return `${body}${rfcCheckDigit(body)}`;
  });

describe('RFC', () => {
  it('accepts published RFCs: 12 characters are a company, 13 a person', () => {
    for (const rfc of VALID_COMPANIES) expect(checkRfc(rfc)).toEqual({ ok: true, rfc, kind: 'moral', generic: null });
    for (const rfc of VALID_PERSONS) expect(checkRfc(rfc)).toEqual({ ok: true, rfc, kind: 'fisica', generic: null });
  });

  it('reads what people type: lower case, spaces and hyphens between the parts', () => {
    expect(checkRfc(' gode-561231-gr8 ')).toMatchObject({ ok: true, rfc: 'GODE561231GR8' });
    expect(normalizeRfc('eku 900317 3c9')).toBe('EKU9003173C9');
  });

  it('refuses a wrong shape, naming what an RFC looks like', () => {
    for (const bad of ['', 'ABC', 'GODE561231GR', 'GODE561231GR89', '1ODE561231GR8', 'GO1E561231GR8', 'GODE56123AGR8', 'GODE561231GRB']) {
      expect(checkRfc(bad)).toEqual({ ok: false, problem: 'format', message: rfcMessages.format });
    }
  });

  it('refuses a date that does not exist', () => {
    expect(checkRfc('GODE561331GR8')).toMatchObject({ ok: false, problem: 'date' });
    expect(checkRfc('GODE560230GR8')).toMatchObject({ ok: false, problem: 'date' });
    expect(checkRfc('EKU9002303C9')).toMatchObject({ ok: false, problem: 'date' });
    // 29 February in a year divisible by four is a date (00 may be 2000).
    const body = 'GODE000229GR';
    expect(checkRfc(`${body}${rfcCheckDigit(body)}`)).toMatchObject({ ok: true });
  });

  it('refuses a wrong check digit', () => {
    expect(checkRfc('GODE561231GR9')).toEqual({ ok: false, problem: 'check_digit', message: rfcMessages.checkDigit });
    expect(checkRfc('EKU9003173C8')).toMatchObject({ ok: false, problem: 'check_digit' });
  });

  it('knows the generic RFCs of the general public and of foreigners (whose last digit is not computed)', () => {
    expect(checkRfc('XAXX010101000')).toEqual({ ok: true, rfc: 'XAXX010101000', kind: 'fisica', generic: 'publico_general' });
    expect(checkRfc('xexx010101000')).toEqual({ ok: true, rfc: 'XEXX010101000', kind: 'fisica', generic: 'extranjero' });
  });

  it('every well-formed RFC with its computed digit passes, and any other last character fails', () => {
    fc.assert(
      fc.property(wellFormed, alnum, (rfc, other) => {
        const check = checkRfc(rfc);
        expect(check).toMatchObject({ ok: true, kind: rfc.length === 12 ? 'moral' : 'fisica' });
        const last = rfc.at(-1)!;
        fc.pre(other !== last);
        expect(checkRfc(`${rfc.slice(0, -1)}${other}`).ok).toBe(false);
      }),
    );
  });

  it('tells the kind by length as soon as the shape is complete', () => {
    expect(rfcKindOf('EKU9003173C9')).toBe('moral');
    expect(rfcKindOf('gode561231gr8')).toBe('fisica');
    expect(rfcKindOf('GODE56')).toBeUndefined();
  });
});
