import zlib from 'node:zlib';

/**
 * Reads the first sheet of an .xlsx workbook as rows of text, the reading side of
 * `spreadsheet.ts`: what Excel, LibreOffice, Google Sheets and our own template write (shared or
 * inline strings, numbers, booleans, formulas with their cached value). Dates are not needed by
 * any upload and come out as their serial number. A workbook is a ZIP: its central directory is
 * read and only the entries needed are inflated, each with a ceiling on its size, so a
 * compressed bomb fails instead of filling memory.
 */

export class SpreadsheetError extends Error {}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function readEntries(zip: Buffer): Map<string, ZipEntry> {
  // The end-of-central-directory record is in the last 64 KiB + 22 bytes (its comment is at most 64 KiB).
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new SpreadsheetError('El archivo no es un libro de Excel (.xlsx) válido.');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new SpreadsheetError('El libro de Excel está dañado.');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, {
      name,
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function readEntry(zip: Buffer, entry: ZipEntry, maxBytes: number): string {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new SpreadsheetError('El libro de Excel está dañado.');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (entry.size > maxBytes) throw new SpreadsheetError('El libro de Excel es demasiado grande para leerlo.');
  if (entry.method === 0) return data.toString('utf8');
  if (entry.method !== 8) throw new SpreadsheetError('El libro de Excel usa una compresión que no reconocemos; guárdalo de nuevo como .xlsx.');
  try {
    return zlib.inflateRawSync(data, { maxOutputLength: maxBytes }).toString('utf8');
  } catch {
    throw new SpreadsheetError('El libro de Excel está dañado o es demasiado grande para leerlo.');
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e.startsWith('#x') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : ENTITIES[e]!,
  );
}

/** The text of a string item: its `<t>` pieces (rich text runs joined), phonetic hints (`<rPh>`) left out. */
function itemText(xml: string): string {
  let text = '';
  for (const m of xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)) text += unescapeXml(m[1] ?? '');
  return text;
}

function sharedStrings(xml: string | undefined): string[] {
  if (!xml) return [];
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => itemText(m[1] ?? ''));
}

/** 'AB12' → 27 (zero-based column of a cell reference). */
function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

/** The path of the first sheet, from the workbook and its relationships (`xl/worksheets/sheet1.xml` when they do not say). */
function firstSheetPath(entries: Map<string, ZipEntry>, zip: Buffer, maxBytes: number): string {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (workbook && rels) {
    const first = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(readEntry(zip, workbook, maxBytes))?.[1];
    const target = first && new RegExp(`<Relationship\\b[^>]*\\bId="${first}"[^>]*\\bTarget="([^"]+)"`).exec(readEntry(zip, rels, maxBytes))?.[1];
    const alt = first && new RegExp(`<Relationship\\b[^>]*\\bTarget="([^"]+)"[^>]*\\bId="${first}"`).exec(readEntry(zip, rels, maxBytes))?.[1];
    const found = target ?? alt;
    if (found) return found.startsWith('/') ? found.slice(1) : `xl/${found}`;
  }
  return 'xl/worksheets/sheet1.xml';
}

export interface SheetRow {
  /** The row number as the spreadsheet shows it (1 is the first row). */
  line: number;
  cells: string[];
}

/**
 * The first sheet's non-empty rows, each cell as text (trimmed by the caller). `maxRows` stops
 * reading early: the answer then has `maxRows + 1` rows, so the caller can say the file is too long.
 */
export function readXlsxRows(file: Buffer, opts: { maxRows: number; maxEntryBytes?: number }): SheetRow[] {
  const maxBytes = opts.maxEntryBytes ?? 200 * 1024 * 1024;
  if (file.length < 22 || file.readUInt32LE(0) !== LOCAL) throw new SpreadsheetError('El archivo no es un libro de Excel (.xlsx) válido.');
  const entries = readEntries(file);
  const sheetPath = firstSheetPath(entries, file, maxBytes);
  const sheet = entries.get(sheetPath);
  if (!sheet) throw new SpreadsheetError('El libro de Excel no tiene hojas.');
  const strings = sharedStrings(entries.has('xl/sharedStrings.xml') ? readEntry(file, entries.get('xl/sharedStrings.xml')!, maxBytes) : undefined);
  const xml = readEntry(file, sheet, maxBytes);
  const rows: SheetRow[] = [];
  let next = 1;
  for (const rowMatch of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const declared = /\br="(\d+)"/.exec(rowMatch[1]!)?.[1];
    const line = declared ? Number(declared) : next;
    next = line + 1;
    const cells: string[] = [];
    let position = 0;
    for (const cell of (rowMatch[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cell[1]!;
      const ref = /\br="([A-Z]+)\d*"/.exec(attrs)?.[1];
      const col = ref ? columnIndex(ref) : position;
      position = col + 1;
      const type = /\bt="([^"]+)"/.exec(attrs)?.[1] ?? 'n';
      const body = cell[2] ?? '';
      const raw = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let value = '';
      if (type === 's') value = raw === undefined ? '' : (strings[Number(raw)] ?? '');
      else if (type === 'inlineStr') value = itemText(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
      else if (type === 'b') value = raw === '1' ? 'VERDADERO' : raw === '0' ? 'FALSO' : '';
      else if (raw !== undefined) {
        value = unescapeXml(raw);
        // Numbers as the shortest text that reads back the same (2.2999999999999998 → 2.3).
        if (type === 'n' && value.trim() !== '' && Number.isFinite(Number(value))) value = String(Number(value));
      }
      while (cells.length < col) cells.push('');
      cells[col] = value;
    }
    if (cells.some((c) => c.trim() !== '')) {
      rows.push({ line, cells });
      if (rows.length > opts.maxRows) break;
    }
  }
  return rows;
}
