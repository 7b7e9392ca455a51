/*
 * JSON text written by hand for the few large answers of hot paths whose shape is fixed (the
 * quote's ~16 options): the pieces a general serializer spends its time on, made cheap.
 * - Text is written in ASCII: characters past U+007E leave as `\uXXXX` escapes (JSON allows them
 *   everywhere, every parser reads them back as the same text). The answer's bytes then equal its
 *   characters, so it is encoded without the UTF-8 transcoding that an "í" forces on the whole text.
 * - Money (MXN with two decimals) is written from its whole centavos: turning a fractional double
 *   into its shortest text is the slowest step of any JSON writer, integers are cheap. The result
 *   is exactly what `JSON.stringify` writes.
 */

/** Characters that leave a JSON string as they are. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeChar(char: string): string {
  return SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** A JSON string literal in ASCII (see above); parses back to `value`. */
export function asciiJsonString(value: string): string {
  if (PLAIN.test(value)) return `"${value}"`;
  return `"${value.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, escapeChar)}"`;
}

/** A JSON number, as `JSON.stringify` writes it (`null` for NaN and the infinities). */
export function jsonNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/**
 * A JSON number for an amount with at most two decimals, written from its whole centavos; the
 * text equals `JSON.stringify(value)`. Any other number goes the general way.
 */
export function jsonMoney(value: number): string {
  const centavos = Math.round(value * 100);
  if (centavos / 100 !== value || !Number.isSafeInteger(centavos)) return jsonNumber(value);
  const negative = centavos < 0;
  const abs = negative ? -centavos : centavos;
  const fraction = abs % 100;
  const whole = `${negative ? '-' : ''}${(abs - fraction) / 100}`;
  if (fraction === 0) return whole;
  if (fraction % 10 === 0) return `${whole}.${fraction / 10}`;
  return `${whole}.${fraction < 10 ? '0' : ''}${fraction}`;
}

/** JSON text that is ASCII by construction, as bytes (one byte per character). */
export function asciiBytes(json: string): Buffer {
  return Buffer.from(json, 'latin1');
}
