import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AuditEntry, CarrierAdmin, CarrierCatalogueResponse, Markup, TariffRow, TariffTableResponse } from '@envios/contracts/carriers';
import type { QuoteResponse } from '@envios/contracts/quotes';
import { buildApp } from '../../app.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  admin = await signInAdmin(t.app);
  user = await createSignedInUser(t.app, admin);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: SignedIn, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as string }) });

async function adminCatalogue(): Promise<CarrierAdmin[]> {
  const res = await call('GET', '/api/v1/carriers/all', admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ carriers: CarrierAdmin[] }>().carriers;
}

async function serviceId(name: string): Promise<string> {
  const carriers = await adminCatalogue();
  return carriers.flatMap((c) => c.services).find((s) => s.name === name)!._id;
}

const quoteBody = {
  origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Jalisco, Guadalajara' },
  destination_direction: { country_code: 'MX', postal_code: '06600' },
  parcels: [{ depth: 30, width: 20, height: 15, weight: 3 }],
  package_type: 'box',
  cantidadGuias: 1,
};

async function quote(app: FastifyInstance = t.app, body: unknown = quoteBody, who?: SignedIn): Promise<QuoteResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/quoting', payload: body as Record<string, unknown>, headers: who?.headers ?? {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuoteResponse>();
}

const priceOf = (answer: QuoteResponse, name: string) => answer.options.find((o) => o.carrier_service_name === name)?.total_amount;

async function lastAudit(entity?: string): Promise<AuditEntry> {
  const res = await call('GET', `/api/v1/carrier-audit${entity ? `?entity=${entity}` : ''}`, admin);
  expect(res.statusCode).toBe(200);
  return res.json<{ docs: AuditEntry[] }>().docs[0]!;
}

describe('public catalogue and logos', () => {
  it('lists the five carriers with their services, transit texts and our logos', async () => {
    const res = await call('GET', '/api/v1/carriers');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { carriers } = res.json<CarrierCatalogueResponse>();
    expect(carriers.map((c) => c.name)).toEqual(['DHL', 'Redpack', 'FedEx', 'AM/PM', 'Estafeta']);
    const dhl = carriers[0]!;
    expect(dhl.logo_url).toBe('/api/v1/carriers/dhl/logo.svg');
    expect(dhl.services.find((s) => s.name === 'EXPRESS DOMESTIC 10:30')).toMatchObject({
      transit_text: 'Día siguiente hábil antes de las 10:30',
      transit_days: 1,
      scope: 'domestic',
    });
    expect(res.body).not.toMatch(/external_code|guide_source|remote_area/);
  });

  it('serves each logo as our own SVG with a long cache', async () => {
    for (const code of ['dhl', 'redpack', 'fedex', 'ampm', 'estafeta']) {
      const res = await call('GET', `/api/v1/carriers/${code}/logo.svg`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toContain('max-age=604800');
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*role="img"/);
    }
    expect((await call('GET', '/api/v1/carriers/ampm/logo.svg')).body).toContain('AM/PM');
  });

  it('refuses an unknown carrier in Spanish', async () => {
    const res = await call('GET', '/api/v1/carriers/ups/logo.svg');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('La paquetería debe ser una de');
  });
});

