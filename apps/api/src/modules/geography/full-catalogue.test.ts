import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loadActiveCatalogue } from './geography.repository.js';
import { postalCodes } from './geography.table.js';
import { DEMO_POSTAL_CODES } from './demo-postal-codes.js';
import { importPostalCodes } from './import-postal-codes.usecases.js';
import { sepomexLine, sharedCatalogueFile } from './sepomex.fixtures.js';

/**
 * The official catalogue end to end. It is read from ../shared beside the repository (its licence
 * forbids committing it); without that folder these tests are skipped, saying why.
 */
const catalogue = sharedCatalogueFile();
if (!catalogue) {
  console.warn('Se omiten las pruebas del catálogo completo: falta ../shared/data/sepomex/CPdescarga_20241116_utf8.txt.gz junto al repositorio.');
}

type Suggestion = { postal_code: string; place_name: string; city: string; municipality: string; state_short: string };

describe.skipIf(!catalogue)('the full SEPOMEX catalogue (from ../shared/data/sepomex)', () => {
  let t: TestApp;
  const search = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/postalcodes?search=${q}&country=MX` });
    return { status: res.statusCode, suggestions: res.json<{ country_codes?: Suggestion[] }>().country_codes ?? [] };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { POSTAL_CODES_REFRESH_MS: '50' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('imports all 155,888 settlements and 32,012 codes in well under a minute', { timeout: 120_000 }, async () => {
    const result = await importPostalCodes({ db: t.database.db }, { file: catalogue! });
    expect(result).toMatchObject({ rows: 155_888, postalCodes: 32_012, badRows: 0, encoding: 'utf-8', compressed: true });
    expect(result.durationMs).toBeLessThan(60_000);
    const [stored] = await t.database.db.select({ n: count() }).from(postalCodes);
    expect(stored!.n).toBe(155_888);
  });

  it('answers "441" with Guadalajara: every one of its codes, then more settlements', { timeout: 60_000 }, async () => {
    // The catalogue has 10 codes (12 settlements) starting with 441, all in Guadalajara.
    await expect.poll(async () => (await search('441')).suggestions.length, { timeout: 30_000, interval: 100 }).toBe(12);
    const { status, suggestions } = await search('441');
    expect(status).toBe(200);
    expect(new Set(suggestions.map((s) => s.postal_code)).size).toBe(10);
    expect(suggestions.every((s) => s.postal_code.startsWith('441') && s.city === 'Guadalajara' && s.state_short === 'JAL')).toBe(true);
    expect(suggestions[0]).toMatchObject({ postal_code: '44100', place_name: 'Guadalajara Centro' });
    // A wider prefix shows the range of codes, one settlement each, capped at 20.
    const wide = (await search('451')).suggestions;
    expect(wide).toHaveLength(20);
    expect(new Set(wide.map((s) => s.postal_code)).size).toBe(20);
  });

  it('gives every settlement a city, the municipality where SEPOMEX has none', { timeout: 60_000 }, async () => {
    const loaded = await loadActiveCatalogue(t.database.db);
    expect(loaded?.rows).toHaveLength(155_888);
    expect(loaded!.rows.every((r) => r.city !== '' && r.city === r.city.trim())).toBe(true);
    expect(loaded!.rows.filter((r) => r.city === r.municipality).length).toBeGreaterThanOrEqual(101_858);
  });

  it('has every demo code, in the same state and municipality', async () => {
    for (const demo of DEMO_POSTAL_CODES) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/postalcodes/MX/${demo.code}` });
      const found = res.json<{ country_codes: Suggestion[] }>().country_codes;
      expect(found.length, demo.code).toBeGreaterThan(0);
      expect(found[0]!.municipality, demo.code).toBe(demo.municipality);
    }
  });

  it('keeps answering during a re-import of the Latin-1 original, then switches at once', { timeout: 180_000 }, async () => {
    // The original upstream bytes (Latin-1, CRLF, legal notice) plus one made-up row to see the switch.
    const original = path.join(path.dirname(catalogue!), 'CPdescarga_20241116_original_latin1.txt.gz');
    const extra = sepomexLine({ code: '00001', settlement: 'Colonia de Prueba', municipality: 'Prueba', state: 'Jalisco', stateCode: '14', id: '9999' });
    const bytes = Buffer.concat([gunzipSync(readFileSync(original)), Buffer.from(`${extra}\r\n`, 'latin1')]);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'envios-sepomex-')), 'CPdescarga.txt.gz');
    writeFileSync(file, gzipSync(bytes));

    const expected = (await search('441')).suggestions;
    expect(expected).toHaveLength(12);
    let done = false;
    const importing = importPostalCodes({ db: t.database.db }, { file }).finally(() => {
      done = true;
    });
    let answered = 0;
    const wrong: string[] = [];
    while (!done || (await search('00001')).suggestions.length === 0) {
      const { status, suggestions } = await search('441');
      answered++;
      if (status !== 200 || JSON.stringify(suggestions) !== JSON.stringify(expected)) {
        wrong.push(`${status}: ${suggestions.length} sugerencias`);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const result = await importing;
    expect(result).toMatchObject({ rows: 155_889, postalCodes: 32_013, badRows: 0, encoding: 'latin1', preambleLines: 1 });
    expect(wrong).toEqual([]);
    expect(answered).toBeGreaterThan(10);
    expect((await search('00001')).suggestions).toEqual([expect.objectContaining({ place_name: 'Colonia de Prueba', city: 'Prueba' })]);
    expect((await search('066')).suggestions.map((s) => s.place_name)).toContain('Juárez');
    const [stored] = await t.database.db.select({ n: count() }).from(postalCodes);
    expect(stored!.n).toBe(155_889);
  });
});
