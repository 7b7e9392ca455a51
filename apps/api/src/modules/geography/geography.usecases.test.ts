import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.js';
import { createTestDatabase } from '../../testing/test-db.js';
import { findCatalogueState } from './geography.repository.js';
import { postalCodes } from './geography.table.js';
import { createGeography, seedDemoCatalogue } from './geography.usecases.js';
import { DEMO_POSTAL_CODES, demoPostalCodeRecords } from './demo-postal-codes.js';
import { importPostalCodes } from './import-postal-codes.usecases.js';
import { FIXTURE_ROWS, sepomexLine, writeSepomexFile } from './sepomex.fixtures.js';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the demo catalogue', () => {
  it('has about fifty real-looking codes of the main cities, covering all 32 states', () => {
    const rows = demoPostalCodeRecords();
    expect(DEMO_POSTAL_CODES.length).toBeGreaterThanOrEqual(45);
    expect(new Set(rows.map((r) => r.stateCode)).size).toBe(32);
    expect(rows.every((r) => /^\d{5}$/.test(r.postalCode) && r.settlement && r.city && r.stateShort)).toBe(true);
    expect(new Set(rows.map((r) => `${r.postalCode}|${r.settlementId}`)).size).toBe(rows.length);
    expect(DEMO_POSTAL_CODES.filter((c) => c.code.startsWith('441') && c.city === 'Guadalajara').length).toBeGreaterThanOrEqual(3);
  });

  it('is seeded once, even when several processes start at the same moment', async () => {
    const seeded = await Promise.all([1, 2, 3].map(() => seedDemoCatalogue({ db: database.db })));
    expect(seeded.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoCatalogue({ db: database.db })).toBe(false);
    const state = await findCatalogueState(database.db);
    expect(state).toMatchObject({ source: 'demo', rowCount: demoPostalCodeRecords().length, postalCodeCount: DEMO_POSTAL_CODES.length });
    const [stored] = await database.db.select({ n: count() }).from(postalCodes);
    expect(stored!.n).toBe(demoPostalCodeRecords().length);
  });
});

describe('the in-memory catalogue of each process', () => {
  it('follows an import made elsewhere within one poll, and stops following once stopped', async () => {
    // Two "processes" on one database: one imports, the other only polls.
    const polling = createGeography({ db: database.db, refreshIntervalMs: 20 });
    const idle = createGeography({ db: database.db, refreshIntervalMs: 0 });
    await polling.start();
    await idle.start();
    expect(polling.catalogueInfo().source).toBe('demo');
    expect(polling.searchPostalCodes({ search: '64000', country: 'MX' }).country_codes).toHaveLength(1);

    const result = await importPostalCodes({ db: database.db }, { file: writeSepomexFile(FIXTURE_ROWS.map(sepomexLine)) });
    await expect.poll(() => polling.catalogueInfo().version, { timeout: 5_000, interval: 20 }).toBe(result.version);
    expect(polling.catalogueInfo()).toEqual({ version: result.version, source: 'sepomex', rowCount: 4, postalCodeCount: 4 });
    expect(polling.searchPostalCodes({ search: '64000', country: 'MX' }).country_codes).toEqual([]);
    expect(polling.findZipCode({ zipCode: '47980', country: 'MX' }).zip_codes).toEqual([
      { postal_code: '47980', parish: 'El Salitre', city: 'Degollado', municipality: 'Degollado', state: 'Jalisco', state_short: 'JAL', country_code: 'MX' },
    ]);

    // Without polling, a process keeps its catalogue until asked to refresh.
    expect(idle.catalogueInfo().source).toBe('demo');
    expect(await idle.refresh()).toBe(true);
    expect(idle.catalogueInfo().version).toBe(result.version);
    expect(await idle.refresh()).toBe(false);

    await polling.stop();
    const next = await importPostalCodes({ db: database.db }, { file: writeSepomexFile(FIXTURE_ROWS.slice(0, 2).map(sepomexLine)) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(polling.catalogueInfo().version).toBe(result.version);
    expect(next.version).toBeGreaterThan(result.version);
    await idle.stop();
  });

  it('answers while a reload is under way with the catalogue it already has', async () => {
    const geography = createGeography({ db: database.db, refreshIntervalMs: 0 });
    await geography.start();
    const before = geography.searchPostalCodes({ search: '441', country: 'MX' });
    await importPostalCodes({ db: database.db }, { file: writeSepomexFile(FIXTURE_ROWS.slice(0, 1).map(sepomexLine)) });
    const reloading = geography.refresh();
    expect(geography.searchPostalCodes({ search: '441', country: 'MX' })).toEqual(before);
    expect(await reloading).toBe(true);
    expect(geography.searchPostalCodes({ search: '441', country: 'MX' }).country_codes.map((s) => s.postal_code)).toEqual(['44100']);
    await geography.stop();
  });
});
