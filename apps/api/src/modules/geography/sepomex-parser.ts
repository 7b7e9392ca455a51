import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { isAscii, isUtf8 } from 'node:buffer';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { STATE_SHORT_BY_CODE } from '@envios/contracts/geography';
import type { PostalCodeRecord } from './geography.repository.js';
import { CatalogueImportError } from './geography.errors.js';

/**
 * Reader of the Correos de México "CPdescarga.txt" export: pipe-delimited, a header line
 * (d_codigo|d_asenta|…), sometimes a legal-notice line before it, Latin-1 (the official file) or
 * UTF-8, CRLF or LF, plain or gzipped. It streams: memory stays flat whatever the file size.
 */

export interface CatalogueFile {
  /** The file's bytes, already gunzipped when it was compressed. */
  chunks: AsyncIterable<Buffer>;
  compressed: boolean;
  /** Size of the text: the file size, or for gzip the size its trailer records. */
  textBytes: number;
}

const GZIP_MAGIC = [0x1f, 0x8b];

export async function openCatalogueFile(file: string): Promise<CatalogueFile> {
  let info;
  try {
    info = await stat(file);
  } catch {
    throw new CatalogueImportError(`No se encontró el archivo ${file}.`);
  }
  if (!info.isFile()) throw new CatalogueImportError(`${file} no es un archivo.`);
  const head = Buffer.alloc(2);
  const tail = Buffer.alloc(4);
  const handle = await open(file, 'r');
  try {
    await handle.read(head, 0, 2, 0);
    if (info.size >= 18) await handle.read(tail, 0, 4, info.size - 4);
  } finally {
    await handle.close();
  }
  if (head[0] === 0x50 && head[1] === 0x4b) {
    throw new CatalogueImportError(`${file} es un .zip: extrae CPdescarga.txt (unzip) e importa ese archivo, tal cual o en .gz.`);
  }
  const compressed = head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  const raw = createReadStream(file, { highWaterMark: 256 * 1024 });
  if (!compressed) return { chunks: raw, compressed, textBytes: info.size };
  const gunzip = createGunzip();
  // A read or gunzip error destroys `gunzip` with it, so it surfaces where the lines are read.
  pipeline(raw, gunzip, () => undefined);
  // The gzip trailer ends with the text's size modulo 2^32 (ISIZE): good enough for a progress bar.
  const isize = tail.readUInt32LE(0);
  return { chunks: rethrowGzipErrors(gunzip, file), compressed, textBytes: isize > 0 ? isize : info.size };
}

async function* rethrowGzipErrors(chunks: AsyncIterable<Buffer>, file: string): AsyncIterable<Buffer> {
  try {
    yield* chunks;
  } catch (error) {
    throw new CatalogueImportError(`${file} parece gzip pero no se pudo descomprimir: ${(error as Error).message}`);
  }
}

/**
 * Splits a byte stream into lines (LF or CRLF) without their terminator, with 1-based line numbers
 * and the raw size (terminator included); the last line may lack its newline.
 */
export async function* splitLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<{ line: number; bytes: Buffer; size: number }> {
  let rest: Buffer | undefined;
  let line = 0;
  for await (const chunk of chunks) {
    const buf = rest ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let nl = buf.indexOf(0x0a, start); nl !== -1; nl = buf.indexOf(0x0a, start)) {
      const end = nl > start && buf[nl - 1] === 0x0d ? nl - 1 : nl;
      yield { line: ++line, bytes: buf.subarray(start, end), size: nl + 1 - start };
      start = nl + 1;
    }
    rest = start < buf.length ? Buffer.from(buf.subarray(start)) : undefined;
  }
  if (rest && rest.length > 0) {
    const end = rest[rest.length - 1] === 0x0d ? rest.length - 1 : rest.length;
    yield { line: ++line, bytes: rest.subarray(0, end), size: rest.length };
  }
}

// WHATWG maps the latin1 label to windows-1252, a superset; SEPOMEX has no bytes in 0x80–0x9F.
const latin1 = new TextDecoder('latin1');

export type TextEncoding = 'ascii' | 'utf-8' | 'latin1' | 'mixed';

export type SepomexItem = { kind: 'row'; line: number; row: PostalCodeRecord } | { kind: 'bad'; line: number; reason: string };

const REQUIRED_COLUMNS = ['d_codigo', 'd_asenta', 'd_tipo_asenta', 'd_mnpio', 'd_estado', 'd_ciudad', 'c_estado', 'id_asenta_cpcons', 'd_zona'] as const;
type Column = (typeof REQUIRED_COLUMNS)[number];
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
/** The legal notice (and anything else) may precede the header, but only for a few lines. */
const MAX_PREAMBLE_LINES = 5;

