import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { CatalogueImportError } from './geography.errors.js';
import { openCatalogueFile, SepomexParser, splitLines, type SepomexItem } from './sepomex-parser.js';
import { FIXTURE_ROWS, sepomexBytes, sepomexLine, writeSepomexFile, type FixtureOptions } from './sepomex.fixtures.js';

async function* chunksOf(bytes: Buffer, size = bytes.length): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function parse(bytes: Buffer | AsyncIterable<Buffer>): Promise<{ items: SepomexItem[]; parser: SepomexParser }> {
  const parser = new SepomexParser();
  const items: SepomexItem[] = [];
  for await (const item of parser.parse(Buffer.isBuffer(bytes) ? chunksOf(bytes) : bytes)) items.push(item);
  return { items, parser };
}

const goodLines = FIXTURE_ROWS.map(sepomexLine);
const rowsOf = (items: SepomexItem[]) => items.flatMap((i) => (i.kind === 'row' ? [i.row] : []));
const badOf = (items: SepomexItem[]) => items.flatMap((i) => (i.kind === 'bad' ? [{ line: i.line, reason: i.reason }] : []));

describe('the SEPOMEX parser', () => {
  it('reads every column of a UTF-8 file as trimmed text, leading zeros kept', async () => {
    const { items, parser } = await parse(sepomexBytes(goodLines));
    const rows = rowsOf(items);
    expect(rows).toHaveLength(4);
    expect(rows[2]).toEqual({
      countryCode: 'MX',
      postalCode: '06600',
      settlementId: '0003',
      settlement: 'Juárez',
      settlementType: 'Colonia',
      municipality: 'Cuauhtémoc',
      state: 'Ciudad de México',
      stateCode: '09',
      stateShort: 'CDMX',
      city: 'Ciudad de México',
      zone: 'Urbano',
    });
    expect(parser.encoding).toBe('utf-8');
    expect(parser.preambleLines).toBe(0);
  });

  it('reads the official Latin-1 file with CRLF endings and the legal notice before the header', async () => {
    const bytes = sepomexBytes(goodLines, { encoding: 'latin1', eol: '\r\n', notice: true });
    expect(bytes.includes(Buffer.from('Juárez', 'utf8'))).toBe(false);
    const { items, parser } = await parse(bytes);
    const rows = rowsOf(items);
    expect(rows.map((r) => r.settlement)).toEqual(['Guadalajara Centro', 'Americana', 'Juárez', 'El Salitre']);
    expect(rows[2]!.municipality).toBe('Cuauhtémoc');
    expect(rows.every((r) => !r.zone.endsWith('\r'))).toBe(true);
    expect(parser.encoding).toBe('latin1');
    expect(parser.preambleLines).toBe(1);
    expect(badOf(items)).toEqual([]);
  });

  it('reads the same rows whatever the encoding, line ending, BOM or final newline', async () => {
    const variants: FixtureOptions[] = [
      {},
      { encoding: 'latin1' },
      { eol: '\r\n' },
      { bom: true },
      { trailingNewline: false },
      { eol: '\r\n', trailingNewline: false, encoding: 'latin1', notice: true },
    ];
    const expected = rowsOf((await parse(sepomexBytes(goodLines))).items);
    for (const variant of variants) {
      expect(rowsOf((await parse(sepomexBytes(goodLines, variant))).items), JSON.stringify(variant)).toEqual(expected);
    }
  });

  it('puts the municipality where SEPOMEX leaves the city empty', async () => {
    const rows = rowsOf((await parse(sepomexBytes(goodLines))).items);
    expect(rows[3]).toMatchObject({ postalCode: '47980', city: 'Degollado', municipality: 'Degollado', zone: 'Rural', settlementType: 'Ranchería' });
  });

  it('trims padded values, such as a city followed by a space', async () => {
    const line = sepomexLine({
      code: '20900',
      settlement: ' Jesús María Centro ',
      municipality: 'Jesús María',
      state: 'Aguascalientes',
      city: 'Jesús María ',
      stateCode: '01',
      id: '0001',
    });
    const [row] = rowsOf((await parse(sepomexBytes([line]))).items);
    expect(row).toMatchObject({ settlement: 'Jesús María Centro', city: 'Jesús María', stateShort: 'AGS' });
  });

  it('turns control characters inside values into spaces', async () => {
    const line = sepomexLine({
      code: '44100',
      settlement: 'Centro\x1fNorte\tSur\x1e',
      municipality: 'Guadalajara',
      state: 'Jalisco',
      stateCode: '14',
      id: '0001',
    });
    const [row] = rowsOf((await parse(sepomexBytes([line]))).items);
    expect(row?.settlement).toBe('Centro Norte Sur');
  });

  it('reports bad rows with their line number and reason, and keeps reading', async () => {
    const lines = [
      goodLines[0]!, // line 3 (after notice and header)
      '4410|Corto|Colonia|Guadalajara|Jalisco|Guadalajara|44101|14|44101||09|039|0009|Urbano|03',
      'solo|tres|campos',
      sepomexLine({ code: '44130', settlement: '', municipality: 'Guadalajara', state: 'Jalisco', stateCode: '14', id: '0010' }),
      sepomexLine({ code: '44130', settlement: 'Arcos Vallarta', municipality: 'Guadalajara', state: 'Jalisco', stateCode: '33', id: '0011' }),
      sepomexLine({ ...FIXTURE_ROWS[0]!, settlement: 'Otra con el mismo id' }),
      sepomexLine({ code: '44130', settlement: 'Arcos', municipality: 'Guadalajara', state: 'Jalisco', stateCode: 'constructor', id: '0012' }),
      '',
      goodLines[1]!,
    ];
    const { items } = await parse(sepomexBytes(lines, { notice: true }));
    expect(rowsOf(items).map((r) => r.postalCode)).toEqual(['44100', '44160']);
    expect(badOf(items)).toEqual([
      { line: 4, reason: 'el código postal «4410» no tiene 5 dígitos' },
      { line: 5, reason: 'tiene 3 campos y se esperaban 15' },
      { line: 6, reason: 'falta el nombre del asentamiento (d_asenta)' },
      { line: 7, reason: 'la clave de estado «33» no existe (c_estado, de 01 a 32)' },
      { line: 8, reason: 'repite el asentamiento 0001 del código 44100 (línea 3)' },
      { line: 9, reason: 'la clave de estado «constructor» no existe (c_estado, de 01 a 32)' },
    ]);
  });

  it('finds columns by header name, in any order and case', async () => {
    const header = 'D_CODIGO|d_estado|c_estado|d_asenta|d_tipo_asenta|d_mnpio|d_ciudad|id_asenta_cpcons|d_zona';
    const text = `${header}\n44100|Jalisco|14|Guadalajara Centro|Colonia|Guadalajara|Guadalajara|0001|Urbano\n`;
    const [row] = rowsOf((await parse(Buffer.from(text))).items);
    expect(row).toMatchObject({ postalCode: '44100', state: 'Jalisco', settlement: 'Guadalajara Centro', stateShort: 'JAL' });
  });

  it('refuses a file without the header, naming what it looked for', async () => {
    await expect(parse(sepomexBytes(goodLines, { header: false }))).rejects.toThrow(CatalogueImportError);
    await expect(parse(Buffer.from(''))).rejects.toThrow(/encabezado d_codigo/);
  });

  it('refuses a header that lacks a needed column', async () => {
    await expect(parse(Buffer.from('d_codigo|d_asenta\n44100|Centro\n'))).rejects.toThrow(/faltan las columnas d_tipo_asenta/);
  });

  it('splits lines the same however the bytes are chunked (multi-byte letters and CRLF cut anywhere)', async () => {
    const bytes = sepomexBytes(goodLines, { eol: '\r\n', notice: true });
    const whole: string[] = [];
    for await (const l of splitLines(chunksOf(bytes))) whole.push(l.bytes.toString('utf8'));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 64 }), async (size) => {
        const lines: string[] = [];
        let total = 0;
        for await (const l of splitLines(chunksOf(bytes, size))) {
          lines.push(l.bytes.toString('utf8'));
          total += l.size;
        }
        expect(lines).toEqual(whole);
        expect(total).toBe(bytes.length);
      }),
      { numRuns: 40 },
    );
  });

  it('decodes a chunked Latin-1 stream too', async () => {
    const bytes = sepomexBytes(goodLines, { encoding: 'latin1', eol: '\r\n' });
    const { items } = await parse(Readable.from(chunksOf(bytes, 7)));
    expect(rowsOf(items).map((r) => r.municipality)).toContain('Cuauhtémoc');
  });
});

