import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('the web app served by the API', () => {
  let t: TestApp;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'envios-dist-'));

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="es-MX"><div id="root"></div></html>');
    const js = 'console.log("hola");'.repeat(100);
    writeFileSync(path.join(dist, 'assets/app-abc123.js'), js);
    writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(js));
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(() => t.close());

  it('answers deep links and reloads with the app shell, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shipments/123?tab=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets precompressed with a year of cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers an unknown API path with the JSON 404, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'route.not_found', message: 'La ruta GET /api/v1/no-existe no existe.' });
  });

  it('answers a missing file with a 404 instead of the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-file.js' });
    expect(res.statusCode).toBe(404);
  });

  it('sends security headers with a strict content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('reports health while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('turns malformed JSON into a Spanish 400, never a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'request.invalid' });
  });
});
