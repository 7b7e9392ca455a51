import { describe, expect, it } from 'vitest';
import { splitCsv } from '../../shared/csv.js';
import { formatTariffCsv, parseMxnToCentavos, parseTariffCsv } from './tariff-csv.js';

const HEADER = 'zona,peso_desde_kg,peso_hasta_kg,precio_base,precio_kg_adicional';

describe('tariff CSV', () => {
  it('reads back what it writes', () => {
    const rows = [
      { zone: 'local' as const, minKg: 1, maxKg: 5, baseCentavos: 14900, extraKgCentavos: 0 },
      { zone: 'local' as const, minKg: 6, maxKg: 70, baseCentavos: 25050, extraKgCentavos: 1205 },
    ];
    const csv = formatTariffCsv(rows);
    expect(csv).toBe(`${HEADER}\r\nlocal,1,5,149.00,0.00\r\nlocal,6,70,250.50,12.05\r\n`);
    expect(parseTariffCsv(csv)).toEqual({ rows: rows.map((r, i) => ({ ...r, line: i + 2 })), errors: [] });
  });

  it('accepts semicolons, a BOM, quoted amounts with thousands, "$" and an empty extra price', () => {
    const parsed = parseTariffCsv(`\uFEFFZona;Peso_desde_kg;peso_hasta_kg;precio_base;precio_kg_adicional\nlocal;1;5;$149;\nlocal;6;10;"MX$1,250.5";0\n`);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((r) => [r.baseCentavos, r.extraKgCentavos])).toEqual([
      [14900, 0],
      [125050, 0],
    ]);
  });

  it('reports every bad cell by its line and column, in Spanish', () => {
    const parsed = parseTariffCsv(`${HEADER}\nlocal,1,5,149.00,0\nlunar,1,5,abc,0\nlocal,x,5,10.999,-1\nnacional,6,5,10,0\n`);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.errors).toEqual([
      { path: 'fila.3.zona', message: expect.stringContaining('Fila 3: la zona «lunar» no existe') },
      { path: 'fila.3.precio_base', message: 'Fila 3: el precio base «abc» no es un monto válido (usa por ejemplo 149.00).' },
      { path: 'fila.4.peso_desde_kg', message: 'Fila 4: el peso inicial «x» debe ser un número entero de kilos, 1 o más.' },
      { path: 'fila.4.precio_base', message: expect.stringContaining('«10.999» no es un monto válido') },
      { path: 'fila.4.precio_kg_adicional', message: expect.stringContaining('«-1» no es un monto válido') },
      { path: 'fila.5.peso_hasta_kg', message: 'Fila 5: el peso final (5 kg) es menor que el inicial (6 kg).' },
    ]);
  });

  it('refuses a missing, unknown or repeated column before reading rows', () => {
    expect(parseTariffCsv('zona,peso_desde_kg,peso_hasta_kg,precio\nlocal,1,5,1').errors.map((e) => e.message)).toEqual([
      'Fila 1: la columna «precio» no se reconoce; las columnas son zona, peso_desde_kg, peso_hasta_kg, precio_base, precio_kg_adicional.',
      'Fila 1: falta la columna precio_base.',
      'Fila 1: falta la columna precio_kg_adicional.',
    ]);
    expect(parseTariffCsv('').errors[0]!.message).toContain('El archivo está vacío');
    expect(parseTariffCsv(`${HEADER}\n`).errors[0]!.message).toBe('El archivo no tiene filas de tarifa debajo de los encabezados.');
  });

  it('splits quoted fields holding the delimiter, quotes and new lines, and skips blank lines', () => {
    expect(splitCsv('a,"b,c","d ""e""",f\n\n"g\nh",i\r\n', ',')).toEqual([
      { fields: ['a', 'b,c', 'd "e"', 'f'], line: 1 },
      { fields: ['g\nh', 'i'], line: 3 },
    ]);
  });

  it('reads amounts exactly, without floating point', () => {
    expect(parseMxnToCentavos('0.29')).toBe(29);
    expect(parseMxnToCentavos('1,234,567.8')).toBe(123456780);
    expect(parseMxnToCentavos('12,34')).toBeUndefined();
    expect(parseMxnToCentavos('')).toBeUndefined();
  });
});
