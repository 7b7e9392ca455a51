import path from 'node:path';
import type { Database } from '../../db/client.js';
import {
  activateCatalogueVersion,
  allocateCatalogueVersion,
  deleteInactiveVersion,
  deleteVersionsBefore,
  insertPostalCodes,
  type PostalCodeRecord,
} from './geography.repository.js';
import { CatalogueImportError } from './geography.errors.js';
import { openCatalogueFile, SepomexParser, type TextEncoding } from './sepomex-parser.js';

export interface ImportProgress {
  rows: number;
  badRows: number;
  bytesRead: number;
  totalBytes: number;
}

export interface BadRow {
  line: number;
  reason: string;
}

export interface ImportResult {
  version: number;
  rows: number;
  postalCodes: number;
  badRows: number;
  /** The first bad rows, in file order. */
  badRowSamples: BadRow[];
  encoding: TextEncoding;
  compressed: boolean;
  preambleLines: number;
  durationMs: number;
}

export interface ImportPostalCodesDeps {
  db: Database;
  now?: () => Date;
}

export interface ImportPostalCodesInput {
  file: string;
  /** Called after each batch; the import waits for a returned promise. */
  onProgress?: (progress: ImportProgress) => void | Promise<void>;
  /** Rows per INSERT; 10,000 keeps PGlite near its best and each statement around 1.5 MB. */
  batchSize?: number;
  maxBadRowSamples?: number;
}

/**
 * Loads a SEPOMEX export as a new catalogue version while the current one keeps answering, then
 * switches to it in one statement and deletes the older versions. Bad rows are counted and
 * skipped; a file without a single good row replaces nothing.
 */
export async function importPostalCodes(deps: ImportPostalCodesDeps, input: ImportPostalCodesInput): Promise<ImportResult> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const started = performance.now();
  const batchSize = input.batchSize ?? 10_000;
  const maxSamples = input.maxBadRowSamples ?? 20;
  const file = await openCatalogueFile(input.file);
  const parser = new SepomexParser();
  const version = await allocateCatalogueVersion(db);
  const codes = new Set<string>();
  const badRowSamples: BadRow[] = [];
  let rows = 0;
  let badRows = 0;
  let batch: PostalCodeRecord[] = [];
  const report = async () => await input.onProgress?.({ rows, badRows, bytesRead: Math.min(parser.bytesRead, file.textBytes), totalBytes: file.textBytes });

  try {
    for await (const item of parser.parse(file.chunks)) {
      if (item.kind === 'bad') {
        badRows++;
        if (badRowSamples.length < maxSamples) badRowSamples.push({ line: item.line, reason: item.reason });
        continue;
      }
      batch.push(item.row);
      codes.add(item.row.postalCode);
      if (batch.length >= batchSize) {
        await insertPostalCodes(db, version, batch);
        rows += batch.length;
        batch = [];
        await report();
      }
    }
    await insertPostalCodes(db, version, batch);
    rows += batch.length;
    await report();
    if (rows === 0) {
      throw new CatalogueImportError('El archivo no tiene ninguna fila válida; el catálogo actual se conserva.');
    }
    const switched = await activateCatalogueVersion(db, {
      version,
      source: 'sepomex',
      rowCount: rows,
      postalCodeCount: codes.size,
      sourceFile: path.basename(input.file),
      importedAt: now(),
    });
    if (!switched) {
      throw new CatalogueImportError('Otra importación más reciente terminó antes; se conserva su catálogo.');
    }
  } catch (error) {
    await deleteInactiveVersion(db, version).catch(() => undefined);
    throw error;
  }
  await deleteVersionsBefore(db, version);
  return {
    version,
    rows,
    postalCodes: codes.size,
    badRows,
    badRowSamples,
    encoding: parser.encoding,
    compressed: file.compressed,
    preambleLines: parser.preambleLines,
    durationMs: Math.round(performance.now() - started),
  };
}
