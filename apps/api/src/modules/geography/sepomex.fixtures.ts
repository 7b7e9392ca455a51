import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Small files in the CPdescarga.txt layout, for tests. The rows are written here by hand; the
 * official catalogue is never copied into the repository (its licence forbids redistribution).
 */

export const SEPOMEX_HEADER =
  'd_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad|d_CP|c_estado|c_oficina|c_CP|c_tipo_asenta|c_mnpio|id_asenta_cpcons|d_zona|c_cve_ciudad';

export const LEGAL_NOTICE =
  'El Catálogo Nacional de Códigos Postales, es elaborado por Correos de México y se proporciona en forma gratuita para uso particular, no estando permitida su comercialización, total o parcial, ni su distribución a terceros bajo ningún concepto.';

export interface FixtureRow {
  code: string;
  settlement: string;
  type?: string;
  municipality: string;
  state: string;
  city?: string;
  stateCode: string;
  id: string;
  zone?: string;
}

export function sepomexLine(r: FixtureRow): string {
  return [
    r.code,
    r.settlement,
    r.type ?? 'Colonia',
    r.municipality,
    r.state,
    r.city ?? '',
    r.code,
    r.stateCode,
    r.code,
    '',
    '09',
    '001',
    r.id,
    r.zone ?? 'Urbano',
    r.city ? '01' : '',
  ].join('|');
}

export const FIXTURE_ROWS: FixtureRow[] = [
  { code: '44100', settlement: 'Guadalajara Centro', municipality: 'Guadalajara', state: 'Jalisco', city: 'Guadalajara', stateCode: '14', id: '0001' },
  { code: '44160', settlement: 'Americana', municipality: 'Guadalajara', state: 'Jalisco', city: 'Guadalajara', stateCode: '14', id: '0002' },
  { code: '06600', settlement: 'Juárez', municipality: 'Cuauhtémoc', state: 'Ciudad de México', city: 'Ciudad de México', stateCode: '09', id: '0003' },
  { code: '47980', settlement: 'El Salitre', type: 'Ranchería', municipality: 'Degollado', state: 'Jalisco', stateCode: '14', id: '0004', zone: 'Rural' },
];

export interface FixtureOptions {
  notice?: boolean;
  header?: boolean;
  encoding?: 'utf-8' | 'latin1';
  eol?: '\n' | '\r\n';
  gzip?: boolean;
  bom?: boolean;
  trailingNewline?: boolean;
}

/** The bytes of a catalogue file made of `lines` (data lines, without header). */
export function sepomexBytes(lines: string[], opts: FixtureOptions = {}): Buffer {
  const eol = opts.eol ?? '\n';
  const all = [...(opts.notice ? [LEGAL_NOTICE] : []), ...(opts.header === false ? [] : [SEPOMEX_HEADER]), ...lines];
  const text = all.join(eol) + (opts.trailingNewline === false ? '' : eol);
  let bytes = Buffer.from(text, opts.encoding === 'latin1' ? 'latin1' : 'utf8');
  if (opts.bom) bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
  return opts.gzip ? gzipSync(bytes) : bytes;
}

/** Writes a fixture to a fresh temporary folder and answers its path. */
export function writeSepomexFile(lines: string[], opts: FixtureOptions = {}, name = 'CPdescarga.txt'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'envios-sepomex-'));
  const file = path.join(dir, opts.gzip ? `${name}.gz` : name);
  writeFileSync(file, sepomexBytes(lines, opts));
  return file;
}

/**
 * The official catalogue, read from the shared folder beside the repository (../shared), never
 * from the repository itself; undefined when that folder is absent.
 */
export function sharedCatalogueFile(): string | undefined {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
  const file = path.resolve(repoRoot, '../shared/data/sepomex/CPdescarga_20241116_utf8.txt.gz');
  return existsSync(file) ? file : undefined;
}
