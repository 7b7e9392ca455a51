import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { importPostalCodes } from './import-postal-codes.usecases.js';
import { FIXTURE_ROWS, sepomexLine, writeSepomexFile } from './sepomex.fixtures.js';

let t: TestApp;

beforeAll(async () => {
  // A fast poll, so the test of an import made by another process does not wait 5 s.
  t = await createTestApp({ env: { POSTAL_CODES_REFRESH_MS: '50' } });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function expectBadRequest(url: string, code: string, field: string, mentions: RegExp) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(400);
  const body = res.json<{ message: string; code: string; errors?: { path: string; message: string }[] }>();
  expect(body.code).toBe(code);
  expect(body.message).toMatch(mentions);
  expect(body.errors?.map((e) => e.path)).toContain(field);
  expect(res.headers['cache-control']).toBeUndefined();
  return body;
}

describe('GET /api/v1/postalcodes (search as the visitor types)', () => {
  it('suggests Guadalajara for "441" from the demo catalogue seeded at first start', async () => {
    const res = await get('/api/v1/postalcodes?search=441&country=MX');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const { country_codes } = res.json<{ country_codes: { postal_code: string; city: string }[] }>();
    expect(country_codes.length).toBeGreaterThanOrEqual(3);
    expect(country_codes.every((s) => s.postal_code.startsWith('441') && s.city === 'Guadalajara')).toBe(true);
    expect(country_codes.map((s) => s.postal_code)).toEqual([...country_codes.map((s) => s.postal_code)].sort());
    expect(country_codes[0]).toEqual({
      postal_code: '44100',
      place_name: 'Guadalajara Centro',
      city: 'Guadalajara',
      municipality: 'Guadalajara',
      state: 'Jalisco',
      state_short: 'JAL',
      country_code: 'MX',
    });
  });

  it('defaults to Mexico, accepts a lower-case country and trims the search', async () => {
    const res = await get('/api/v1/postalcodes?search=%20066%20&country=mx');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ country_codes: { place_name: string }[] }>().country_codes.map((s) => s.place_name)).toContain('Juárez');
    const byDefault = await get('/api/v1/postalcodes?search=64000');
    expect(byDefault.json()).toEqual({
      country_codes: [expect.objectContaining({ postal_code: '64000', place_name: 'Monterrey Centro', state_short: 'NL' })],
    });
  });

  it('answers an empty list for a well-formed prefix no code has (6 and 7 digits included)', async () => {
    for (const search of ['999', '4410000']) {
      const res = await get(`/api/v1/postalcodes?search=${search}&country=MX`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ country_codes: [] });
    }
  });

  it('refuses 2 or 8 characters, letters in Mexico, or no search at all, in Spanish, naming the field', async () => {
    await expectBadRequest('/api/v1/postalcodes?search=44&country=MX', 'request.invalid', 'search', /búsqueda.*entre 3 y 7 caracteres/);
    await expectBadRequest('/api/v1/postalcodes?search=44100000&country=MX', 'request.invalid', 'search', /entre 3 y 7 caracteres/);
    await expectBadRequest('/api/v1/postalcodes?search=44a&country=MX', 'request.invalid', 'search', /solo puede tener números/);
    await expectBadRequest('/api/v1/postalcodes?country=MX', 'request.invalid', 'search', /es obligatorio/);
    await expectBadRequest('/api/v1/postalcodes?search=&country=MX', 'request.invalid', 'search', /entre 3 y 7/);
  });

  it('asks for 5 to 7 characters outside Mexico', async () => {
    await expectBadRequest('/api/v1/postalcodes?search=902&country=US', 'request.invalid', 'search', /entre 5 y 7 caracteres/);
  });

  it('refuses a country that is not an ISO code', async () => {
    const body = await expectBadRequest('/api/v1/postalcodes?search=44100&country=ZZ', 'geography.unknown_country', 'country', /país «ZZ» no existe/);
    expect(body.message).toMatch(/^El país/);
    await expectBadRequest('/api/v1/postalcodes?search=44100&country=MEX', 'request.invalid', 'country', /país/);
  });

  it('checks the format elsewhere and answers the code alone, normalised', async () => {
    const cases: [string, string, string][] = [
      ['US', '90210', '90210'],
      ['CA', 'k1a%200b1', 'K1A 0B1'],
      ['ES', '28001', '28001'],
      ['CO', '110111', '110111'],
      ['GT', '01001', '01001'],
      ['DE', '10115', '10115'],
      ['CL', '8320000', '8320000'],
    ];
    for (const [country, search, code] of cases) {
      const res = await get(`/api/v1/postalcodes?search=${search}&country=${country}`);
      expect(res.statusCode, country).toBe(200);
      expect(res.json()).toEqual({
        country_codes: [{ postal_code: code, place_name: '', city: '', municipality: '', state: '', state_short: '', country_code: country }],
      });
    }
  });

  it('refuses a code that does not have the country format, with an example', async () => {
    await expectBadRequest(
      '/api/v1/postalcodes?search=ABCDE&country=US',
      'geography.invalid_postal_code',
      'search',
      /código postal «ABCDE» no es válido para Estados Unidos; por ejemplo: 90210/,
    );
    await expectBadRequest('/api/v1/postalcodes?search=2800&country=ES', 'request.invalid', 'search', /entre 5 y 7/);
    await expectBadRequest('/api/v1/postalcodes?search=99001&country=ES', 'geography.invalid_postal_code', 'search', /España/);
  });

  it('says so for a country whose mail uses no postal codes', async () => {
    await expectBadRequest(
      '/api/v1/postalcodes?search=00000&country=AE',
      'geography.invalid_postal_code',
      'search',
      /Emiratos Árabes Unidos no usa códigos postales/,
    );
  });
});

