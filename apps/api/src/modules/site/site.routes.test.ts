import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../config/env.js';
import type { LaunchChecklist } from '@envios/contracts/launch';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin } from '../../testing/accounts.js';

describe('site facts with nothing configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: 'https://envios.example.mx/', ...adminEnv } });
  });
  afterAll(() => t.close());

  it('the launch checklist names every demonstration value and missing setting, for admins only', async () => {
    const admin = await signInAdmin(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/launch-checklist', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<LaunchChecklist>();
    expect(list.production).toBe(true);
    expect(list.items.map((i) => i.id)).toEqual([
      'support-phone',
      'whatsapp',
      'legal-name',
      'company-address',
      'company-rfc',
      'terms-date',
      'paypal',
      'conekta',
      'smtp',
      'metrics-token',
      'dhl',
      'fedex',
    ]);
    expect(list.items.find((i) => i.id === 'support-phone')).toMatchObject({ setting: 'SUPPORT_PHONE', state: 'demo' });
    // In production without keys, PayPal is off (not a sandbox), and the checklist says so.
    expect(list.items.find((i) => i.id === 'paypal')?.affects).toMatch(/está apagado/);
    expect(list.items.find((i) => i.id === 'conekta')?.how).toContain('https://envios.example.mx/api/v1/webhooks/conekta');
    const seller = await createSignedInUser(t.app, admin);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/launch-checklist', headers: seller.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/launch-checklist' })).statusCode).toBe(401);
  });

  it('answers the demonstration contacts flagged as such, and no invented company facts', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/site' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      supportPhone: '33 1234 5678',
      whatsappNumber: '5213312345678',
      demoContacts: true,
      supportHours: 'de 9:00 a 18:00, de lunes a viernes',
      company: { name: 'Envíos MX', legalName: null, address: null, rfc: null, supportEmail: null },
      socialLinks: [],
      chatWidgetSrc: null,
      metaPixelId: null,
      howItWorksVideoId: null,
      termsDate: null,
      // An https APP_URL means production: no sandbox payments unless PAYMENTS_SANDBOX=1, so
      // without keys no method is on and the footer promises none.
      paymentsSandbox: false,
      paymentMethods: { paypal: false, card: false, oxxo: false },
    });
  });

  it('serves robots.txt that keeps crawlers out of the signed-in area and points at the sitemap', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    expect(r.body).toContain('User-agent: *');
    expect(r.body).toContain('Disallow: /api/');
    expect(r.body).toContain('Disallow: /dashboard');
    expect(r.body).toContain('Sitemap: https://envios.example.mx/sitemap.xml');
  });

  it('lists every indexable public page in sitemap.xml with absolute addresses, never the thank-you page', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('application/xml');
    const locs = [...r.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://envios.example.mx/',
        'https://envios.example.mx/servicios',
        'https://envios.example.mx/preguntas-frecuentes',
        'https://envios.example.mx/terminos-de-servicio',
        'https://envios.example.mx/politicas-de-privacidad',
        'https://envios.example.mx/quienes-somos',
        'https://envios.example.mx/contactanos',
        'https://envios.example.mx/guia-de-inicio',
      ]),
    );
    expect(locs).not.toContain('https://envios.example.mx/thank-page');
  });

  it('keeps third parties out of the content security policy', async () => {
    const csp = (await t.app.inject({ method: 'GET', url: '/api/v1/site' })).headers['content-security-policy'] as string;
    expect(csp).not.toContain('facebook');
    expect(csp).toContain("script-src 'self';");
  });

  it('compresses the country list for clients that accept it (brotli first, then gzip), and not for others', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/countrycodes' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const size = plain.rawPayload.length;
    expect(size).toBeGreaterThan(10_000);

    const br = await t.app.inject({ method: 'GET', url: '/api/v1/countrycodes', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(size / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await t.app.inject({ method: 'GET', url: '/api/v1/countrycodes', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small answers uncompressed', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(r.headers['content-encoding']).toBeUndefined();
  });
});

describe('site facts configured by the operator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SUPPORT_PHONE: '55 1111 2222',
        WHATSAPP_NUMBER: '5215511112222',
        SUPPORT_HOURS: 'de 8:00 a 20:00, de lunes a sábado',
        SUPPORT_EMAIL: 'hola@paqueteria.test',
        COMPANY_NAME: 'Paquetería Ejemplo',
        COMPANY_LEGAL_NAME: 'Paquetería Ejemplo, S.A. de C.V.',
        COMPANY_ADDRESS: 'Av. Vallarta 1000, Guadalajara, Jal., 44100',
        COMPANY_RFC: 'pej010101ab1',
        SOCIAL_LINKS: 'https://www.facebook.com/ejemplo, https://instagram.com/ejemplo,https://blog.ejemplo.mx',
        META_PIXEL_ID: '123456789012345',
        CHAT_WIDGET_SRC: 'https://chat.proveedor.test/widget.js',
        COMPRESSION_MIN_BYTES: '0',
        TERMS_DATE: '2026-03-15',
        METRICS_TOKEN: 'un-token-de-metricas-largo',
        ...adminEnv,
      },
    });
  });
  afterAll(() => t.close());

  it('answers exactly what was configured, with the networks named', async () => {
    const info = (await t.app.inject({ method: 'GET', url: '/api/v1/site' })).json<Record<string, unknown>>();
    expect(info).toMatchObject({
      supportPhone: '55 1111 2222',
      whatsappNumber: '5215511112222',
      demoContacts: false,
      supportHours: 'de 8:00 a 20:00, de lunes a sábado',
      company: {
        name: 'Paquetería Ejemplo',
        legalName: 'Paquetería Ejemplo, S.A. de C.V.',
        address: 'Av. Vallarta 1000, Guadalajara, Jal., 44100',
        rfc: 'PEJ010101AB1',
        supportEmail: 'hola@paqueteria.test',
      },
      socialLinks: [
        { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/ejemplo' },
        { network: 'instagram', label: 'Instagram', url: 'https://instagram.com/ejemplo' },
        { network: 'web', label: 'blog.ejemplo.mx', url: 'https://blog.ejemplo.mx' },
      ],
      metaPixelId: '123456789012345',
      termsDate: '2026-03-15',
    });
  });

  it('the launch checklist leaves out what the owner set', async () => {
    const admin = await signInAdmin(t.app);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/launch-checklist', headers: admin.headers })).json<LaunchChecklist>();
    expect(list.items.map((i) => i.id)).toEqual(['paypal', 'conekta', 'smtp', 'dhl', 'fedex']);
  });

  it('lets the CSP load the pixel and report to it, and the chat widget from its own origin only', async () => {
    const csp = (await t.app.inject({ method: 'GET', url: '/api/v1/site' })).headers['content-security-policy'] as string;
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self' https://chat.proveedor.test https://connect.facebook.net");
    expect(directive('connect-src')).toContain('https://www.facebook.com');
    expect(directive('img-src')).toContain('https://www.facebook.com');
  });

  it('sends answers uncompressed when COMPRESSION_MIN_BYTES is 0', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/countrycodes', headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.headers['content-encoding']).toBeUndefined();
  });
});

describe('site configuration is checked at start', () => {
  it.each([
    ['COMPANY_RFC', 'NO-ES-RFC'],
    ['SOCIAL_LINKS', 'http://facebook.com/inseguro'],
    ['SUPPORT_EMAIL', 'no-es-correo'],
    ['SUPPORT_PHONE', 'llámenos'],
    ['TERMS_DATE', '15/03/2026'],
    ['TERMS_DATE', '2026-02-30'],
  ])('refuses a bad %s, naming it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [name]: value })).toThrow(name);
  });
});
