/**
 * Money rules shared by server and browser. Amounts live as integer centavos; the wire speaks
 * decimal MXN with two decimals. Never add floats.
 */
export type Centavos = number;

export function toCentavos(pesos: number): Centavos {
  if (!Number.isFinite(pesos)) throw new RangeError(`Monto inválido: ${pesos}`);
  // Round half away from zero on the decimal representation, so 0.285 → 29 and not 28.
  const sign = pesos < 0 ? -1 : 1;
  const [int = '0', frac = ''] = Math.abs(pesos).toFixed(6).split('.');
  const cents = Number(int) * 100 + Number(frac.slice(0, 2).padEnd(2, '0'));
  const roundUp = Number(frac.slice(2, 3) || '0') >= 5 ? 1 : 0;
  return sign * (cents + roundUp);
}

export function fromCentavos(centavos: Centavos): number {
  if (!Number.isInteger(centavos)) throw new RangeError(`Centavos no enteros: ${centavos}`);
  return centavos / 100;
}

const mxnFormat = new Intl.NumberFormat('es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123456 → "MX$1,234.56" (spec: prices shown in MX$ with two decimals). */
export function formatMXN(centavos: Centavos): string {
  const sign = centavos < 0 ? '-' : '';
  return `${sign}MX$${mxnFormat.format(Math.abs(centavos) / 100)}`;
}
