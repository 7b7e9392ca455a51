import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.js';
import { createTestDatabase } from '../../testing/test-db.js';
import { CatalogueImportError } from './geography.errors.js';
import { activateCatalogueVersion, allocateCatalogueVersion, findCatalogueState, loadActiveCatalogue } from './geography.repository.js';
import { postalCodes } from './geography.table.js';
import { seedDemoCatalogue } from './geography.usecases.js';
import { importPostalCodes } from './import-postal-codes.usecases.js';
import { FIXTURE_ROWS, sepomexLine, writeSepomexFile } from './sepomex.fixtures.js';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoCatalogue({ db: database.db });
});
afterAll(async () => {
  await database.close();
});

async function storedRows(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(postalCodes);
  return row!.n;
}

const goodLines = FIXTURE_ROWS.map(sepomexLine);

describe('importing a SEPOMEX file', () => {
  it('replaces the demo catalogue, records what was loaded and deletes the older version', async () => {
    const before = await findCatalogueState(database.db);
    expect(before?.source).toBe('demo');
    const progress: number[] = [];
    const result = await importPostalCodes(
      { db: database.db, now: () => new Date('2025-01-02T03:04:05Z') },
      { file: writeSepomexFile(goodLines, { gzip: true, encoding: 'latin1', eol: '\r\n', notice: true }), onProgress: (p) => void progress.push(p.rows) },
    );
    expect(result).toMatchObject({ rows: 4, postalCodes: 4, badRows: 0, encoding: 'latin1', compressed: true, preambleLines: 1 });
    expect(result.version).toBeGreaterThan(before!.version);
    expect(progress.at(-1)).toBe(4);
    expect(await findCatalogueState(database.db)).toEqual({
      version: result.version,
      source: 'sepomex',
      rowCount: 4,
      postalCodeCount: 4,
      sourceFile: 'CPdescarga.txt.gz',
      importedAt: new Date('2025-01-02T03:04:05Z'),
    });
    expect(await storedRows()).toBe(4);
  });

  it('skips bad rows, counts them all and lists the first ones with their line numbers', async () => {
    const bad = Array.from({ length: 30 }, (_, i) => `4410${i % 10}|sin campos suficientes`);
    const result = await importPostalCodes({ db: database.db }, { file: writeSepomexFile([...goodLines, ...bad]), maxBadRowSamples: 5 });
    expect(result.rows).toBe(4);
    expect(result.badRows).toBe(30);
    expect(result.badRowSamples).toEqual([6, 7, 8, 9, 10].map((line) => ({ line, reason: 'tiene 2 campos y se esperaban 15' })));
  });

  it('keeps the current catalogue when the file has no good row, or is not a catalogue at all', async () => {
    const active = await findCatalogueState(database.db);
    await expect(importPostalCodes({ db: database.db }, { file: writeSepomexFile(['a|b']) })).rejects.toThrow(/ninguna fila válida/);
    await expect(importPostalCodes({ db: database.db }, { file: writeSepomexFile(goodLines, { header: false }) })).rejects.toThrow(CatalogueImportError);
    await expect(importPostalCodes({ db: database.db }, { file: '/no/existe.txt' })).rejects.toThrow(/No se encontró/);
    expect(await findCatalogueState(database.db)).toEqual(active);
    expect(await storedRows()).toBe(active!.rowCount);
  });

  it('loads in batches, so a file larger than one batch arrives whole', async () => {
    const lines = Array.from({ length: 2_345 }, (_, i) =>
      sepomexLine({ code: String(10_000 + i), settlement: `Colonia ${i}`, municipality: 'Municipio', state: 'Jalisco', stateCode: '14', id: '0001' }),
    );
    const result = await importPostalCodes({ db: database.db }, { file: writeSepomexFile(lines), batchSize: 500 });
    expect(result.rows).toBe(2_345);
    const loaded = await loadActiveCatalogue(database.db);
    expect(loaded?.rows).toHaveLength(2_345);
    expect(await storedRows()).toBe(2_345);
  });

  it('gives way to a newer import that finished first, and removes its own rows', async () => {
    const active = await findCatalogueState(database.db);
    let newer: number | undefined;
    const slow = importPostalCodes(
      { db: database.db },
      {
        file: writeSepomexFile(goodLines),
        batchSize: 1,
        // While this import runs, a later one takes a higher version and switches first.
        onProgress: async () => {
          if (newer !== undefined) return;
          newer = await allocateCatalogueVersion(database.db);
          await activateCatalogueVersion(database.db, { ...active!, version: newer, sourceFile: 'otra.txt' });
        },
      },
    );
    await expect(slow).rejects.toThrow(/más reciente/);
    expect((await findCatalogueState(database.db))?.version).toBe(newer);
    // Only the older version's rows remain (the newer "import" above stored none of its own).
    expect(await storedRows()).toBe(active!.rowCount);
  });
});
