import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { acceptedEncoding } from './compression.js';

let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp(), createTestApp({ env: { COMPRESSION_MIN_BYTES: '0' } })]);
});
afterAll(async () => {
  await Promise.all([t.close(), off.close()]);
});

// The public carrier catalogue: a JSON answer of several KB made per request by an ordinary route.
const catalogue = (app: TestApp, acceptEncoding?: string) =>
  app.app.inject({ method: 'GET', url: '/api/v1/carriers', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('API answers above 1 KB', () => {
  it('travel compressed with brotli when the client takes it, and decompress to the same JSON', async () => {
    const plain = await catalogue(t);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await catalogue(t, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('travel with gzip for a client without brotli', async () => {
    const res = await catalogue(t, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual((await catalogue(t)).json());
  });

  it('stay as they are when compression is turned off (COMPRESSION_MIN_BYTES=0)', async () => {
    const res = await catalogue(off, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('small answers', () => {
  it('are not compressed: the health check stays a few plain bytes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('acceptedEncoding', () => {
  it('prefers brotli, falls back to gzip, and honours a refusal (q=0)', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
  });
});