/**
 * Turns the file's lines into rows ready to store, or bad rows with their line number and the
 * reason in Spanish. Bad rows never stop the parse. Encoding is decided per line: ASCII and valid
 * UTF-8 read as UTF-8, anything else as Latin-1 (a Latin-1 text that is also valid UTF-8 is
 * practically nonexistent), so a file of either encoding, or a mix, reads right.
 */
export class SepomexParser {
  encoding: TextEncoding = 'ascii';
  /** Lines before the header (the legal notice). */
  preambleLines = 0;
  dataLines = 0;
  /** Bytes of text read so far, for progress. */
  bytesRead = 0;
  private utf8Lines = 0;
  private latin1Lines = 0;

  async *parse(chunks: AsyncIterable<Buffer>): AsyncGenerator<SepomexItem> {
    let columns: Record<Column, number> | undefined;
    let width = 0;
    const seen = new Map<string, number>();
    for await (const { line, bytes, size } of splitLines(chunks)) {
      this.bytesRead += size;
      const text = this.decode(line === 1 ? stripBom(bytes) : bytes);
      if (!columns) {
        const header = text.split('|').map((h) => h.trim().toLowerCase());
        if (header[0] === 'd_codigo') {
          columns = mapColumns(header);
          width = header.length;
          continue;
        }
        if (++this.preambleLines >= MAX_PREAMBLE_LINES) break;
        continue;
      }
      if (text.trim() === '') continue;
      this.dataLines++;
      // Control characters have no place in names (and the in-memory load uses two as separators).
      const fields = text.replace(CONTROL_CHARACTERS, ' ').split('|');
      if (fields.length !== width) {
        yield { kind: 'bad', line, reason: `tiene ${fields.length} campos y se esperaban ${width}` };
        continue;
      }
      const at = columns;
      const get = (c: Column) => fields[at[c]]!.trim();
      const postalCode = get('d_codigo');
      const settlement = get('d_asenta');
      const municipality = get('d_mnpio');
      const state = get('d_estado');
      const stateCode = get('c_estado');
      const settlementId = get('id_asenta_cpcons');
      const stateShort = Object.hasOwn(STATE_SHORT_BY_CODE, stateCode) ? STATE_SHORT_BY_CODE[stateCode] : undefined;
      let reason: string | undefined;
      if (!/^\d{5}$/.test(postalCode)) reason = `el código postal «${postalCode}» no tiene 5 dígitos`;
      else if (!settlement) reason = 'falta el nombre del asentamiento (d_asenta)';
      else if (!municipality) reason = 'falta el municipio (D_mnpio)';
      else if (!state) reason = 'falta el estado (d_estado)';
      else if (!stateShort) reason = `la clave de estado «${stateCode}» no existe (c_estado, de 01 a 32)`;
      else if (!settlementId) reason = 'falta el identificador del asentamiento (id_asenta_cpcons)';
      if (reason) {
        yield { kind: 'bad', line, reason };
        continue;
      }
      const key = `${postalCode}|${settlementId}`;
      const firstLine = seen.get(key);
      if (firstLine !== undefined) {
        yield { kind: 'bad', line, reason: `repite el asentamiento ${settlementId} del código ${postalCode} (línea ${firstLine})` };
        continue;
      }
      seen.set(key, line);
      yield {
        kind: 'row',
        line,
        row: {
          countryCode: 'MX',
          postalCode,
          settlementId,
          settlement,
          settlementType: get('d_tipo_asenta'),
          municipality,
          state,
          stateCode,
          stateShort: stateShort!,
          // SEPOMEX leaves d_ciudad empty for two thirds of the settlements (mostly rural).
          city: get('d_ciudad') || municipality,
          zone: get('d_zona'),
        },
      };
    }
    if (!columns) {
      throw new CatalogueImportError(
        'No se encontró el encabezado d_codigo|d_asenta|… en las primeras líneas: ¿es el archivo CPdescarga.txt de Correos de México?',
      );
    }
  }

  private decode(bytes: Buffer): string {
    if (isAscii(bytes)) return bytes.toString('latin1');
    if (isUtf8(bytes)) {
      this.utf8Lines++;
      this.encoding = this.latin1Lines > 0 ? 'mixed' : 'utf-8';
      return bytes.toString('utf8');
    }
    this.latin1Lines++;
    this.encoding = this.utf8Lines > 0 ? 'mixed' : 'latin1';
    return latin1.decode(bytes);
  }
}

function stripBom(bytes: Buffer): Buffer {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

function mapColumns(header: string[]): Record<Column, number> {
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new CatalogueImportError(`Al encabezado le faltan las columnas ${missing.join(', ')}.`);
  }
  return Object.fromEntries(REQUIRED_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<Column, number>;
}
