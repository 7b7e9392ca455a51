import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { headlineFor, routeForService } from '@envios/contracts/tracking-rules';
import type { CarrierCode } from '@envios/contracts/carriers';
import { parseEnv } from '../../../config/env.js';
import { CarrierApiError } from './carrier-adapter.js';
import { createDhlExpressTrackingAdapter, dhlTrackingState } from './dhl-express-tracking.js';
import { createEstafetaTrackingAdapter, estafetaPublicUrl } from './estafeta-tracking.js';
import { createFedexClient } from './fedex.js';
import { createFedexTrackingAdapter, fedexTrackingState } from './fedex-tracking.js';
import { createSandboxTrackingAdapter, DEFAULT_SANDBOX_STEPS, sandboxTrackingEvents } from './sandbox-tracking.js';
import type { CarrierTracking, TrackRequest } from './tracking-adapter.js';
import { trackingAdaptersFromConfig } from './tracking-adapters.js';
import { DHL_FAKE_CREDENTIALS, startDhlFake, type DhlFake } from './fakes/dhl-express.fake.js';
import { FEDEX_FAKE_CREDENTIALS, startFedexFake, type FedexFake } from './fakes/fedex.fake.js';

let dhl: DhlFake;
let fedex: FedexFake;
beforeAll(async () => {
  [dhl, fedex] = await Promise.all([startDhlFake(), startFedexFake()]);
});
afterAll(async () => {
  await Promise.all([dhl.close(), fedex.close()]);
});
beforeEach(() => {
  dhl.mode = { kind: 'ok' };
  fedex.mode = { kind: 'ok' };
});

const HOUR = 3_600_000;
const issuedAt = new Date('2026-01-15T16:00:00.000Z');

function request(guideNumber: string, overrides: Partial<TrackRequest> = {}): TrackRequest {
  return { guideNumber, issuedAt, now: new Date('2026-01-20T00:00:00.000Z'), serviceName: null, ...overrides };
}

const dhlAdapter = (apiSecret = DHL_FAKE_CREDENTIALS.apiSecret) => createDhlExpressTrackingAdapter({ baseUrl: dhl.baseUrl, ...DHL_FAKE_CREDENTIALS, apiSecret });
const fedexAdapter = () => createFedexTrackingAdapter(createFedexClient({ baseUrl: fedex.url, ...FEDEX_FAKE_CREDENTIALS }));
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e);
const headlineOf = (route: Parameters<typeof headlineFor>[0], t: CarrierTracking | null) =>
  headlineFor(route, t?.events.map((e) => ({ status: e.description, state: e.state, code: e.code })) ?? []);