describe('GET /api/v1/postalcode (the settlements of one code)', () => {
  it('lists each settlement as parish, with city and state', async () => {
    const res = await get('/api/v1/postalcode?zipCode=44600&country=MX');
    expect(res.statusCode).toBe(200);
    const { zip_codes } = res.json<{ zip_codes: { parish: string }[] }>();
    expect(zip_codes.map((z) => z.parish)).toEqual(['Ladrón de Guevara', 'Santa Teresita']);
    expect(zip_codes[0]).toEqual({
      postal_code: '44600',
      parish: 'Ladrón de Guevara',
      city: 'Guadalajara',
      municipality: 'Guadalajara',
      state: 'Jalisco',
      state_short: 'JAL',
      country_code: 'MX',
    });
  });

  it('answers an empty list for a well-formed code the catalogue lacks', async () => {
    expect((await get('/api/v1/postalcode?zipCode=99999')).json()).toEqual({ zip_codes: [] });
  });

  it('refuses a Mexican code that is not 5 digits, and a missing one', async () => {
    await expectBadRequest(
      '/api/v1/postalcode?zipCode=4410&country=MX',
      'geography.invalid_postal_code',
      'zipCode',
      /código postal «4410» no es válido para México; por ejemplo: 44100/,
    );
    await expectBadRequest('/api/v1/postalcode?zipCode=44A00', 'geography.invalid_postal_code', 'zipCode', /México/);
    await expectBadRequest('/api/v1/postalcode?country=MX', 'request.invalid', 'zipCode', /código postal/);
    await expectBadRequest('/api/v1/postalcode?zipCode=1234567890123&country=US', 'request.invalid', 'zipCode', /como máximo 12/);
  });

  it('answers a foreign code that has the right format, and refuses an unknown country', async () => {
    const res = await get('/api/v1/postalcode?zipCode=SW1A%201AA&country=GB');
    expect(res.json()).toEqual({
      zip_codes: [{ postal_code: 'SW1A 1AA', parish: '', city: '', municipality: '', state: '', state_short: '', country_code: 'GB' }],
    });
    await expectBadRequest('/api/v1/postalcode?zipCode=12345&country=XX', 'geography.unknown_country', 'country', /XX/);
  });
});

