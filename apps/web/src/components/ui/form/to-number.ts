/**
 * The number a person typed, as the contracts read it. An empty box stays `undefined`, so the
 * schema answers "obligatorio" rather than "debe ser un número"; text that is not a number becomes
 * NaN, so it answers the latter. Commas that group thousands ('1,500' or '1,500.5', as Mexico
 * writes them) are dropped; a lone comma is a decimal one ('0,5').
 */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim().replace(/\s/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return Number(text.replace(/,/g, ''));
  return Number(text.replace(',', '.'));
}

/** `register(name, asNumber)`: the box's text reaches the form as `toNumber` reads it. */
export const asNumber = { setValueAs: toNumber } as const;