describe('DHL Express tracking (MyDHL GET /shipments/{awb}/tracking) against the fake', () => {
  it('reads a test waybill: events oldest first with states, cities, pieces', async () => {
    const t = await dhlAdapter().track(request('9356579890'), AbortSignal.timeout(5000));
    expect(t).not.toBeNull();
    expect(t!.events.map((e) => [e.code, e.state])).toEqual([
      ['PU', 'picked_up'],
      ['DF', 'in_transit'],
      ['AR', 'in_transit'],
      ['WC', 'out_for_delivery'],
      ['OK', 'delivered'],
    ]);
    expect(t!.events[0]).toMatchObject({ description: 'Shipment picked up', location: 'MEXICO CITY', piece: null });
    // 10:15 at GMT-06:00.
    expect(t!.events[0]!.occurredAt.toISOString()).toBe('2026-01-12T16:15:00.000Z');
    expect(t!).toMatchObject({ shipperCity: 'MEXICO CITY', consigneeCity: 'MONTERREY', pieces: 2, publicUrl: null });
    expect(headlineOf('dhl', t)).toBe('Envío entregado');

    const request0 = dhl.requests.at(-1)!;
    expect(request0.method).toBe('GET');
    expect(request0.path).toBe('/mydhlapi/shipments/9356579890/tracking?trackingView=all-checkpoints&levelOfDetail=shipment');
    expect(request0.headers['x-version']).toBe('3.1.0');
    expect(request0.headers.authorization).toBe(`Basic ${Buffer.from(`${DHL_FAKE_CREDENTIALS.apiKey}:${DHL_FAKE_CREDENTIALS.apiSecret}`).toString('base64')}`);
  });

  it('maps in-transit and failed-delivery waybills', async () => {
    const transit = await dhlAdapter().track(request('4818240420'), AbortSignal.timeout(5000));
    expect(transit!.events.at(-1)!.state).toBe('in_transit');
    expect(headlineOf('dhl', transit)).toBe('Envío en tránsito');
    const failed = await dhlAdapter().track(request('5584773180'), AbortSignal.timeout(5000));
    expect(failed!.events.at(-1)).toMatchObject({ code: 'NH', state: 'delivery_failed' });
  });

  it('answers null for an unknown waybill (DHL 404), which heads "Guía creada" (no carrier event yet)', async () => {
    const t = await dhlAdapter().track(request('1234567890'), AbortSignal.timeout(5000));
    expect(t).toBeNull();
    expect(headlineOf('dhlApi', t)).toBe('Guía creada');
  });

  it('throws CarrierApiError when DHL fails (5xx), refuses the credentials or hangs past the signal', async () => {
    dhl.mode = { kind: 'error', status: 503 };
    const down = await failure(dhlAdapter().track(request('9356579890'), AbortSignal.timeout(5000)));
    expect(down).toBeInstanceOf(CarrierApiError);
    expect(down).toMatchObject({ carrierCode: 'dhl', status: 503 });

    dhl.mode = { kind: 'ok' };
    const auth = await failure(dhlAdapter('otra').track(request('9356579890'), AbortSignal.timeout(5000)));
    expect(auth).toMatchObject({ name: 'CarrierApiError', status: 401 });

    dhl.mode = { kind: 'hang' };
    const started = Date.now();
    const timeout = await failure(dhlAdapter().track(request('9356579890'), AbortSignal.timeout(150)));
    expect(timeout).toMatchObject({ name: 'CarrierApiError', status: 0, code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('maps every code of the reference table', () => {
    const table: Record<string, string> = {
      PU: 'picked_up',
      SA: 'in_transit',
      PL: 'in_transit',
      AF: 'in_transit',
      DF: 'in_transit',
      AR: 'in_transit',
      FD: 'in_transit',
      TR: 'in_transit',
      TP: 'in_transit',
      IC: 'in_transit',
      CR: 'in_transit',
      BN: 'in_transit',
      BR: 'in_transit',
      MS: 'in_transit',
      MC: 'in_transit',
      SC: 'in_transit',
      PY: 'in_transit',
      CS: 'in_transit',
      RR: 'in_transit',
      SM: 'in_transit',
      AD: 'in_transit',
      CD: 'on_hold',
      UD: 'on_hold',
      HP: 'on_hold',
      CC: 'on_hold',
      OH: 'on_hold',
      SS: 'on_hold',
      WC: 'out_for_delivery',
      OK: 'delivered',
      PD: 'delivered',
      DD: 'delivered',
      NH: 'delivery_failed',
      BA: 'delivery_failed',
      RD: 'delivery_failed',
      CA: 'delivery_failed',
      CM: 'delivery_failed',
      MD: 'delivery_failed',
      ND: 'delivery_failed',
      RT: 'return_to_sender',
      DS: 'cancelled',
      ZZ: 'unknown',
    };
    for (const [code, state] of Object.entries(table)) expect(dhlTrackingState(code), code).toBe(state);
    expect(dhlTrackingState(undefined)).toBe('unknown');
  });
});

describe('FedEx tracking (POST /track/v1/trackingnumbers) against the fake', () => {
  it('reads a known number: scans oldest first, derived codes kept, cities and pieces', async () => {
    const t = await fedexAdapter().track(request('128667043726'), AbortSignal.timeout(5000));
    expect(t!.events.map((e) => [e.code, e.state])).toEqual([
      ['IN', 'pending'],
      ['PU', 'picked_up'],
      ['IT', 'in_transit'],
      ['IT', 'out_for_delivery'],
      ['DL', 'delivered'],
    ]);
    expect(t!.events.at(-1)).toMatchObject({ description: 'Delivered', location: 'QUERETARO' });
    expect(t!.events.at(-1)!.occurredAt.toISOString()).toBe('2026-01-13T18:40:00.000Z');
    expect(t!).toMatchObject({ shipperCity: 'CIUDAD DE MEXICO', consigneeCity: 'QUERETARO', pieces: 1, publicUrl: null });
    expect(headlineOf('fedex', t)).toBe('Delivered');
    const body = JSON.parse(fedex.requests.at(-1)!.body) as unknown;
    expect(body).toEqual({ includeDetailedScans: true, trackingInfo: [{ trackingNumberInfo: { trackingNumber: '128667043726' } }] });
    expect(fedex.requests.at(-1)!.headers.authorization).toMatch(/^Bearer fake-token-/);
  });

  it('heads an in-transit number "En recolección"', async () => {
    const t = await fedexAdapter().track(request('794953555571'), AbortSignal.timeout(5000));
    expect(t!.pieces).toBe(2);
    expect(headlineOf('fedex', t)).toBe('En recolección');
  });

  it('answers null for an unknown number reported inside a 200', async () => {
    expect(await fedexAdapter().track(request('999999999999'), AbortSignal.timeout(5000))).toBeNull();
  });

  it('throws CarrierApiError when FedEx is down (5xx) or hangs past the signal', async () => {
    const adapter = fedexAdapter();
    fedex.mode = { kind: 'error', status: 503 };
    const down = await failure(adapter.track(request('128667043726'), AbortSignal.timeout(5000)));
    expect(down).toMatchObject({ name: 'CarrierApiError', carrierCode: 'fedex', status: 503 });

    fedex.mode = { kind: 'hang' };
    const timeout = await failure(adapter.track(request('128667043726'), AbortSignal.timeout(150)));
    expect(timeout).toMatchObject({ name: 'CarrierApiError', status: 0, code: 'timeout' });
  });

  it('maps the reference codes (eventType first, then the derived code)', () => {
    const table: Record<string, string> = {
      OC: 'pending',
      AP: 'pending',
      EP: 'pending',
      PU: 'picked_up',
      PX: 'picked_up',
      OF: 'in_transit',
      AR: 'in_transit',
      AF: 'in_transit',
      DP: 'in_transit',
      IT: 'in_transit',
      IX: 'in_transit',
      LO: 'in_transit',
      SF: 'in_transit',
      FD: 'in_transit',
      AA: 'in_transit',
      EA: 'in_transit',
      PL: 'in_transit',
      PF: 'in_transit',
      CC: 'in_transit',
      CP: 'in_transit',
      CH: 'in_transit',
      TR: 'in_transit',
      PM: 'in_transit',
      SP: 'in_transit',
      DD: 'in_transit',
      DY: 'in_transit',
      PD: 'in_transit',
      OD: 'out_for_delivery',
      ED: 'out_for_delivery',
      AD: 'out_for_delivery',
      DL: 'delivered',
      DE: 'delivery_failed',
      SE: 'on_hold',
      HL: 'on_hold',
      HP: 'on_hold',
      CD: 'on_hold',
      CA: 'cancelled',
      RS: 'return_to_sender',
    };
    for (const [code, state] of Object.entries(table)) expect(fedexTrackingState(code), code).toBe(state);
    expect(fedexTrackingState('??', 'IN')).toBe('pending');
    expect(fedexTrackingState(undefined, 'RL')).toBe('in_transit');
    expect(fedexTrackingState(undefined)).toBe('unknown');
  });
});

describe('Estafeta', () => {
  it('answers its public tracking page and no events', async () => {
    const t = await createEstafetaTrackingAdapter().track(request('8055400260290708243581'), AbortSignal.timeout(5000));
    expect(t).toEqual({
      events: [],
      shipperCity: null,
      consigneeCity: null,
      pieces: null,
      publicUrl: 'https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=8055400260290708243581&wayBillType=0&isShipmentDetail=False',
    });
    expect(estafetaPublicUrl('5095432110')).toContain('wayBill=5095432110&wayBillType=1');
    expect(headlineOf('estafeta', t)).toBe('Guía creada');
  });
});

describe('sandbox tracking schedule', () => {
  const exact = { jitterMs: 0, transitDays: 2 };
  const cities = { originCity: 'Guadalajara', destinationCity: 'Monterrey' };

  it('picks up 2 h after issue, in transit +6 h, out for delivery + transit days, delivered +4 h', () => {
    const events = sandboxTrackingEvents('dhl', { guideNumber: 'SBX1234567', issuedAt, ...cities }, exact);
    expect(events.map((e) => [e.state, (e.occurredAt.getTime() - issuedAt.getTime()) / HOUR, e.location])).toEqual([
      ['picked_up', 2, 'Guadalajara'],
      ['in_transit', 8, 'Guadalajara'],
      ['out_for_delivery', 56, 'Monterrey'],
      ['delivered', 60, 'Monterrey'],
    ]);
  });

  it('answers only what happened by now, the same way every time for a guide', async () => {
    const adapter = createSandboxTrackingAdapter('dhl', exact);
    const at = async (hours: number) => adapter.track(request('SBX1234567', { now: new Date(issuedAt.getTime() + hours * HOUR), ...cities }), AbortSignal.timeout(1000));
    expect((await at(1))!.events).toEqual([]);
    // Nothing reported yet: 'Guía creada' on every route.
    expect(headlineOf('dhl', await at(1))).toBe('Guía creada');
    expect(headlineOf('dhlApi', await at(1))).toBe('Guía creada');
    expect(headlineOf('dhl', await at(3))).toBe('Envío Recolectado');
    expect(headlineOf('dhl', await at(10))).toBe('Envío en tránsito');
    expect(headlineOf('dhl', await at(57))).toBe('Envío en tránsito');
    expect(headlineOf('dhl', await at(61))).toBe('Envío entregado');
    expect(await at(61)).toEqual(await at(61));
    expect((await at(61))!).toMatchObject({ shipperCity: 'Guadalajara', consigneeCity: 'Monterrey', pieces: null, publicUrl: null });
    expect(adapter.sandbox).toBe(true);
  });

  it('is deterministic per guide with the default jitter and transit days, and differs between guides', () => {
    const a1 = sandboxTrackingEvents('fedex', { guideNumber: 'SBX0000001', issuedAt });
    const a2 = sandboxTrackingEvents('fedex', { guideNumber: 'SBX0000001', issuedAt });
    const b = sandboxTrackingEvents('fedex', { guideNumber: 'SBX0000002', issuedAt });
    expect(a1).toEqual(a2);
    expect(a1.map((e) => e.occurredAt.getTime())).not.toEqual(b.map((e) => e.occurredAt.getTime()));
    for (const events of [a1, b]) {
      const first = events[0]!.occurredAt.getTime() - issuedAt.getTime();
      expect(first).toBeGreaterThanOrEqual(DEFAULT_SANDBOX_STEPS.pickupAfterMs);
      expect(first).toBeLessThanOrEqual(DEFAULT_SANDBOX_STEPS.pickupAfterMs + DEFAULT_SANDBOX_STEPS.jitterMs);
      const transit = events[2]!.occurredAt.getTime() - events[1]!.occurredAt.getTime();
      expect(transit).toBeGreaterThanOrEqual(24 * HOUR);
      expect(transit).toBeLessThanOrEqual(3 * 24 * HOUR + DEFAULT_SANDBOX_STEPS.jitterMs);
    }
  });

  it("gives each carrier's headline texts through the spec's rules", () => {
    const final = (code: CarrierCode, route: Parameters<typeof headlineFor>[0], step: number) => {
      const events = sandboxTrackingEvents(code, { guideNumber: 'SBX7777777', issuedAt }, exact).slice(0, step);
      return headlineFor(route, events.map((e) => ({ status: e.description, state: e.state, code: e.code })));
    };
    expect([1, 2, 3, 4].map((n) => final('fedex', 'fedex', n))).toEqual(['En recolección', 'En recolección', 'En recolección', 'Entregado']);
    expect([0, 1, 4].map((n) => final('estafeta', 'estafeta', n))).toEqual(['Guía creada', 'Recolección en oficina por ruta local', 'Entregado']);
    expect([0, 3, 4].map((n) => final('ampm', 'ampm', n))).toEqual(['Guía creada', 'En ruta de entrega', 'Entregado']);
    expect([0, 2].map((n) => final('redpack', 'redpack', n))).toEqual(['Guía creada', 'En tránsito']);
    expect([1, 4].map((n) => final('dhl', routeForService('dhl', 'ECONOMY SELECT DOMESTIC'), n))).toEqual(['Envío Recolectado', 'Envío entregado']);
  });
});

describe('trackingAdaptersFromConfig', () => {
  const configured = () =>
    parseEnv({
      NODE_ENV: 'test',
      DHL_API_URL: dhl.baseUrl,
      DHL_API_KEY: DHL_FAKE_CREDENTIALS.apiKey,
      DHL_API_SECRET: DHL_FAKE_CREDENTIALS.apiSecret,
      DHL_ACCOUNT_NUMBER: DHL_FAKE_CREDENTIALS.accountNumber,
      FEDEX_API_URL: fedex.url,
      FEDEX_CLIENT_ID: FEDEX_FAKE_CREDENTIALS.clientId,
      FEDEX_CLIENT_SECRET: FEDEX_FAKE_CREDENTIALS.clientSecret,
      FEDEX_ACCOUNT_NUMBER: FEDEX_FAKE_CREDENTIALS.accountNumber,
    });

  it('is all sandbox without credentials: every guide is simulated', async () => {
    const adapters = trackingAdaptersFromConfig(parseEnv({ NODE_ENV: 'test' }));
    expect(Object.keys(adapters).sort()).toEqual(['ampm', 'dhl', 'estafeta', 'fedex', 'redpack']);
    expect(Object.values(adapters).every((a) => a.sandbox)).toBe(true);
    for (const a of Object.values(adapters)) {
      const t = await a.track(request('SBX1234567'), AbortSignal.timeout(1000));
      expect(t!.events.map((e) => e.state), a.carrierCode).toEqual(['picked_up', 'in_transit', 'out_for_delivery', 'delivered']);
    }
  });

  it('asks DHL and FedEx for real guides when configured, and simulates sandbox guides anyway', async () => {
    const adapters = trackingAdaptersFromConfig(configured());
    expect(adapters.dhl.sandbox).toBe(false);
    expect(adapters.fedex.sandbox).toBe(false);
    expect(adapters.estafeta.sandbox).toBe(true);
    const before = dhl.requests.length;
    const real = await adapters.dhl.track(request('9356579890', { sandbox: false }), AbortSignal.timeout(5000));
    expect(real!.events.at(-1)!.code).toBe('OK');
    expect(await adapters.fedex.track(request('999999999999'), AbortSignal.timeout(5000))).toBeNull();
    const simulated = await adapters.dhl.track(request('0000000001', { sandbox: true }), AbortSignal.timeout(5000));
    expect(simulated!.events[0]!.description).toBe('El envío fue recolectado.');
    expect(dhl.requests.length).toBe(before + 1);
  });

  it('never invents events for a real guide of a carrier without an API', async () => {
    const adapters = trackingAdaptersFromConfig(parseEnv({ NODE_ENV: 'test' }));
    const estafeta = await adapters.estafeta.track(request('8055400260290708243581', { sandbox: false }), AbortSignal.timeout(1000));
    expect(estafeta).toMatchObject({ events: [], publicUrl: estafetaPublicUrl('8055400260290708243581') });
    const redpack = await adapters.redpack.track(request('123456789', { sandbox: false }), AbortSignal.timeout(1000));
    expect(redpack).toMatchObject({ events: [], publicUrl: 'https://www.redpack.com.mx/es/rastreo/?guias=123456789' });
    const ampm = await adapters.ampm.track(request('AMPM123456', { sandbox: false }), AbortSignal.timeout(1000));
    expect(ampm).toMatchObject({ events: [], publicUrl: null });
  });
});
