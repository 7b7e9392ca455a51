import { Readable } from 'node:stream';
import { csvCell, csvLine } from './csv.js';
import { exportHeap } from './export-heap.js';
import { mexicoCityWallClock } from './mexico-city-time.js';
import { zipStream } from './zip-stream.js';

/**
 * Exports written while they are read: rows come from an async source (a database cursor) chunk
 * by chunk and leave as an Excel workbook (exceljs' streaming writer) or a CSV file; neither the
 * rows nor the file are ever whole in memory. Types are kept: a date is a spreadsheet date in
 * Mexico City time, money is a number with the MXN format, so the sheet can sum and sort them.
 */
/** `code`: text the spreadsheet must keep as typed (postal codes, phones: «06600» stays «06600»). */
export type CellType = 'text' | 'integer' | 'number' | 'money' | 'datetime' | 'code';
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

/** Cell formats (`cellXfs`) by position: 0 plain, 1 bold header, 2 money, 3 date and time, 4 number with two decimals (built-in 4), 5 text (built-in 49, «@»). */
const STYLE_OF: Record<CellType, number> = { text: 0, integer: 0, money: 2, datetime: 3, number: 4, code: 5 };
const HEADER_STYLE = 1;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Characters XML 1.0 cannot carry at all (control characters other than tab and line breaks) are dropped. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
function xmlText(text: string): string {
  return text.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - r - 1) / 26);
  }
  return letters;
}

/** Days since 1899-12-30 (the spreadsheet epoch) of a wall-clock time kept in a Date's UTC fields. */
function serialDate(wallClock: Date): number {
  return wallClock.getTime() / 86_400_000 + 25_569;
}

function cellXml(ref: string, value: CellValue, type: CellType): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return `<c r="${ref}" s="${STYLE_OF.datetime}"><v>${serialDate(mexicoCityWallClock(value))}</v></c>`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const style = STYLE_OF[type];
    return `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;
  }
  const text = xmlText(value);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${type === 'code' ? ` s="${STYLE_OF.code}"` : ''} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

function stylesXml(): string {
  const font = (bold: boolean) =>
    `<font>${bold ? '<b/>' : ''}<sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>`;
  const xf = (numFmtId: number, fontId: number) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${numFmtId ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}/>`;
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    `<numFmts count="2"><numFmt numFmtId="164" formatCode="${xmlText(MONEY_FORMAT)}"/><numFmt numFmtId="165" formatCode="${xmlText(DATETIME_FORMAT)}"/></numFmts>` +
    `<fonts count="2">${font(false)}${font(true)}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="6">${xf(0, 0)}${xf(0, 1)}${xf(164, 0)}${xf(165, 0)}${xf(4, 0)}${xf(49, 0)}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

/** The fixed parts of a workbook with these sheets (sheet N is `xl/worksheets/sheetN.xml`). */
function workbookParts(sheetNames: readonly string[], created: Date): { name: string; content: string[] }[] {
  const when = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return [
    {
      name: '[Content_Types].xml',
      content: [
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          sheetNames
            .map(
              (_, i) =>
                `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
            )
            .join('') +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
          '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
          '</Types>',
      ],
    },
    {
      name: '_rels/.rels',
      content: [
        `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
          `<Relationship Id="rId3" Type="${REL_NS}/extended-properties" Target="docProps/app.xml"/>` +
          '</Relationships>',
      ],
    },
    {
      name: 'docProps/core.xml',
      content: [
        `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" ` +
          'xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
          `<dc:creator>Envíos MX</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created>` +
          `<dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`,
      ],
    },
    {
      name: 'docProps/app.xml',
      content: [
        `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Envíos MX</Application></Properties>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      content: [
        `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews>` +
          `<sheets>${sheetNames.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: [
        `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          sheetNames.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('') +
          `<Relationship Id="rId${sheetNames.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
          '</Relationships>',
      ],
    },
    { name: 'xl/styles.xml', content: [stylesXml()] },
  ];
}

