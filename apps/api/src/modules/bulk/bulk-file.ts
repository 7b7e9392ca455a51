import { BULK_COLUMNS, BULK_ROWS_MAX, columnForHeader, type BulkColumnKey, type BulkRowValues } from '@envios/contracts/bulk';
import { decodeCsvBytes, readCsv } from '../../shared/csv.js';
import { readXlsxRows, SpreadsheetError, type SheetRow } from '../../shared/xlsx-reader.js';
import { bulkErrors } from './bulk.errors.js';

/*
 * An uploaded spreadsheet as rows of the template's columns: .xlsx (the first sheet) or CSV, told
 * apart by their bytes. The first non-empty row holds the headers, matched to the template's
 * columns by their Spanish header or key (accents, case and punctuation aside); a column the
 * template does not have is ignored and reported. The template's example row, left as it came,
 * is skipped.
 */

export interface ReadRows {
  rows: { row: number; values: BulkRowValues }[];
  ignoredColumns: string[];
}

const EXAMPLE = BULK_COLUMNS.map((c) => c.example.trim().toLowerCase()).join('\u0001');

function isExample(values: BulkRowValues): boolean {
  return BULK_COLUMNS.map((c) => (values[c.key] ?? '').trim().toLowerCase()).join('\u0001') === EXAMPLE;
}

export function rowsFromSheet(sheet: readonly SheetRow[]): ReadRows {
  const [header, ...data] = sheet;
  if (!header) throw bulkErrors.badFile('El archivo está vacío: la primera fila debe tener los encabezados de la plantilla.');
  const columns: (BulkColumnKey | undefined)[] = header.cells.map((h) => columnForHeader(h));
  const ignoredColumns = header.cells.filter((h, i) => h.trim() !== '' && columns[i] === undefined).map((h) => h.trim());
  if (!columns.some(Boolean)) {
    throw bulkErrors.badFile(
      'La primera fila no tiene los encabezados de la plantilla (por ejemplo «Destino: nombre», «Destino: código postal»). Descarga la plantilla y copia tus datos en ella.',
    );
  }
  if (data.length > BULK_ROWS_MAX) throw bulkErrors.tooManyRows(data.length);
  const rows: ReadRows['rows'] = [];
  for (const line of data) {
    const values: BulkRowValues = {};
    line.cells.forEach((cell, i) => {
      const key = columns[i];
      if (key && cell.trim() !== '') values[key] = cell.trim().slice(0, 200);
    });
    if (Object.keys(values).length === 0 || isExample(values)) continue;
    rows.push({ row: line.line, values });
  }
  if (rows.length === 0) throw bulkErrors.badFile('El archivo no tiene filas de envíos debajo de los encabezados.');
  return { rows, ignoredColumns };
}

const ZIP_MAGIC = 0x04034b50;

/** Reads an uploaded file (.xlsx or CSV). Throws 400 bulk.bad_file / bulk.too_many_rows in Spanish. */
export function readBulkFile(bytes: Buffer): ReadRows {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_MAGIC) {
    try {
      return rowsFromSheet(readXlsxRows(bytes, { maxRows: BULK_ROWS_MAX + 1 }));
    } catch (error) {
      if (error instanceof SpreadsheetError) throw bulkErrors.badFile(error.message);
      throw error;
    }
  }
  if (bytes.subarray(0, 8).includes(0)) throw bulkErrors.badFile('El archivo no es una hoja de cálculo: sube la plantilla en Excel (.xlsx) o CSV.');
  const records = readCsv(decodeCsvBytes(bytes));
  return rowsFromSheet(records.map((r) => ({ line: r.line, cells: r.fields })));
}
