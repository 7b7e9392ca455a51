import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackingResult } from '@envios/contracts/tracking';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin } from '../testing/accounts.js';
import { createOne } from '../modules/shipments/shipments.fixtures.js';
import { startTracking } from '../modules/tracking/tracking.usecases.js';

/**
 * The server's prerendering with a stand-in bundle (the real one is exercised by the browser
 * journeys): which paths get HTML, what the head carries, and the 404 answer.
 */
describe('prerendered public pages', () => {
  let t: TestApp;
  const root = mkdtempSync(path.join(os.tmpdir(), 'envios-prerender-'));
  const dist = path.join(root, 'dist');

  beforeAll(async () => {
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    mkdirSync(path.join(root, 'dist-ssr'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="es-MX"><head><meta name="description" content="genérica" /><title>Genérico</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/app/routes/public/faq.tsx': { file: 'assets/faq-1.js', css: ['assets/content-1.css'], imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
        'src/app/routes/public/home.tsx': { file: 'assets/home-1.js' },
        'src/features/form.tsx': { file: 'assets/form-1.js', css: ['assets/form-1.css'], imports: ['_field.js'] },
        '_field.js': { file: 'assets/field-1.js', css: ['assets/field-1.css'] },
      }),
    );
    writeFileSync(
      path.join(root, 'dist-ssr', 'entry-server.js'),
      `export const routeSources = { '/preguntas-frecuentes': 'src/app/routes/public/faq.tsx', '/': 'src/app/routes/public/home.tsx', '/signin': 'src/app/routes/public/sign-in.tsx', '/rastreo/:guide': 'src/app/routes/public/tracking.tsx' };
export const routeSnapshotSources = { '/': ['src/features/form.tsx'] };
export const knownPaths = ['/', '/dashboard', '/preguntas-frecuentes', '/shipments/:id', '/signin', '/rastreo/:guide'];
export async function renderPage(p, site, data) {
  const tracked = data && data.tracking ? '<p>Guía ' + data.tracking.guide + ': ' + data.tracking.result.headline + '</p>' : '';
  return '<main><h1>' + (p.startsWith('/404') ? 'Página no encontrada' : 'Página ' + p) + '</h1><p>' + site.supportPhone + '</p>' + tracked + '</main>';
}
`,
    );
    t = await createTestApp({
      env: { ...adminEnv, WEB_DIST_DIR: dist, APP_URL: 'https://envios.example.mx', COMPANY_LEGAL_NAME: 'Ejemplo </script><script>alert(1)</script>' },
    });
  });
  afterAll(() => t.close());

  it('serves a content page as HTML with its own title, description, canonical and Open Graph tags', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/preguntas-frecuentes?utm_source=buscador' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('<div id="root"><main><h1>Página /preguntas-frecuentes</h1><p>33 1234 5678</p></main></div>');
    expect(r.body).toContain('<title>Preguntas frecuentes y calculadora de peso volumétrico · Envíos MX</title>');
    expect(r.body).not.toContain('Genérico');
    expect(r.body).not.toContain('content="genérica"');
    expect(r.body).toContain('<meta name="description" content="Cómo se calcula el costo de un envío');
    expect(r.body).toContain('<link rel="canonical" href="https://envios.example.mx/preguntas-frecuentes" />');
    expect(r.body).toContain('<meta property="og:title" content="Preguntas frecuentes y calculadora de peso volumétrico · Envíos MX" />');
    expect(r.body).toContain('<meta property="og:url" content="https://envios.example.mx/preguntas-frecuentes" />');
    expect(r.body).toContain('<meta property="og:image" content="https://envios.example.mx/og-image.jpg" />');
  });

  it("adds the page's own styles and preloads its code", async () => {
    const r = await t.app.inject({ method: 'GET', url: '/preguntas-frecuentes' });
    expect(r.body).toContain('<link rel="stylesheet" crossorigin href="/assets/content-1.css" />');
    expect(r.body).toContain('<link rel="stylesheet" crossorigin href="/assets/shared-1.css" />');
    expect(r.body).toContain('<link rel="modulepreload" crossorigin href="/assets/faq-1.js" />');
  });

  it('links the styles of what a page shows as a snapshot, without its code', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/' });
    expect(r.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js" />');
    expect(r.body).toContain('<link rel="stylesheet" crossorigin href="/assets/form-1.css" />');
    expect(r.body).toContain('<link rel="stylesheet" crossorigin href="/assets/field-1.css" />');
    expect(r.body).not.toContain('form-1.js');
    expect(r.body).not.toContain('field-1.js');
  });

  it('embeds the site facts the page was rendered with, where no configured text can close the script', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/' });
    const json = /<script type="application\/json" id="datos-del-sitio">([\s\S]*?)<\/script>/.exec(r.body)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('</script>');
    expect((JSON.parse(json!) as { company: { legalName: string } }).company.legalName).toBe('Ejemplo </script><script>alert(1)</script>');
  });

  it('keeps the thank-you page out of search results', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/thank-page' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<meta name="robots" content="noindex" />');
    expect(r.body).not.toContain('rel="canonical"');
  });

  it('answers a path the app does not have with the 404 page and a real 404 status', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/esta-pagina-no-existe' });
    expect(r.statusCode).toBe(404);
    expect(r.body).toContain('Página no encontrada');
    expect(r.body).toContain('<meta name="robots" content="noindex" />');
  });

  it("serves the app shell for the app's other paths (the signed-in area renders in the browser)", async () => {
    const r = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<div id="root"></div>');
    expect(r.body).toContain('<title>Genérico</title>');
  });

  it('renders /signin on the server at its bare address; with a query (?newUser) the browser renders it', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/signin' });
    expect(bare.body).toContain('<div id="root"><main><h1>Página /signin</h1>');
    expect(bare.body).toContain('<title>Iniciar sesión · Envíos MX</title>');
    expect(bare.body).toContain('<link rel="canonical" href="https://envios.example.mx/signin" />');
    const withQuery = await t.app.inject({ method: 'GET', url: '/signin?newUser=true' });
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.body).toContain('<div id="root"></div>');
  });

  it('renders /rastreo/{guide} with its tracking answer and hands the same answer to the browser; an unknown guide gets the app shell', async () => {
    const user = await createSignedInUser(t.app, await signInAdmin(t.app));
    const shipment = await createOne(t, user);
    const guide = `40${String(Date.now() % 1e8).padStart(8, '0')}`;
    await t.database.query('update shipments set paid = true, number_guide = $2 where id = $1', [shipment._id, guide]);
    await startTracking(t.database.db, {
      shipmentId: shipment._id,
      guideNumber: guide,
      carrierCode: 'dhl',
      serviceName: 'EXPRESS DOMESTIC',
      sandbox: true,
      issuedAt: new Date(),
      shipperCity: 'Jalisco, Guadalajara',
      consigneeCity: 'Ciudad de México, Cuauhtémoc',
      pieces: 1,
    });
    const api = await t.app.inject({ method: 'POST', url: '/api/v1/tracking', payload: { guide_number: guide } });
    expect(api.statusCode, api.body).toBe(200);
    const answer = api.json<TrackingResult>();

    const r = await t.app.inject({ method: 'GET', url: `/rastreo/${guide}` });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain(`<p>Guía ${guide}: ${answer.headline}</p>`);
    expect(r.body).toContain(`<title>Rastreo ${guide} · Envíos MX</title>`);
    expect(r.body).toContain('<meta name="robots" content="noindex" />');
    const data = /<script type="application\/json" id="datos-de-la-pagina">(.*?)<\/script>/.exec(r.body)?.[1];
    const handed = JSON.parse(data!) as { tracking: { guide: string; result: TrackingResult } };
    expect(handed.tracking.guide).toBe(guide);
    expect(handed.tracking.result).toMatchObject({ guide: answer.guide, headline: answer.headline, state: answer.state });

    const unknown = await t.app.inject({ method: 'GET', url: '/rastreo/ZZ99999999' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<div id="root"></div>');
    expect(unknown.body).not.toContain('datos-de-la-pagina');
    const malformed = await t.app.inject({ method: 'GET', url: '/rastreo/%3Cscript%3E' });
    expect(malformed.body).toContain('<div id="root"></div>');
  });

  it('compresses the pages for browsers that accept it', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/preguntas-frecuentes', headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.headers['content-encoding']).toBe('br');
  });
});

describe('acceptedEncoding', () => {
  it('prefers brotli, falls back to gzip, and respects a refusal', async () => {
    const { acceptedEncoding } = await import('./spa.js');
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