describe('GET /api/v1/postalcodes/{country}/{code} (exact lookup)', () => {
  it('lists the settlements of the code', async () => {
    const res = await get('/api/v1/postalcodes/MX/06600');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      country_codes: [
        {
          postal_code: '06600',
          place_name: 'Juárez',
          city: 'Ciudad de México',
          municipality: 'Cuauhtémoc',
          state: 'Ciudad de México',
          state_short: 'CDMX',
          country_code: 'MX',
        },
      ],
    });
    expect((await get('/api/v1/postalcodes/mx/99999')).json()).toEqual({ country_codes: [] });
  });

  it('checks format and country like the other calls', async () => {
    await expectBadRequest('/api/v1/postalcodes/MX/441', 'geography.invalid_postal_code', 'code', /«441» no es válido para México/);
    await expectBadRequest('/api/v1/postalcodes/QQ/44100', 'geography.unknown_country', 'country', /QQ/);
    await expectBadRequest('/api/v1/postalcodes/USA/90210', 'request.invalid', 'country', /país/);
    expect((await get('/api/v1/postalcodes/US/90210-1234')).json()).toMatchObject({ country_codes: [{ postal_code: '90210-1234' }] });
    // Longer than the 7 characters a search takes: looked up whole.
    expect((await get('/api/v1/postalcodes/BR/01310-100')).json()).toMatchObject({ country_codes: [{ postal_code: '01310-100', country_code: 'BR' }] });
    await expectBadRequest('/api/v1/postalcodes/HK/00000', 'geography.invalid_postal_code', 'code', /Hong Kong no usa códigos postales/);
  });
});

describe('GET /api/v1/countrycodes', () => {
  it('lists every country, Mexico first, cacheable for a day', async () => {
    const res = await get('/api/v1/countrycodes');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const { country_codes } = res.json<{ country_codes: { country_code: string; name: string }[] }>();
    expect(country_codes).toHaveLength(249);
    expect(country_codes[0]).toEqual({ name: 'México', flag: '🇲🇽', calling_code: '+52', country_code: 'MX' });
    expect(country_codes[1]!.name).toBe('Afganistán');
  });

  it('sends the same list compressed with brotli or gzip, as the client accepts, and tags it', async () => {
    const plain = await get('/api/v1/countrycodes');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/countrycodes', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.etag).toBe(etag);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('answers 304 without a body when the client already has this list', async () => {
    const { etag } = (await get('/api/v1/countrycodes')).headers;
    for (const ifNoneMatch of [etag as string, `W/${etag as string}`, `"otra", ${etag as string}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/countrycodes', headers: { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' } });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      // A prepared answer still carries the security headers every answer has.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
    const stale = await t.app.inject({ method: 'GET', url: '/api/v1/countrycodes', headers: { 'if-none-match': '"una-lista-vieja"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json<{ country_codes: unknown[] }>().country_codes).toHaveLength(249);
  });
});

describe('a catalogue imported by another process', () => {
  it('replaces the demo set in this process within one poll, without a restart', async () => {
    const file = writeSepomexFile([
      ...FIXTURE_ROWS.map(sepomexLine),
      sepomexLine({
        code: '44101',
        settlement: 'Colonia Nueva',
        municipality: 'Guadalajara',
        state: 'Jalisco',
        city: 'Guadalajara',
        stateCode: '14',
        id: '0100',
      }),
    ]);
    await importPostalCodes({ db: t.database.db }, { file });
    await expect
      .poll(async () => (await get('/api/v1/postalcodes?search=44101')).json<{ country_codes: unknown[] }>().country_codes, { timeout: 5_000, interval: 50 })
      .toEqual([expect.objectContaining({ postal_code: '44101', place_name: 'Colonia Nueva' })]);
    // The demo codes the file does not have are gone with the demo set.
    expect((await get('/api/v1/postalcodes?search=64000')).json()).toEqual({ country_codes: [] });
    expect((await get('/api/v1/postalcodes?search=47980')).json()).toMatchObject({ country_codes: [{ city: 'Degollado' }] });
  });
});
