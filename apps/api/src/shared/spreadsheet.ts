import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatMexicoCityDateTime, mexicoCityWallClock } from './mexico-city-time.js';

/**
 * Exports written while they are read: rows come from an async source (a database cursor) chunk
 * by chunk and leave as an Excel workbook (exceljs' streaming writer) or a CSV file; neither the
 * rows nor the file are ever whole in memory. Types are kept: a date is a spreadsheet date in
 * Mexico City time, money is a number with the MXN format, so the sheet can sum and sort them.
 */
export type CellType = 'text' | 'integer' | 'number' | 'money' | 'datetime';
export type CellValue = string | number | Date | null;

export interface SheetColumn<Row> {
  /** The header (first row) exactly as a person reads it. */
  header: string;
  type: CellType;
  width?: number;
  value(row: Row): CellValue;
}

const MONEY_FORMAT = '"MX$"#,##0.00';
const DATETIME_FORMAT = 'dd/mm/yyyy hh:mm:ss';
const NUMBER_FORMAT = '#,##0.00';

/**
 * Waits while the file waits for its reader (the client downloading sets the pace), so rows are
 * not read from the database faster than they leave. Throws when the reader went away.
 */
async function drained(stream: PassThrough): Promise<void> {
  while (stream.writableNeedDrain || stream.readableLength > stream.readableHighWaterMark) {
    if (stream.destroyed) throw new Error('La descarga se interrumpió.');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 25);
      function done() {
        clearTimeout(timer);
        stream.off('drain', done);
        resolve();
      }
      stream.once('drain', done);
    });
  }
  if (stream.destroyed) throw new Error('La descarga se interrumpió.');
}

/** The exceljs internals the backlog check reads (absent in another version: then it does not wait). */
interface SheetInternals {
  _stream?: { pipes?: { _writableState?: { length?: number }; once?: (event: 'drain', listener: () => void) => unknown; off?: (event: 'drain', listener: () => void) => unknown }[] };
}
const SHEET_BACKLOG_BYTES = 1024 * 1024;

/**
 * exceljs hands each committed row's XML to the zip compressor without waiting for it, and
 * compressing is slower than writing rows: without a pause the sheet's XML piles up in memory
 * (the whole sheet, for a large export). This waits while more than 1 MiB waits for the compressor.
 */
async function compressed(sheet: unknown): Promise<void> {
  const target = (sheet as SheetInternals)._stream?.pipes?.[0];
  while (target && (target._writableState?.length ?? 0) > SHEET_BACKLOG_BYTES) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 10);
      function done() {
        clearTimeout(timer);
        target?.off?.('drain', done);
        resolve();
      }
      target.once?.('drain', done);
    });
  }
}

/**
 * An .xlsx workbook with one sheet. `onRow` runs after each written row (progress, counting). The
 * returned stream errors if the source fails, so a broken export never looks complete.
 */
export function xlsxStream<Row>(opts: { sheetName: string; columns: readonly SheetColumn<Row>[]; rows: AsyncIterable<readonly Row[]> }): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  workbook.creator = 'Envíos MX';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(opts.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = opts.columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width ?? Math.max(12, c.header.length + 2),
    style:
      c.type === 'money'
        ? { numFmt: MONEY_FORMAT }
        : c.type === 'datetime'
          ? { numFmt: DATETIME_FORMAT }
          : c.type === 'number'
            ? { numFmt: NUMBER_FORMAT }
            : {},
  }));
  sheet.getRow(1).font = { bold: true };

  void (async () => {
    try {
      for await (const chunk of opts.rows) {
        for (const row of chunk) {
          sheet
            .addRow(
              opts.columns.map((c) => {
                const v = c.value(row);
                return v instanceof Date ? mexicoCityWallClock(v) : v;
              }),
            )
            .commit();
        }
        await compressed(sheet);
        await drained(out);
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}

/** Spreadsheet programs run a cell starting with these as a formula: such text is written quoted with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: CellValue, type: CellType): string {
  if (value === null) return '';
  if (value instanceof Date) return formatMexicoCityDateTime(value);
  if (typeof value === 'number') return type === 'money' ? value.toFixed(2) : String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) || text !== value ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV file (UTF-8 with a byte-order mark, so Excel reads the accents; comma-separated; dates as
 * `YYYY-MM-DD HH:mm:ss` in Mexico City time; money as plain numbers with two decimals).
 */
export function csvStream<Row>(opts: { columns: readonly SheetColumn<Row>[]; rows: AsyncIterable<readonly Row[]> }): Readable {
  const { columns } = opts;
  async function* lines(): AsyncGenerator<string> {
    yield `\ufeff${columns.map((c) => csvCell(c.header, 'text')).join(',')}\r\n`;
    for await (const chunk of opts.rows) {
      let text = '';
      for (const row of chunk) text += `${columns.map((c) => csvCell(c.value(row), c.type)).join(',')}\r\n`;
      yield text;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** Rough size of a finished export per row, for the progress a page shows before the file ends. */
export const ESTIMATED_BYTES_PER_ROW = { xlsx: 150, csv: 230 } as const;