describe('opening a catalogue file', () => {
  it('recognises gzip by its magic bytes, whatever the name, and reports the text size', async () => {
    const file = writeSepomexFile(goodLines, { gzip: true, encoding: 'latin1', eol: '\r\n', notice: true }, 'sin-extension');
    const opened = await openCatalogueFile(file);
    expect(opened.compressed).toBe(true);
    expect(opened.textBytes).toBe(sepomexBytes(goodLines, { encoding: 'latin1', eol: '\r\n', notice: true }).length);
    const { items, parser } = await parse(opened.chunks);
    expect(rowsOf(items)).toHaveLength(4);
    expect(parser.encoding).toBe('latin1');
  });

  it('reads a plain file as it is', async () => {
    const opened = await openCatalogueFile(writeSepomexFile(goodLines));
    expect(opened.compressed).toBe(false);
    expect(rowsOf((await parse(opened.chunks)).items)).toHaveLength(4);
  });

  it('says so when the file is missing, is a zip, or is gzip that does not decompress', async () => {
    await expect(openCatalogueFile('/no/such/CPdescarga.txt')).rejects.toThrow(/No se encontró el archivo/);
    const broken = writeSepomexFile([]);
    writeFileSync(broken, Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), Buffer.alloc(40, 7)]));
    const opened = await openCatalogueFile(broken);
    const zip = writeSepomexFile([]);
    writeFileSync(zip, Buffer.from('PK\x03\x04 no es texto', 'latin1'));
    await expect(openCatalogueFile(zip)).rejects.toThrow(/es un \.zip: extrae CPdescarga\.txt/);
    await expect(parse(opened.chunks)).rejects.toThrow(/no se pudo descomprimir/);
  });
});
