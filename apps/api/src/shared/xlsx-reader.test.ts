import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readXlsxRows, SpreadsheetError } from './xlsx-reader.js';
import { xlsxWorkbook, type SheetColumn } from './spreadsheet.js';
import { zipStream } from './zip-stream.js';

type Row = Record<string, string>;
const col = (header: string, key: string, type: SheetColumn<Row>['type'] = 'text'): SheetColumn<Row> => ({ header, type, value: (r) => r[key] ?? null });

describe('readXlsxRows', () => {
  it('reads back our own workbook: the first sheet, texts as written, a code column keeping its zero', async () => {
    const file = await xlsxWorkbook([
      {
        name: 'Envíos',
        columns: [col('Nombre', 'a'), col('CP', 'b', 'code')],
        rows: [
          { a: 'Ñandú <&> "Pérez"', b: '06600' },
          { a: '', b: '' },
          { a: 'Zoé', b: '44100' },
        ],
      },
      { name: 'Ayuda', columns: [col('Columna', 'a')], rows: [{ a: 'otra hoja' }] },
    ]);
    expect(readXlsxRows(file, { maxRows: 10 })).toEqual([
      { line: 1, cells: ['Nombre', 'CP'] },
      { line: 2, cells: ['Ñandú <&> "Pérez"', '06600'] },
      { line: 4, cells: ['Zoé', '44100'] },
    ]);
  });

  it('reads what exceljs writes (shared strings, numbers, booleans, formulas, gaps between cells)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Hoja');
    sheet.addRow(['Peso', 'Activo', 'Total', 'Texto']);
    sheet.addRow([2.3, true, { formula: 'A2*2', result: 4.6 }, 'Calle Ámsterdam']);
    sheet.getCell('F3').value = 'solo F';
    const file = Buffer.from(await book.xlsx.writeBuffer());
    expect(readXlsxRows(file, { maxRows: 10 })).toEqual([
      { line: 1, cells: ['Peso', 'Activo', 'Total', 'Texto'] },
      { line: 2, cells: ['2.3', 'VERDADERO', '4.6', 'Calle Ámsterdam'] },
      { line: 3, cells: ['', '', '', '', '', 'solo F'] },
    ]);
  });

  it('stops one row past the limit so the caller can say the file is too long', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ a: String(i) }));
    const file = await xlsxWorkbook([{ name: 'Hoja', columns: [col('N', 'a')], rows }]);
    expect(readXlsxRows(file, { maxRows: 5 })).toHaveLength(6);
  });

  it('refuses what is not a workbook, and a sheet that inflates past the ceiling', async () => {
    expect(() => readXlsxRows(Buffer.from('nombre,cp\nAna,44100'), { maxRows: 5 })).toThrow(SpreadsheetError);
    const huge = 'x'.repeat(5_000_000);
    async function* entries() {
      yield {
        name: 'xl/worksheets/sheet1.xml',
        content: [`<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${huge}</t></is></c></row></sheetData></worksheet>`],
      };
    }
    const chunks: Buffer[] = [];
    for await (const c of zipStream(entries())) chunks.push(c);
    expect(() => readXlsxRows(Buffer.concat(chunks), { maxRows: 5, maxEntryBytes: 1_000_000 })).toThrow(/demasiado grande/);
  });
});
