import { MAX_TARIFF_ROWS, TARIFF_CSV_COLUMNS, TARIFF_ZONES, type TariffZone } from '@envios/contracts/carriers';
import type { FieldError } from '../../shared/errors.js';
import { csvLine, readCsv } from '../../shared/csv.js';
import type { Bracket } from './tariff-rules.js';

/**
 * CSV of one service's tariff table: `zona,peso_desde_kg,peso_hasta_kg,precio_base,precio_kg_adicional`,
 * comma or semicolon separated (Excel in Spanish often writes semicolons), quoted fields as in
 * RFC 4180, UTF-8 with or without BOM. Amounts are MXN with a decimal point; "$", "MX$" and
 * thousands commas ("1,250.00", in a quoted field or with semicolons) are accepted.
 */
export interface ParsedTariffCsv {
  rows: (Bracket & { line: number })[];
  errors: FieldError[];
}

type Column = (typeof TARIFF_CSV_COLUMNS)[number];

const COLUMN_LABELS: Record<Column, string> = {
  zona: 'la zona',
  peso_desde_kg: 'el peso inicial',
  peso_hasta_kg: 'el peso final',
  precio_base: 'el precio base',
  precio_kg_adicional: 'el precio por kilo adicional',
};

function normalizeHeader(h: string): string {
  return h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_');
}

/** "1,250.50", "$149", "MX$ 99.9" → centavos, exactly (no floating point); undefined when not an amount. */
export function parseMxnToCentavos(value: string): number | undefined {
  const v = value.trim().replace(/^(MX\$|\$)\s*/i, '');
  let digits: string;
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(v)) digits = v.replace(/,/g, '');
  else if (/^\d+(\.\d{1,2})?$/.test(v)) digits = v;
  else return undefined;
  const [int = '0', frac = ''] = digits.split('.');
  const centavos = Number(int) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(centavos) ? centavos : undefined;
}

function parseWholeKg(value: string): number | undefined {
  const v = value.trim();
  if (!/^\d{1,5}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 ? n : undefined;
}

export function parseTariffCsv(text: string): ParsedTariffCsv {
  const records = readCsv(text);
  const errors: FieldError[] = [];
  const header = records[0];
  if (!header) {
    return {
      rows: [],
      errors: [{ path: 'fila.1', message: `El archivo está vacío: la primera fila debe tener las columnas ${TARIFF_CSV_COLUMNS.join(', ')}.` }],
    };
  }
  const names = header.fields.map(normalizeHeader);
  const index = new Map<string, number>();
  names.forEach((n, i) => {
    if (n === '') return;
    if (!(TARIFF_CSV_COLUMNS as readonly string[]).includes(n)) {
      errors.push({
        path: `fila.${header.line}.${n}`,
        message: `Fila ${header.line}: la columna «${header.fields[i]!.trim()}» no se reconoce; las columnas son ${TARIFF_CSV_COLUMNS.join(', ')}.`,
      });
    } else if (index.has(n)) {
      errors.push({ path: `fila.${header.line}.${n}`, message: `Fila ${header.line}: la columna ${n} está repetida.` });
    } else {
      index.set(n, i);
    }
  });
  for (const column of TARIFF_CSV_COLUMNS) {
    if (!index.has(column)) errors.push({ path: `fila.${header.line}.${column}`, message: `Fila ${header.line}: falta la columna ${column}.` });
  }
  if (errors.length > 0) return { rows: [], errors };

  const data = records.slice(1);
  if (data.length === 0) {
    return { rows: [], errors: [{ path: 'fila.2', message: 'El archivo no tiene filas de tarifa debajo de los encabezados.' }] };
  }
  if (data.length > MAX_TARIFF_ROWS) {
    return {
      rows: [],
      errors: [{ path: `fila.${data[MAX_TARIFF_ROWS]!.line}`, message: `El archivo tiene ${data.length} filas; el máximo es ${MAX_TARIFF_ROWS}.` }],
    };
  }
  const rows: ParsedTariffCsv['rows'] = [];
  for (const record of data) {
    const cell = (c: Column) => (record.fields[index.get(c)!] ?? '').trim();
    const bad = (c: Column, message: string) => errors.push({ path: `fila.${record.line}.${c}`, message: `Fila ${record.line}: ${message}` });
    const zoneText = cell('zona').toLowerCase();
    const zone = (TARIFF_ZONES as readonly string[]).includes(zoneText) ? (zoneText as TariffZone) : undefined;
    if (!zone) bad('zona', `la zona «${cell('zona')}» no existe; usa una de: ${TARIFF_ZONES.join(', ')}.`);
    const minKg = parseWholeKg(cell('peso_desde_kg'));
    if (minKg === undefined) bad('peso_desde_kg', `${COLUMN_LABELS.peso_desde_kg} «${cell('peso_desde_kg')}» debe ser un número entero de kilos, 1 o más.`);
    const maxKg = parseWholeKg(cell('peso_hasta_kg'));
    if (maxKg === undefined) bad('peso_hasta_kg', `${COLUMN_LABELS.peso_hasta_kg} «${cell('peso_hasta_kg')}» debe ser un número entero de kilos, 1 o más.`);
    if (minKg !== undefined && maxKg !== undefined && maxKg < minKg) bad('peso_hasta_kg', `el peso final (${maxKg} kg) es menor que el inicial (${minKg} kg).`);
    const base = parseMxnToCentavos(cell('precio_base'));
    if (base === undefined) bad('precio_base', `${COLUMN_LABELS.precio_base} «${cell('precio_base')}» no es un monto válido (usa por ejemplo 149.00).`);
    const extraText = cell('precio_kg_adicional');
    const extra = extraText === '' ? 0 : parseMxnToCentavos(extraText);
    if (extra === undefined)
      bad('precio_kg_adicional', `${COLUMN_LABELS.precio_kg_adicional} «${extraText}» no es un monto válido (usa por ejemplo 12.50, o 0).`);
    if (zone && minKg !== undefined && maxKg !== undefined && maxKg >= minKg && base !== undefined && extra !== undefined) {
      rows.push({ line: record.line, zone, minKg, maxKg, baseCentavos: base, extraKgCentavos: extra });
    }
  }
  return { rows, errors };
}

function money(centavos: number): string {
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** The table as CSV, zones in catalogue order, brackets by weight; what `parseTariffCsv` reads back. */
export function formatTariffCsv(rows: readonly Bracket[]): string {
  const order = new Map<string, number>(TARIFF_ZONES.map((z, i) => [z, i]));
  const sorted = [...rows].sort((a, b) => order.get(a.zone)! - order.get(b.zone)! || a.minKg - b.minKg);
  let text = csvLine(TARIFF_CSV_COLUMNS);
  for (const r of sorted) text += csvLine([r.zone, String(r.minKg), String(r.maxKg), money(r.baseCentavos), money(r.extraKgCentavos)]);
  return text;
}
