import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { xlsxStream, type SheetColumn } from './spreadsheet.js';

interface Row {
  when: Date;
  folio: number;
  name: string | null;
  total: number;
  kg: number;
}

const columns: SheetColumn<Row>[] = [
  { header: 'Fecha', type: 'datetime', width: 20, value: (r) => r.when },
  { header: 'Folio', type: 'integer', value: (r) => r.folio },
  { header: 'Cliente & "socio"', type: 'text', value: (r) => r.name },
  { header: 'Total', type: 'money', value: (r) => r.total },
  { header: 'Peso (kg)', type: 'number', value: (r) => r.kg },
];

async function* chunks(rows: Row[], size: number): AsyncGenerator<Row[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function bytesOf(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

/** Every entry of a ZIP read through its central directory, inflated and checked against its CRC and size. */
function unzip(file: Buffer): Map<string, Buffer> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(file.readUInt32LE(at)).toBe(0x02014b50);
    const crc = file.readUInt32LE(at + 16);
    const compressed = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const local = file.readUInt32LE(at + 42);
    const name = file.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(file.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const content = zlib.inflateRawSync(file.subarray(start, start + compressed));
    expect(content.length, name).toBe(size);
    expect(zlib.crc32(content) >>> 0, name).toBe(crc);
    entries.set(name, content);
    at += 46 + nameLength;
  }
  return entries;
}

describe('xlsxStream (the workbook written while its rows arrive)', () => {
  const rows: Row[] = Array.from({ length: 2500 }, (_, i) => ({
    when: new Date(Date.UTC(2026, 0, 15, 18, 30, 0) + i * 60_000),
    folio: 1000 + i,
    name: i === 0 ? ' Ana <López> & "Hijos"\u0001 ' : i === 1 ? '=HYPERLINK("x")' : i === 2 ? null : `Cliente ${i}`,
    total: 1300.32 + i,
    kg: 2.5,
  }));

  it('is a ZIP whose every entry inflates to its declared size and CRC', async () => {
    const file = await bytesOf(xlsxStream({ sheetName: 'Envíos', columns, rows: chunks(rows, 1000) }));
    const entries = unzip(file);
    expect([...entries.keys()]).toEqual(
      expect.arrayContaining([
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/workbook.xml',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/worksheets/sheet1.xml',
      ]),
    );
    expect(entries.get('xl/workbook.xml')!.toString('utf8')).toContain('name="Envíos"');
  });

  it('opens in exceljs with every row in order, texts as written, dates as Mexico City dates and money in MXN', async () => {
    const file = await bytesOf(xlsxStream({ sheetName: 'Envíos', columns, rows: chunks(rows, 700) }));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Envíos')!;
    expect(sheet.rowCount).toBe(rows.length + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Fecha', 'Folio', 'Cliente & "socio"', 'Total', 'Peso (kg)']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const first = sheet.getRow(2);
    // 18:30 UTC on 15 January is 12:30 in Mexico City (UTC−6): the sheet shows the wall clock.
    expect(first.getCell(1).value).toEqual(new Date(Date.UTC(2026, 0, 15, 12, 30, 0)));
    expect(first.getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(first.getCell(2).value).toBe(1000);
    expect(first.getCell(3).value).toBe(' Ana <López> & "Hijos" ');
    expect(first.getCell(4).value).toBe(1300.32);
    expect(first.getCell(4).numFmt).toBe('"MX$"#,##0.00');
    expect(first.getCell(5).numFmt).toBe('#,##0.00');
    // A text that looks like a formula stays a text; an empty value leaves the cell empty.
    expect(sheet.getRow(3).getCell(3).value).toBe('=HYPERLINK("x")');
    expect(sheet.getRow(4).getCell(3).value).toBeNull();
    expect(sheet.getRow(rows.length + 1).getCell(2).value).toBe(1000 + rows.length - 1);
  });

  it('errors instead of ending cleanly when its source fails half-way', async () => {
    async function* failing(): AsyncGenerator<Row[]> {
      yield rows.slice(0, 10);
      throw new Error('la base se cayó');
    }
    await expect(bytesOf(xlsxStream({ sheetName: 'Envíos', columns, rows: failing() }))).rejects.toThrow('la base se cayó');
  });
});
