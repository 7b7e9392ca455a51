/**
 * The RFC (Registro Federal de Contribuyentes) as the SAT builds it: 3 letters for a company
 * (persona moral, 12 characters) or 4 for a person (persona física, 13), the date of
 * incorporation or birth as YYMMDD, two characters of homoclave and a check digit computed over
 * the rest (SAT's módulo 11 over the alphabet below). Pure: the browser and the API run the same.
 */

export type RfcKind = 'fisica' | 'moral';

/** The SAT's generic RFCs: the general public (global invoices) and foreign receptors. */
export const RFC_PUBLICO_GENERAL = 'XAXX010101000';
export const RFC_EXTRANJERO = 'XEXX010101000';

export type RfcCheck =
  | { ok: true; rfc: string; kind: RfcKind; generic: null }
  | { ok: true; rfc: string; kind: 'fisica'; generic: 'publico_general' | 'extranjero' }
  | { ok: false; problem: 'format' | 'date' | 'check_digit'; message: string };

export const rfcMessages = {
  format:
    'El RFC debe tener 12 caracteres si es de una empresa (3 letras) o 13 si es de una persona (4 letras), seguidos de 6 dígitos de la fecha y 3 de homoclave; por ejemplo GODE561231GR8.',
  date: 'El RFC no es válido: los 6 dígitos después de las letras deben ser una fecha (año, mes y día: AAMMDD).',
  checkDigit: 'El RFC no es válido: su último carácter (dígito verificador) no corresponde al resto. Cópialo de tu Constancia de Situación Fiscal.',
} as const;

const PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([A\d])$/;
/** The value of each character is its position here (SAT's table: '&' after 'N', 'Ñ' last, space for the missing letter). */
const ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/** Upper case, without the spaces and hyphens people type between its parts. */
export function normalizeRfc(value: string): string {
  return value.normalize('NFC').toUpperCase().replace(/[\s-]/g, '');
}

/**
 * The check digit the SAT computes for the first 11 (company) or 12 (person) characters: a
 * company's RFC is read with a space in front, each character weighs 13 down to 2, and
 * 11 − (sum mod 11) gives the digit ('A' for 10, '0' for 11).
 */
export function rfcCheckDigit(withoutDigit: string): string {
  const padded = withoutDigit.length === 11 ? ` ${withoutDigit}` : withoutDigit;
  if (padded.length !== 12) throw new RangeError('Se esperan 11 o 12 caracteres del RFC sin su dígito verificador.');
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const value = ALPHABET.indexOf(padded[i]!);
    if (value < 0) throw new RangeError(`Carácter no válido en un RFC: ${padded[i]}`);
    sum += value * (13 - i);
  }
  const digit = 11 - (sum % 11);
  return digit === 11 ? '0' : digit === 10 ? 'A' : String(digit);
}

function validDate(yy: number, mm: number, dd: number): boolean {
  if (mm < 1 || mm > 12 || dd < 1) return false;
  // The century is not written: a YY divisible by 4 may be a leap year (00 is 2000).
  const days = [31, yy % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mm - 1]!;
  return dd <= days;
}

export function checkRfc(value: string): RfcCheck {
  const rfc = normalizeRfc(value);
  if (rfc === RFC_PUBLICO_GENERAL) return { ok: true, rfc, kind: 'fisica', generic: 'publico_general' };
  if (rfc === RFC_EXTRANJERO) return { ok: true, rfc, kind: 'fisica', generic: 'extranjero' };
  const match = PATTERN.exec(rfc);
  if (!match) return { ok: false, problem: 'format', message: rfcMessages.format };
  const [, , yy, mm, dd] = match;
  if (!validDate(Number(yy), Number(mm), Number(dd))) return { ok: false, problem: 'date', message: rfcMessages.date };
  if (rfcCheckDigit(rfc.slice(0, -1)) !== rfc.at(-1)) return { ok: false, problem: 'check_digit', message: rfcMessages.checkDigit };
  return { ok: true, rfc, kind: rfc.length === 12 ? 'moral' : 'fisica', generic: null };
}

/** 12 characters: a company; 13: a person; undefined while the RFC is not complete yet (forms filter by it). */
export function rfcKindOf(value: string): RfcKind | undefined {
  const rfc = normalizeRfc(value);
  if (/^[A-ZÑ&]{3}\d{6}[A-Z\d]{3}$/.test(rfc)) return 'moral';
  if (/^[A-ZÑ&]{4}\d{6}[A-Z\d]{3}$/.test(rfc)) return 'fisica';
  return undefined;
}
