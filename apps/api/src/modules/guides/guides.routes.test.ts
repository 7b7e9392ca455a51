import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryStock, InventoryUploadResult } from '@envios/contracts/guides';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { cloneShipment, markPaid, setStock } from './guides.testing.js';
import { enqueueGuideIssue, labelPath, signedLabelUrl, signLabelToken } from './guides.usecases.js';

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let other: SignedIn;
let paid: string;
let unpaid: string;
let issuing: string;
let serviceId: string;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  admin = await signInAdmin(t.app);
  owner = await createSignedInUser(t.app, admin);
  other = await createSignedInUser(t.app, admin);
  const s = await createOne(t, owner, {}, 'EXPRESS DOMESTIC');
  serviceId = (await createOne(t, owner, {}, 'EXPRESS DOMESTIC DINAMICA')).selected_service.service_id;
  [paid, unpaid, issuing] = (await cloneShipment(t, s._id, 3)) as [string, string, string];
  await markPaid(t, [paid, issuing]);
  // The sandbox DHL issuer numbers the paid one.
  await t.database.db.transaction((tx) => enqueueGuideIssue(t.app.jobs, tx, [paid]));
  await t.app.jobs.drain();
});
afterAll(async () => {
  await t.close();
});

const label = (id: string, opts: { headers?: Record<string, string>; query?: string } = {}) =>
  t.app.inject({ method: 'GET', url: `${labelPath(id)}${opts.query ?? ''}`, headers: opts.headers ?? {} });

describe('GET /api/v1/shipments/:id/label', () => {
  it('answers the owner a 4 × 6 in PDF named after the guide, inline or as a download', async () => {
    const [{ number_guide: guide }] = (await t.database.query<{ number_guide: string }>('select number_guide from shipments where id = $1', [paid])) as [
      { number_guide: string },
    ];
    const res = await label(paid, { headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="guia-${guide}.pdf"`);
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 288 432]');

    const download = await label(paid, { headers: owner.headers, query: '?download=1' });
    expect(download.headers['content-disposition']).toBe(`attachment; filename="guia-${guide}.pdf"`);
  });

  it('answers an admin too, refuses another user (403) and a caller without session (401)', async () => {
    expect((await label(paid, { headers: admin.headers })).statusCode).toBe(200);
    const res = await label(paid, { headers: other.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'auth.forbidden' });
    expect((await label(paid)).statusCode).toBe(401);
  });

  it('answers 409 while unpaid, and 409 with the Spanish wait message while the guide is being issued', async () => {
    const notPaid = await label(unpaid, { headers: owner.headers });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json()).toEqual({ code: 'guides.not_paid', message: 'La guía estará disponible cuando el envío esté pagado.' });
    const pending = await label(issuing, { headers: owner.headers });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({ code: 'guides.not_issued', message: 'Tu guía se está generando. Intenta de nuevo en unos segundos.' });
  });

  it('a bad id is a 400 naming the field; an unknown one a 404', async () => {
    const bad = await label('no-es-un-id', { headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string }[] }>().errors[0]!.path).toContain('id');
    expect((await label('00000000-0000-4000-8000-000000000000', { headers: owner.headers })).statusCode).toBe(404);
  });

  it('the signed link of the e-mail works without a session until it expires; a tampered or foreign one is refused', async () => {
    const url = new URL(signedLabelUrl(t.config.APP_URL, t.config.SECRET_KEY, paid, new Date()));
    const ok = await label(paid, { query: url.search });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');

    const expired = signLabelToken(t.config.SECRET_KEY, paid, new Date(Date.now() - 1000));
    const old = await label(paid, { query: `?token=${expired}` });
    expect(old.statusCode).toBe(403);
    expect(old.json()).toMatchObject({ code: 'guides.bad_link' });

    const token = url.searchParams.get('token')!;
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await label(paid, { query: `?token=${tampered}` })).statusCode).toBe(403);
    // A token for one shipment opens no other.
    expect((await label(unpaid, { query: `?token=${token}` })).statusCode).toBe(403);
    // A signed link does not show an unpaid shipment either.
    const forUnpaid = signLabelToken(t.config.SECRET_KEY, unpaid, new Date(Date.now() + 60_000));
    expect((await label(unpaid, { query: `?token=${forUnpaid}` })).statusCode).toBe(409);
  });
});

describe('OpenAPI', () => {
  it('documents the label and inventory routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/shipments/{id}/label', '/api/v1/guides/inventory', '/api/v1/guides/inventory/{serviceId}']));
  });
});

describe('guides inventory (admin)', () => {
  it('lists the stock per service, inventory services first, for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/guides/inventory', headers: owner.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/guides/inventory' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/guides/inventory', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json<InventoryStock[]>();
    expect(list[0]!.guide_source).toBe('inventory');
    const row = list.find((r) => r.service_id === serviceId)!;
    expect(row).toMatchObject({
      carrier_code: 'dhl',
      carrier: 'DHL',
      service_name: 'EXPRESS DOMESTIC DINAMICA',
      available: 100,
      reserved: 0,
      used: 0,
      demo: 100,
    });
  });

  it('uploads a CSV in one transaction: header skipped, bad lines reported, repeated numbers counted', async () => {
    await setStock(t, serviceId, 1);
    const csv = 'guia\nTEST000001\n7712345678\n7712345678\nno valida!\n\nAB-99887766\n';
    const url = `/api/v1/guides/inventory/${serviceId}`;
    expect((await t.app.inject({ method: 'POST', url, headers: owner.headers, payload: { csv } })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { csv } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<InventoryUploadResult>();
    expect(body).toMatchObject({ added: 2, duplicates: 2, stock: { service_id: serviceId, available: 3, demo: 0 } });
    expect(body.invalid).toEqual([{ line: 5, value: 'no valida!', message: expect.any(String) as string }]);
  });

  it('refuses an empty file, an unknown service and a bad id with Spanish messages', async () => {
    const post = (id: string, csv: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/v1/guides/inventory/${id}`, headers: admin.headers, payload: { csv } });
    const empty = await post(serviceId, 'guia\n\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'guides.bad_csv', message: 'El archivo no contiene números de guía.' });
    expect((await post(serviceId, '')).statusCode).toBe(400);
    expect((await post('00000000-0000-4000-8000-000000000000', '1234567890')).statusCode).toBe(404);
    const bad = await post('x', '1234567890');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringContaining('servicio') as string });
  });
});
