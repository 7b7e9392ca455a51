import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierAdmin } from '@envios/contracts/carriers';
import { quoteResponseSchema, type QuoteResponse } from '@envios/contracts/quotes';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { DHL_FAKE_CREDENTIALS, dhlFakePrice, startDhlFake, type DhlFake } from '../carriers/dhl/dhl-express.fake.js';
import { FEDEX_FAKE_CREDENTIALS, startFedexFake, type FedexFake } from '../carriers/fedex/fedex.fake.js';

const body = {
  origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Jalisco, Guadalajara', suburb: 'Guadalajara Centro' },
  destination_direction: { country_code: 'MX', postal_code: '06600', city: 'Ciudad de México', suburb: 'Juárez', state_short: 'CDMX' },
  parcels: [{ depth: 15, width: 30, height: 20, weight: 3 }],
  package_type: 'box',
  cantidadGuias: 1,
};

type Body = Record<string, unknown>;

function post(t: TestApp, payload: Body, who?: SignedIn) {
  return t.app.inject({ method: 'POST', url: '/api/v1/quoting', payload, headers: who?.headers ?? {} });
}

describe('POST /api/v1/quoting on our tariffs', () => {
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

  it('a visitor quotes 44100 → 06600 and compares every carrier, cheapest first', async () => {
    const res = await post(t, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json<QuoteResponse>();
    expect(new Set(answer.options.map((o) => o.carrier))).toEqual(new Set(['DHL', 'Redpack', 'FedEx', 'AM/PM', 'Estafeta']));
    const totals = answer.options.map((o) => o.total_amount);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(answer).toMatchObject({ guides: 1, unavailable_carriers: [] });
    expect(answer.quoted_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const option = answer.options[0]!;
    expect(Object.keys(option).sort()).toEqual(
      [
        'billable_weight_kg',
        'carrier',
        'carrier_code',
        'carrier_logo_url',
        'carrier_logo_url_svg',
        'carrier_service_name',
        'currency',
        'date',
        'estimated_delivery',
        'guides',
        'is_remote',
        'net_total_amount',
        'overweight_amount',
        'price_per_guide',
        'service_id',
        'services',
        'source',
        'total_amount',
        'total_transit_days',
        'transit_text',
      ].sort(),
    );
    expect(option.date <= option.estimated_delivery).toBe(true);
  });

  it('the same quote again answers the same options (kept per catalogue version), in the contract’s exact shape', async () => {
    const first = await post(t, body);
    const again = await post(t, body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    const a = first.json<QuoteResponse>();
    const b = again.json<QuoteResponse>();
    expect(b.options).toEqual(a.options);
    // Nothing beyond the contract leaves: zod's parse drops unknown keys, so equality means none.
    expect(quoteResponseSchema.parse(b)).toEqual(b);
    // Another parcel is another answer, not the cached one.
    const heavier = (await post(t, { ...body, parcels: [{ depth: 15, width: 30, height: 20, weight: 9 }] })).json<QuoteResponse>();
    expect(heavier.options[0]!.total_amount).toBeGreaterThan(a.options[0]!.total_amount);
  });

  it('the same body text is read once; malformed, poisoned or invalid bodies are still refused every time', async () => {
    const text = JSON.stringify(body);
    const send = (payload: string) => t.app.inject({ method: 'POST', url: '/api/v1/quoting', payload, headers: { 'content-type': 'application/json' } });
    const a = await send(text);
    const b = await send(text);
    expect(a.statusCode).toBe(200);
    expect(b.json<QuoteResponse>().options).toEqual(a.json<QuoteResponse>().options);
    const zero = JSON.stringify({ ...body, parcels: [{ depth: 0, width: 30, height: 20, weight: 3 }] });
    for (let i = 0; i < 2; i++) {
      const res = await send(zero);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('parcels.0.depth');
    }
    expect((await send(text.slice(0, -1))).statusCode).toBe(400);
    const poisoned = await send(text.replace('{', '{"__proto__":{"admin":true},'));
    expect(poisoned.statusCode).toBe(400);
    expect((await send(text)).statusCode).toBe(200);
  });

  it("quotes a document (sobre) sent as the spec's table names it: package_type document and only a weight, with the 25 × 1 × 1 cm preset", async () => {
    const weightOnly = await post(t, { ...body, package_type: 'document', parcels: [{ weight: 0.5 }] });
    expect(weightOnly.statusCode, weightOnly.body).toBe(200);
    const answer = weightOnly.json<QuoteResponse>();
    expect(answer.options.length).toBeGreaterThan(0);
    expect(answer.options[0]!.services[0]!.service_name).toMatch(/^Tarifa de sobre/);
    // The same answer as the home form's body, which sends the preset measures.
    const withPreset = (await post(t, { ...body, package_type: 'document', parcels: [{ width: 25, height: 1, depth: 1, weight: 0.5 }] })).json<QuoteResponse>();
    expect(withPreset.options.map((o) => [o.service_id, o.total_amount])).toEqual(answer.options.map((o) => [o.service_id, o.total_amount]));
    // A box still needs its measures, each named.
    const box = await post(t, { ...body, parcels: [{ weight: 0.5 }] });
    expect(box.statusCode).toBe(400);
    expect(box.json<{ errors: { path: string; message: string }[] }>().errors).toEqual(
      expect.arrayContaining([
        { path: 'parcels.0.depth', message: 'El ancho es obligatorio.' },
        { path: 'parcels.0.width', message: 'El largo es obligatorio.' },
        { path: 'parcels.0.height', message: 'El alto es obligatorio.' },
      ]),
    );
  });

  it('repeats the parcels to the number of guides and multiplies the price', async () => {
    const one = (await post(t, body)).json<QuoteResponse>();
    const five = (await post(t, { ...body, cantidadGuias: 5 })).json<QuoteResponse>();
    const of = (a: QuoteResponse) => a.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC')!;
    expect(of(five)).toMatchObject({ guides: 5, price_per_guide: of(one).price_per_guide, billable_weight_kg: 15 });
    expect(Math.round(of(five).total_amount * 100)).toBe(Math.round(of(one).total_amount * 100) * 5);
    expect(of(five).services[0]).toMatchObject({ quantity: 5 });
  });

  it('a signed-in customer and an admin quote too; each gets their own margin', async () => {
    const markup = await t.app.inject({ method: 'PUT', url: '/api/v1/markups', headers: admin.headers, payload: { user_id: user.id, percent: 0 } });
    expect(markup.statusCode, markup.body).toBe(200);
    const mine = (await post(t, body, user)).json<QuoteResponse>();
    const visitor = (await post(t, body)).json<QuoteResponse>();
    const asAdmin = await post(t, body, admin);
    expect(asAdmin.statusCode).toBe(200);
    const price = (a: QuoteResponse) => a.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC')!.total_amount;
    expect(price(mine)).toBe(249);
    expect(price(visitor)).toBe(278.88);
    expect(price(asAdmin.json<QuoteResponse>())).toBe(278.88);
  });

  it('an expired or unknown session quotes as a visitor instead of failing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/quoting',
      payload: body,
      headers: { authorization: 'Bearer token-que-no-existe-en-la-base' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('an admin changes a tariff and the next quote shows it', async () => {
    const carriers = (await t.app.inject({ method: 'GET', url: '/api/v1/carriers/all', headers: admin.headers })).json<{ carriers: CarrierAdmin[] }>().carriers;
    const id = carriers.flatMap((c) => c.services).find((s) => s.name === 'Envío Express')!._id;
    const table = (await t.app.inject({ method: 'GET', url: `/api/v1/carrier-services/${id}/tariffs`, headers: admin.headers })).json<{
      rows: { _id: string; zone: string; min_kg: number }[];
    }>();
    const row = table.rows.find((r) => r.zone === 'regional' && r.min_kg === 1)!;
    const before = (await post(t, body)).json<QuoteResponse>().options.find((o) => o.carrier_service_name === 'Envío Express')!.total_amount;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/carrier-services/${id}/tariffs/${row._id}`,
      headers: admin.headers,
      payload: { base_price: 100 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await post(t, body)).json<QuoteResponse>().options.find((o) => o.carrier_service_name === 'Envío Express')!.total_amount;
    expect(before).toBe(245.28);
    expect(after).toBe(112);
  });

  describe('bad inputs answer 400 in Spanish, naming the field', () => {
    const cases: [string, Body, string, RegExp][] = [
      ['a zero measure', { ...body, parcels: [{ ...body.parcels[0], height: 0 }] }, 'parcels.0.height', /El alto debe ser mayor que 0 cm/],
      ['a negative weight', { ...body, parcels: [{ ...body.parcels[0], weight: -2 }] }, 'parcels.0.weight', /El peso debe ser mayor que 0 kg/],
      ['an absurd measure', { ...body, parcels: [{ ...body.parcels[0], width: 5000 }] }, 'parcels.0.width', /El largo debe ser como máximo 300 cm/],
      ['a measure that is not a number', { ...body, parcels: [{ ...body.parcels[0], depth: 'mucho' }] }, 'parcels.0.depth', /El ancho debe ser un número/],
      [
        'a weight above every service',
        { ...body, parcels: [{ ...body.parcels[0], weight: 1500 }] },
        'parcels.0.weight',
        /pesa 1500 kg y supera el máximo de 1000 kg/,
      ],
      ['a size above every service', { ...body, parcels: [{ depth: 300, width: 300, height: 300, weight: 1 }] }, 'parcels.0', /peso volumétrico/],
      [
        'an unknown postal code',
        { ...body, destination_direction: { country_code: 'MX', postal_code: '99999' } },
        'destination_direction.postal_code',
        /«99999» no existe/,
      ],
      [
        'a non-numeric postal code',
        { ...body, origin_direction: { country_code: 'MX', postal_code: 'ABCDE' } },
        'origin_direction.postal_code',
        /«ABCDE» no es válido para México/,
      ],
      [
        'a missing postal code',
        { ...body, origin_direction: { country_code: 'MX', postal_code: '' } },
        'origin_direction.postal_code',
        /código postal de origen es obligatorio/,
      ],
      ['1000 guides', { ...body, cantidadGuias: 1000 }, 'cantidadGuias', /número de guías debe ser como máximo 100/],
      ['zero guides', { ...body, cantidadGuias: 0 }, 'cantidadGuias', /al menos 1/],
      ['more parcels than guides', { ...body, parcels: [body.parcels[0], body.parcels[0]] }, 'cantidadGuias', /Cada guía lleva un paquete/],
      ['an unknown package type', { ...body, package_type: 'caja' }, 'package_type', /sobre, paquete o tarima/],
      ['no parcels', { ...body, parcels: [] }, 'parcels', /Agrega al menos un paquete/],
      [
        'an origin abroad',
        { ...body, origin_direction: { country_code: 'US', postal_code: '90210' } },
        'origin_direction.country_code',
        /solo enviamos desde México/,
      ],
    ];

    for (const [what, payload, path, message] of cases) {
      it(`refuses ${what}`, async () => {
        const res = await post(t, payload);
        expect(res.statusCode, res.body).toBe(400);
        const error = res.json<{ message: string; code: string; errors: { path: string; message: string }[] }>();
        expect(error.errors.map((e) => e.path)).toContain(path);
        expect(error.message).toMatch(message);
        expect(error.message).not.toMatch(/\b(depth|width|height|weight|postal_code|cantidadGuias)\b:/);
      });
    }

    it('refuses a body that is not JSON', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/quoting', payload: '{"origin', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/La solicitud no es válida/);
    });
  });
});

describe('POST /api/v1/quoting with the caller’s unpaid overweight', () => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ env: adminEnv, deps: { overweightOwed: async () => 85_40 } });
    user = await createSignedInUser(t.app, await signInAdmin(t.app));
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds it once to every option of a signed-in customer, never to a visitor', async () => {
    const mine = (await post(t, { ...body, cantidadGuias: 2 }, user)).json<QuoteResponse>();
    for (const o of mine.options) {
      expect(o.overweight_amount).toBe(85.4);
      expect(Math.round(o.total_amount * 100)).toBe(Math.round(o.price_per_guide! * 100) * 2 + 85_40);
      expect(o.services.at(-1)).toEqual({ code: 'overweight', service_name: 'Sobrepeso de envíos anteriores', price: 85.4, quantity: 1, amount: 85.4 });
    }
    const visitor = (await post(t, body)).json<QuoteResponse>();
    expect(visitor.options.every((o) => o.overweight_amount === 0)).toBe(true);
  });
});

describe('POST /api/v1/quoting with DHL and FedEx live rating configured (local fakes)', () => {
  // Long enough for a first ask (token and rate) on a busy CI machine, short enough that the
  // hanging carrier's test still shows the answer does not wait for it.
  const TIMEOUT_MS = 1_500;
  let t: TestApp;
  let dhl: DhlFake;
  let fedex: FedexFake;

  beforeAll(async () => {
    dhl = await startDhlFake();
    fedex = await startFedexFake();
    t = await createTestApp({
      env: {
        ...adminEnv,
        CARRIER_RATE_TIMEOUT_MS: String(TIMEOUT_MS),
        DHL_API_URL: dhl.baseUrl,
        DHL_API_KEY: DHL_FAKE_CREDENTIALS.apiKey,
        DHL_API_SECRET: DHL_FAKE_CREDENTIALS.apiSecret,
        DHL_ACCOUNT_NUMBER: DHL_FAKE_CREDENTIALS.accountNumber,
        FEDEX_API_URL: fedex.url,
        FEDEX_CLIENT_ID: FEDEX_FAKE_CREDENTIALS.clientId,
        FEDEX_CLIENT_SECRET: FEDEX_FAKE_CREDENTIALS.clientSecret,
        FEDEX_ACCOUNT_NUMBER: FEDEX_FAKE_CREDENTIALS.accountNumber,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await dhl.close();
    await fedex.close();
  });

  it('prices the API services with the carriers’ live rates plus our margin, the rest from tariffs', async () => {
    dhl.mode = { kind: 'ok' };
    fedex.mode = { kind: 'ok' };
    const answer = (await post(t, body)).json<QuoteResponse>();
    expect(answer.unavailable_carriers).toEqual([]);
    const express = answer.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC')!;
    const cost = Math.round(dhlFakePrice('N', { weight: 3, dimensions: { length: 30, width: 15, height: 20 } }) * 100);
    expect(express).toMatchObject({ source: 'api', total_amount: Math.round((cost * 112) / 100) / 100 });
    expect(answer.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC FLAT')!.source).toBe('tariffs');
    expect(answer.options.find((o) => o.carrier_service_name === 'FEDEX STANDARD OVERNIGHT')!.source).toBe('api');
    expect(answer.options.find((o) => o.carrier_service_name === 'Envío Express')!.source).toBe('tariffs');
    // Only the part of the city after its comma travels ('Jalisco, Guadalajara' → 'Guadalajara').
    const sent = JSON.parse(dhl.requests.at(-1)!.body) as { customerDetails: { shipperDetails: { cityName: string; postalCode: string } } };
    expect(sent.customerDetails.shipperDetails).toMatchObject({ cityName: 'Guadalajara', postalCode: '44100' });
    // The fake DHL does not answer Sprintline; FedEx does not answer 2DAY FREIGHT: not offered.
    expect(answer.options.map((o) => o.carrier_service_name)).not.toContain('FEDEX 2DAY FREIGHT');
  });

  it('with DHL hanging, the answer still arrives within DHL’s time limit and says DHL is unavailable', async () => {
    dhl.mode = { kind: 'hang' };
    fedex.mode = { kind: 'ok' };
    const started = performance.now();
    const res = await post(t, body);
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(200);
    // A loose bound for a shared test machine; the bench measures timeout + 50 ms.
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 500);
    const answer = res.json<QuoteResponse>();
    expect(answer.unavailable_carriers).toEqual([expect.objectContaining({ carrier_code: 'dhl', carrier: 'DHL', reason: 'timeout' })]);
    expect(answer.options.some((o) => o.carrier_code === 'fedex' && o.source === 'api')).toBe(true);
    expect(answer.options.some((o) => o.carrier_code === 'estafeta')).toBe(true);
    expect(answer.options.filter((o) => o.carrier_code === 'dhl').every((o) => o.source === 'tariffs')).toBe(true);
    dhl.mode = { kind: 'ok' };
  });

  it('with FedEx failing, FedEx is reported unavailable and everyone else answers', async () => {
    fedex.mode = { kind: 'error', status: 500 };
    const answer = (await post(t, body)).json<QuoteResponse>();
    expect(answer.unavailable_carriers).toEqual([
      {
        carrier_code: 'fedex',
        carrier: 'FedEx',
        reason: 'error',
        message: 'FedEx no está disponible en este momento; intenta cotizar de nuevo en unos minutos para ver sus opciones.',
      },
    ]);
    expect(answer.options.some((o) => o.carrier_code === 'dhl' && o.source === 'api')).toBe(true);
    fedex.mode = { kind: 'ok' };
  });

  it('the admin catalogue says which prices come from the carriers’ APIs', async () => {
    const admin = await signInAdmin(t.app);
    const { carriers } = (await t.app.inject({ method: 'GET', url: '/api/v1/carriers/all', headers: admin.headers })).json<{ carriers: CarrierAdmin[] }>();
    const dhlAdmin = carriers.find((c) => c.code === 'dhl')!;
    expect(dhlAdmin.api_configured).toBe(true);
    expect(carriers.find((c) => c.code === 'estafeta')!.api_configured).toBe(false);
    expect(dhlAdmin.services.find((s) => s.name === 'EXPRESS DOMESTIC')!.rate_source).toBe('api');
    expect(dhlAdmin.services.find((s) => s.name === 'EXPRESS DOMESTIC DINAMICA')!.rate_source).toBe('tariffs');
  });
});

describe('POST /api/v1/quoting: live carrier calls are limited per caller', () => {
  let t: TestApp;
  let dhl: DhlFake;

  beforeAll(async () => {
    dhl = await startDhlFake();
    t = await createTestApp({
      env: {
        ...adminEnv,
        LIVE_QUOTES_PER_MINUTE: '3',
        DHL_API_URL: dhl.baseUrl,
        DHL_API_KEY: DHL_FAKE_CREDENTIALS.apiKey,
        DHL_API_SECRET: DHL_FAKE_CREDENTIALS.apiSecret,
        DHL_ACCOUNT_NUMBER: DHL_FAKE_CREDENTIALS.accountNumber,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await dhl.close();
  });

  it('a visitor past the limit gets a 429 in Spanish and DHL is not called; a signed-in customer counts apart', async () => {
    for (let i = 0; i < 3; i++) expect((await post(t, body)).statusCode).toBe(200);
    const calls = dhl.requests.length;
    const refused = await post(t, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'request.rate_limited', message: expect.stringMatching(/^Demasiadas solicitudes\. Vuelve a intentarlo en /) });
    expect(dhl.requests.length).toBe(calls);
    const admin = await signInAdmin(t.app);
    expect((await post(t, body, admin)).statusCode).toBe(200);
  });
});