describe('admin endpoints need an admin', () => {
  const endpoints: [Method, string, unknown?][] = [
    ['GET', '/api/v1/carriers/all'],
    ['PATCH', '/api/v1/carriers/dhl', { enabled: false }],
    ['PATCH', '/api/v1/carrier-services/00000000-0000-4000-8000-000000000000', { enabled: false }],
    ['GET', '/api/v1/carrier-services/00000000-0000-4000-8000-000000000000/tariffs'],
    ['PUT', '/api/v1/carrier-services/00000000-0000-4000-8000-000000000000/tariffs', { rows: [] }],
    [
      'POST',
      '/api/v1/carrier-services/00000000-0000-4000-8000-000000000000/tariffs',
      { zone: 'local', min_kg: 1, max_kg: 5, base_price: 1, extra_kg_price: 0 },
    ],
    ['PATCH', '/api/v1/carrier-services/00000000-0000-4000-8000-000000000000/tariffs/00000000-0000-4000-8000-000000000001', { base_price: 1 }],
    ['DELETE', '/api/v1/carrier-services/00000000-0000-4000-8000-000000000000/tariffs/00000000-0000-4000-8000-000000000001'],
    ['GET', '/api/v1/carrier-services/00000000-0000-4000-8000-000000000000/tariffs.csv'],
    ['GET', '/api/v1/carriers/dhl/remote-areas'],
    ['PUT', '/api/v1/carriers/dhl/remote-areas', { postal_codes: [] }],
    ['POST', '/api/v1/carriers/dhl/remote-areas', { postal_codes: ['06600'] }],
    ['DELETE', '/api/v1/carriers/dhl/remote-areas/06600'],
    ['GET', '/api/v1/markups'],
    ['PUT', '/api/v1/markups', { percent: 0 }],
    ['DELETE', '/api/v1/markups/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/v1/carrier-audit'],
  ];

  it('answers 401 to a visitor and 403 to a customer, and changes nothing', async () => {
    const version = (await adminCatalogue()).map((c) => c.enabled);
    for (const [method, url, body] of endpoints) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, user, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const csv = await call('PUT', '/api/v1/carrier-services/00000000-0000-4000-8000-000000000000/tariffs.csv', user, 'a,b', { 'content-type': 'text/csv' });
    expect(csv.statusCode).toBe(403);
    expect((await adminCatalogue()).map((c) => c.enabled)).toEqual(version);
  });
});

