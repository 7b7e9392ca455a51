/**
 * The app's one CSV codec. Reading: CSV as spreadsheets in Spanish write it, comma or semicolon
 * separated (Excel in Spanish often writes semicolons; a tab-separated export works too), quoted
 * fields as in RFC 4180, UTF-8 with or without BOM or, from older Excel, Windows-1252 (tariffs,
 * bulk shipments, guide inventory). Writing: comma-separated, CRLF, quoted only where needed, text
 * that a spreadsheet would run as a formula defused (exports, templates, tariffs).
 */
import { formatMexicoCityDateTime } from './mexico-city-time.js';

/** What a written cell holds, and how a number is written (money with two decimals). */
export type CsvValue = string | number | Date | null;

/** Splits CSV text into records of fields, honouring quotes (a quoted field may hold the delimiter, quotes and newlines). */
export function splitCsv(text: string, delimiter: string): { fields: string[]; line: number }[] {
  const records: { fields: string[]; line: number }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      records.push({ fields, line: recordLine });
      fields = [];
      field = '';
      line++;
      recordLine = line;
    } else {
      field += c;
    }
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ fields, line: recordLine });
  }
  return records.filter((r) => r.fields.some((f) => f.trim() !== ''));
}

/** The records of CSV text (its BOM dropped), split on the delimiter its first line uses. */
export function readCsv(text: string): { fields: string[]; line: number }[] {
  const clean = text.replace(/^\uFEFF/, '');
  return splitCsv(clean, detectCsvDelimiter(clean));
}

/** The delimiter of the first line: semicolon or tab when it has those and no comma, else comma. */
export function detectCsvDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes(';')) return ';';
  if (firstLine.includes('\t')) return '\t';
  return ',';
}

/**
 * The text of an uploaded CSV: UTF-8 (its BOM dropped), or Windows-1252 when the bytes are not
 * valid UTF-8 (what Excel writes as «CSV (delimitado por comas)» on many computers).
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Spreadsheet programs run a cell starting with these as a formula: such text is written quoted with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: dates as `YYYY-MM-DD HH:mm:ss` in Mexico City time, money as a plain number with two decimals. */
export function csvCell(value: CsvValue, kind: 'money' | 'other' = 'other'): string {
  if (value === null) return '';
  if (value instanceof Date) return formatMexicoCityDateTime(value);
  if (typeof value === 'number') return kind === 'money' ? value.toFixed(2) : String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) || text !== value ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}