/**
 * An .xlsx workbook with one sheet, written as the rows arrive: each chunk of rows becomes its
 * rows' XML, compressed and sent; neither the rows nor the file are ever whole in memory, and the
 * source is read only as fast as the client downloads (the stream pulls). Cells carry no objects
 * of their own: a text is an inline string, a number a value, a date the spreadsheet's serial day
 * number (Mexico City wall clock) with the date format, money a number with the MXN format; the
 * header is bold and stays in view. The returned stream errors if the source fails, so a broken
 * export never looks complete.
 */
export function xlsxStream<Row>(opts: { sheetName: string; columns: readonly SheetColumn<Row>[]; rows: AsyncIterable<readonly Row[]> }): Readable {
  const { columns } = opts;
  async function* entries() {
    yield* workbookParts([opts.sheetName], new Date());
    yield { name: 'xl/worksheets/sheet1.xml', content: sheetXml(columns, opts.rows) };
  }
  return exportHeap.during(Readable.from(zipStream(entries()), { objectMode: false }));
}

/** A sheet's XML: the bold header that stays in view, then the rows as they arrive. */
async function* sheetXml<Row>(columns: readonly SheetColumn<Row>[], rows: AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>): AsyncGenerator<string> {
  const letters = columns.map((_, i) => columnLetters(i));
  const cols = columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? Math.max(12, c.header.length + 2)}" customWidth="1"${c.type === 'code' ? ` style="${STYLE_OF.code}"` : ''}/>`,
    )
    .join('');
  const header = columns.map((c, i) => `<c r="${letters[i]}1" t="inlineStr" s="${HEADER_STYLE}"><is><t>${xmlText(c.header)}</t></is></c>`).join('');
  yield (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">${header}</row>`
  );
  let n = 1;
  for await (const chunk of rows) {
    let xml = '';
    for (const row of chunk) {
      n++;
      xml += `<row r="${n}">`;
      for (let i = 0; i < columns.length; i++) xml += cellXml(`${letters[i]}${n}`, columns[i]!.value(row), columns[i]!.type);
      xml += '</row>';
    }
    yield xml;
  }
  yield '</sheetData></worksheet>';
}

export interface Sheet<Row> {
  name: string;
  columns: readonly SheetColumn<Row>[];
  rows: readonly Row[];
}

/** A small workbook of several sheets, whole in memory (templates, not exports). */
export async function xlsxWorkbook<Row>(sheets: readonly Sheet<Row>[], created = new Date()): Promise<Buffer> {
  async function* entries() {
    yield* workbookParts(
      sheets.map((s) => s.name),
      created,
    );
    for (const [i, sheet] of sheets.entries()) yield { name: `xl/worksheets/sheet${i + 1}.xml`, content: sheetXml(sheet.columns, [sheet.rows]) };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries(), created)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A small CSV (UTF-8 with BOM, comma-separated), whole in memory. */
export function csvText<Row>(columns: readonly SheetColumn<Row>[], rows: readonly Row[]): string {
  let text = `\ufeff${csvLine(columns.map((c) => cell(c.header, 'text')))}`;
  for (const row of rows) text += csvLine(columns.map((c) => cell(c.value(row), c.type)));
  return text;
}

function cell(value: CellValue, type: CellType): string {
  return csvCell(value, type === 'money' ? 'money' : 'other');
}

/**
 * A CSV file (UTF-8 with a byte-order mark, so Excel reads the accents; comma-separated; dates as
 * `YYYY-MM-DD HH:mm:ss` in Mexico City time; money as plain numbers with two decimals).
 */
export function csvStream<Row>(opts: { columns: readonly SheetColumn<Row>[]; rows: AsyncIterable<readonly Row[]> }): Readable {
  const { columns } = opts;
  async function* lines(): AsyncGenerator<string> {
    yield `\ufeff${csvLine(columns.map((c) => cell(c.header, 'text')))}`;
    for await (const chunk of opts.rows) {
      let text = '';
      for (const row of chunk) text += csvLine(columns.map((c) => cell(c.value(row), c.type)));
      yield text;
    }
  }
  return exportHeap.during(Readable.from(lines(), { objectMode: false }));
}

/** Rough size of a finished export per row, for the progress a page shows before the file ends. */
export const ESTIMATED_BYTES_PER_ROW = { xlsx: 150, csv: 230 } as const;