describe('carriers and services', () => {
  it('lists everything for the admin, with where each price comes from', async () => {
    const carriers = await adminCatalogue();
    expect(carriers).toHaveLength(5);
    const dhl = carriers[0]!;
    expect(dhl).toMatchObject({
      code: 'dhl',
      enabled: true,
      remote_area_surcharge: 199,
      insurance_rate_percent: 1.8,
      insurance_min: 45,
      api_configured: false,
      remote_area_count: 4,
    });
    expect(dhl.services.find((s) => s.name === 'EXPRESS DOMESTIC')).toMatchObject({
      external_code: 'N',
      rate_source: 'tariffs',
      guide_source: 'carrier_api',
      document_price: 149,
      tariff_rows: 16,
      volumetric_divisor: 5000,
    });
  });

  it('disabling a carrier hides it from the catalogue and the quote; the change is audited', async () => {
    const res = await call('PATCH', '/api/v1/carriers/redpack', admin, { enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CarrierAdmin>().enabled).toBe(false);
    expect((await call('GET', '/api/v1/carriers')).json<CarrierCatalogueResponse>().carriers.map((c) => c.code)).not.toContain('redpack');
    expect((await quote()).options.some((o) => o.carrier_code === 'redpack')).toBe(false);
    expect(await lastAudit('carrier')).toMatchObject({
      actor_id: admin.id,
      entity: 'carrier',
      entity_id: 'redpack',
      action: 'update',
      summary: 'Paquetería Redpack desactivada',
      before: { enabled: true },
      after: { enabled: false },
    });
    await call('PATCH', '/api/v1/carriers/redpack', admin, { enabled: true });
    expect((await quote()).options.some((o) => o.carrier_code === 'redpack')).toBe(true);
  });

  it('changes the remote-area surcharge and insurance of a carrier', async () => {
    const res = await call('PATCH', '/api/v1/carriers/ampm', admin, { remote_area_surcharge: 99.5, insurance_rate_percent: 2.25, insurance_min: 40 });
    expect(res.json<CarrierAdmin>()).toMatchObject({ remote_area_surcharge: 99.5, insurance_rate_percent: 2.25, insurance_min: 40 });
    const bad = await call('PATCH', '/api/v1/carriers/ampm', admin, { insurance_rate_percent: 2.255 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('La tasa del seguro debe tener como máximo dos decimales.');
    expect((await call('PATCH', '/api/v1/carriers/ampm', admin, {})).statusCode).toBe(400);
  });

  it('disabling a service removes it from quotes; its settings can change', async () => {
    const id = await serviceId('ECONOMY SELECT DOMESTIC');
    const off = await call('PATCH', `/api/v1/carrier-services/${id}`, admin, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await quote()).options.map((o) => o.carrier_service_name)).not.toContain('ECONOMY SELECT DOMESTIC');
    const on = await call('PATCH', `/api/v1/carrier-services/${id}`, admin, { enabled: true, transit_days: 3, max_weight_kg: 50 });
    expect(on.json()).toMatchObject({ enabled: true, transit_days: 3, max_weight_kg: 50, transit_text: 'Económico: de 1 a 4 días hábiles' });
    expect((await quote()).options.find((o) => o.carrier_service_name === 'ECONOMY SELECT DOMESTIC')).toMatchObject({ total_transit_days: 3 });
    expect(await lastAudit('service')).toMatchObject({
      entity_id: id,
      before: { transit_days: 4, max_weight_kg: 70 },
      after: { transit_days: 3, max_weight_kg: 50 },
    });
    expect((await call('PATCH', '/api/v1/carrier-services/00000000-0000-4000-8000-000000000000', admin, { enabled: false })).statusCode).toBe(404);
  });
});

describe('tariffs', () => {
  it('shows a service’s table and changes one bracket: the next quote uses it', async () => {
    const id = await serviceId('EXPRESS DOMESTIC');
    const table = (await call('GET', `/api/v1/carrier-services/${id}/tariffs`, admin)).json<TariffTableResponse>();
    expect(table.rows).toHaveLength(16);
    const first = table.rows.find((r) => r.zone === 'regional' && r.min_kg === 1)!;
    expect(first).toMatchObject({ max_kg: 5, base_price: 249, extra_kg_price: 0 });
    expect(priceOf(await quote(), 'EXPRESS DOMESTIC')).toBe(278.88);

    const res = await call('PATCH', `/api/v1/carrier-services/${id}/tariffs/${first._id}`, admin, { base_price: 200 });
    expect(res.statusCode, res.body).toBe(200);
    expect(priceOf(await quote(), 'EXPRESS DOMESTIC')).toBe(224);
    const audit = await lastAudit('tariff');
    expect(audit).toMatchObject({ entity_id: id, action: 'update', before: { base_price: 249 }, after: { base_price: 200 } });

    await call('PATCH', `/api/v1/carrier-services/${id}/tariffs/${first._id}`, admin, { base_price: 249 });
    expect(priceOf(await quote(), 'EXPRESS DOMESTIC')).toBe(278.88);
  });

  it('refuses a change that would leave a gap, an overlap or a falling price, naming it', async () => {
    const id = await serviceId('EXPRESS DOMESTIC');
    const rows = (await call('GET', `/api/v1/carrier-services/${id}/tariffs`, admin)).json<TariffTableResponse>().rows;
    const second = rows.find((r) => r.zone === 'local' && r.min_kg === 6)!;
    const gap = await call('PATCH', `/api/v1/carrier-services/${id}/tariffs/${second._id}`, admin, { min_kg: 7 });
    expect(gap.statusCode).toBe(400);
    expect(gap.json()).toMatchObject({ code: 'carriers.invalid_tariff', message: expect.stringContaining('falta el rango 6–6 kg') });
    const cheap = await call('PATCH', `/api/v1/carrier-services/${id}/tariffs/${second._id}`, admin, { base_price: 100 });
    expect(cheap.json<{ message: string }>().message).toContain('el precio bajaría al pasar de 5 a 6 kg');
    const overlap = await call('POST', `/api/v1/carrier-services/${id}/tariffs`, admin, {
      zone: 'local',
      min_kg: 60,
      max_kg: 80,
      base_price: 900,
      extra_kg_price: 0,
    });
    expect(overlap.json<{ message: string }>().message).toContain('se encima');
    expect((await call('PATCH', `/api/v1/carrier-services/${id}/tariffs/00000000-0000-4000-8000-000000000001`, admin, { base_price: 1 })).statusCode).toBe(404);
  });

  it('adds and removes a bracket at the end of a zone', async () => {
    const id = await serviceId('EXPRESS DOMESTIC');
    const added = await call('POST', `/api/v1/carrier-services/${id}/tariffs`, admin, {
      zone: 'local',
      min_kg: 71,
      max_kg: 100,
      base_price: 2000,
      extra_kg_price: 15.5,
    });
    expect(added.statusCode, added.body).toBe(201);
    const row = added.json<TariffRow>();
    expect(row).toMatchObject({ zone: 'local', min_kg: 71, max_kg: 100, base_price: 2000, extra_kg_price: 15.5 });
    expect((await lastAudit('tariff')).action).toBe('create');
    const removed = await call('DELETE', `/api/v1/carrier-services/${id}/tariffs/${row._id}`, admin);
    expect(removed.statusCode).toBe(204);
    expect((await lastAudit('tariff')).action).toBe('delete');
  });

  it('refuses to remove a bracket from the middle of a zone', async () => {
    const id = await serviceId('EXPRESS DOMESTIC');
    const rows = (await call('GET', `/api/v1/carrier-services/${id}/tariffs`, admin)).json<TariffTableResponse>().rows;
    const middle = rows.find((r) => r.zone === 'nacional' && r.min_kg === 6)!;
    const res = await call('DELETE', `/api/v1/carrier-services/${id}/tariffs/${middle._id}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('falta el rango 6–10 kg');
  });

  it('replaces a whole table at once, or nothing', async () => {
    const id = await serviceId('ESTANDAR');
    const bad = await call('PUT', `/api/v1/carrier-services/${id}/tariffs`, admin, {
      rows: [
        { zone: 'local', min_kg: 1, max_kg: 5, base_price: 100, extra_kg_price: 0 },
        { zone: 'int-1', min_kg: 1, max_kg: 5, base_price: 100, extra_kg_price: 0 },
        { zone: 'regional', min_kg: 2, max_kg: 50, base_price: 100, extra_kg_price: 0 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual(['rows.1.zona', 'rows.2.peso_desde_kg']);
    const good = await call('PUT', `/api/v1/carrier-services/${id}/tariffs`, admin, {
      rows: [{ zone: 'regional', min_kg: 1, max_kg: 50, base_price: 110, extra_kg_price: 1 }],
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json<TariffTableResponse>().service.tariff_rows).toBe(1);
    // 110 + 2 kg above the bracket start × 1.00, plus the 12 % margin.
    expect(priceOf(await quote(), 'ESTANDAR')).toBe(125.44);
    expect(await lastAudit('tariff')).toMatchObject({
      summary: 'Tarifa de AM/PM ESTANDAR reemplazada (1 filas)',
      after: { rows: [expect.objectContaining({ base_price: 110 })] },
    });
  });

  it('exports a table as CSV and imports it back, changes included', async () => {
    const id = await serviceId('DIA SIG');
    const exported = await call('GET', `/api/v1/carrier-services/${id}/tariffs.csv`, admin);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="tarifa-estafeta-dia-sig.csv"');
    const lines = exported.body.trim().split('\r\n');
    expect(lines[0]).toBe('zona,peso_desde_kg,peso_hasta_kg,precio_base,precio_kg_adicional');
    expect(lines[1]).toBe('local,1,5,259.00,0.00');
    expect(lines).toHaveLength(17);

    const changed = exported.body.replace(/^regional,1,5,259\.00,0\.00$/m, 'regional,1,5,199.00,0.00');
    const res = await call('PUT', `/api/v1/carrier-services/${id}/tariffs.csv`, admin, changed, { 'content-type': 'text/csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 16 });
    expect(priceOf(await quote(), 'DIA SIG')).toBe(222.88);
    expect(await lastAudit('tariff')).toMatchObject({ action: 'import', summary: 'Tarifa de Estafeta DIA SIG importada desde CSV (16 filas)' });
  });

  it('reports every bad row of an imported CSV in Spanish and imports nothing', async () => {
    const id = await serviceId('DIA SIG');
    const before = (await call('GET', `/api/v1/carrier-services/${id}/tariffs.csv`, admin)).body;
    const csv = [
      'zona,peso_desde_kg,peso_hasta_kg,precio_base,precio_kg_adicional',
      'local,1,5,abc,0',
      'regional,1,5,100,0',
      'regional,8,10,90,0',
      'marte,1,5,1,0',
    ].join('\n');
    const res = await call('PUT', `/api/v1/carrier-services/${id}/tariffs.csv`, admin, csv, { 'content-type': 'text/csv' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string; errors: { path: string; message: string }[] }>();
    expect(body.code).toBe('carriers.invalid_tariff_csv');
    expect(body.message).toBe('El archivo tiene 2 errores; no se importó nada. Corrige las filas señaladas y vuelve a subirlo.');
    expect(body.errors.map((e) => e.path)).toEqual(['fila.2.precio_base', 'fila.5.zona']);
    expect(body.errors[0]!.message).toBe('Fila 2: el precio base «abc» no es un monto válido (usa por ejemplo 149.00).');
    // With the cells fixed, the table rules are checked and named by line too.
    const fixed = csv.replace('abc', '100').replace('marte', 'nacional');
    const rules = await call('PUT', `/api/v1/carrier-services/${id}/tariffs.csv`, admin, fixed, { 'content-type': 'text/csv' });
    expect(rules.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      { path: 'fila.4.peso_desde_kg', message: 'Fila 4: en la zona Regional falta el rango 6–7 kg.' },
    ]);
    expect((await call('GET', `/api/v1/carrier-services/${id}/tariffs.csv`, admin)).body).toBe(before);
  });
});

describe('remote areas', () => {
  it('adds a destination to a carrier’s list: its quotes there carry the surcharge; removing it undoes that', async () => {
    const added = await call('POST', '/api/v1/carriers/estafeta/remote-areas', admin, { postal_codes: ['06600', '06600'] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<{ postal_codes: string[] }>().postal_codes).toContain('06600');
    const answer = await quote();
    const estafeta = answer.options.filter((o) => o.carrier_code === 'estafeta');
    expect(estafeta.every((o) => o.is_remote && o.services.some((l) => l.code === 'remote_area' && l.price === 150))).toBe(true);
    expect(answer.options.filter((o) => o.carrier_code === 'dhl').every((o) => !o.is_remote)).toBe(true);
    expect(await lastAudit('remote_area')).toMatchObject({ entity_id: 'estafeta', action: 'create', after: { postal_codes: ['06600'] } });

    expect((await call('DELETE', '/api/v1/carriers/estafeta/remote-areas/06600', admin)).statusCode).toBe(204);
    expect((await quote()).options.filter((o) => o.carrier_code === 'estafeta').every((o) => !o.is_remote)).toBe(true);
    expect((await call('DELETE', '/api/v1/carriers/estafeta/remote-areas/06600', admin)).statusCode).toBe(404);
  });

  it('replaces a whole list and refuses malformed codes', async () => {
    const res = await call('PUT', '/api/v1/carriers/ampm/remote-areas', admin, { postal_codes: ['77000', '23000', '29950'] });
    expect(res.json()).toEqual({ carrier_code: 'ampm', surcharge: 99.5, postal_codes: ['23000', '29950', '77000'] });
    expect(await lastAudit('remote_area')).toMatchObject({
      before: { postal_codes: ['23000', '77000'] },
      after: { postal_codes: ['23000', '29950', '77000'] },
    });
    const bad = await call('PUT', '/api/v1/carriers/ampm/remote-areas', admin, { postal_codes: ['7700'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Cada código postal debe tener 5 dígitos.');
  });
});

describe('markups', () => {
  it('lists the seeded margins: 12 % for everyone, 15 % on international services', async () => {
    const { markups } = (await call('GET', '/api/v1/markups', admin)).json<{ markups: Markup[] }>();
    expect(markups[0]).toMatchObject({ service_id: null, user_id: null, percent: 12, fixed_amount: 0 });
    expect(markups.filter((m) => m.percent === 15)).toHaveLength(3);
  });

  it('a customer margin changes that customer’s prices only, and can be removed', async () => {
    const res = await call('PUT', '/api/v1/markups', admin, { user_id: user.id, percent: 5, fixed_amount: 2.5 });
    expect(res.statusCode, res.body).toBe(200);
    const markup = res.json<Markup>();
    const ampm = await serviceId('EXPRESS');
    const mine = await quote(t.app, quoteBody, user);
    const visitor = await quote();
    // AM/PM EXPRESS 1–5 kg: 199.00 → × 1.05 + 2.50 for this customer; × 1.12 for everyone else.
    expect(mine.options.find((o) => o.service_id === ampm)!.total_amount).toBe(211.45);
    expect(visitor.options.find((o) => o.service_id === ampm)!.total_amount).toBe(222.88);
    expect(await lastAudit('markup')).toMatchObject({ action: 'create', after: { user_id: user.id, percent: 5 } });

    const again = await call('PUT', '/api/v1/markups', admin, { user_id: user.id, percent: 6 });
    expect(again.json<Markup>()._id).toBe(markup._id);
    expect((await lastAudit('markup')).action).toBe('update');

    expect((await call('DELETE', `/api/v1/markups/${markup._id}`, admin)).statusCode).toBe(204);
    expect((await quote(t.app, quoteBody, user)).options.find((o) => o.service_id === ampm)!.total_amount).toBe(222.88);
    expect((await call('DELETE', `/api/v1/markups/${markup._id}`, admin)).statusCode).toBe(404);
  });

  it('refuses a margin for an account or a service that does not exist', async () => {
    const unknownUser = await call('PUT', '/api/v1/markups', admin, { user_id: '00000000-0000-4000-8000-000000000000', percent: 5 });
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.json()).toMatchObject({ code: 'carriers.unknown_user', errors: [{ path: 'user_id' }] });
    expect((await call('PUT', '/api/v1/markups', admin, { service_id: '00000000-0000-4000-8000-000000000000', percent: 5 })).statusCode).toBe(404);
    const tooMuch = await call('PUT', '/api/v1/markups', admin, { percent: 301 });
    expect(tooMuch.json<{ message: string }>().message).toContain('El porcentaje de margen debe ser como máximo 300 %.');
  });
});

describe('audit', () => {
  it('pages every change, newest first, with who, when, before and after', async () => {
    const res = await call('GET', '/api/v1/carrier-audit?limit=5', admin);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ docs: AuditEntry[]; count: number; page: number; pages: number; next: number | null }>();
    expect(page.docs).toHaveLength(5);
    expect(page.count).toBeGreaterThan(10);
    expect(page.next).toBe(2);
    const times = page.docs.map((d) => d.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.docs.every((d) => d.actor_id === admin.id)).toBe(true);
    const bad = await call('GET', '/api/v1/carrier-audit?entity=users', admin);
    expect(bad.statusCode).toBe(400);
  });
});

describe('several processes', () => {
  it('another process sees an admin change within its poll interval', async () => {
    const other = await buildApp({ config: testConfig({ ...adminEnv, TARIFFS_REFRESH_MS: '50' }), database: t.database });
    await other.ready();
    try {
      const id = await serviceId('TERRESTRE');
      const before = priceOf(await quote(other), 'TERRESTRE');
      expect(before).toBe(priceOf(await quote(), 'TERRESTRE'));
      await call('PATCH', `/api/v1/carrier-services/${id}`, admin, { enabled: false });
      const deadline = Date.now() + 3000;
      while (priceOf(await quote(other), 'TERRESTRE') !== undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(priceOf(await quote(other), 'TERRESTRE')).toBeUndefined();
      await call('PATCH', `/api/v1/carrier-services/${id}`, admin, { enabled: true });
    } finally {
      await other.close();
    }
  });
});
