import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CarrierApiError } from '../adapters/carrier-adapter.js';
import { failure, headlineOf, trackRequest as request } from '../adapters/tracking-adapter.testing.js';
import { createDhlExpressTrackingAdapter, dhlTrackingState } from './dhl-express-tracking.js';
import { DHL_FAKE_CREDENTIALS, startDhlFake, type DhlFake } from './dhl-express.fake.js';

let dhl: DhlFake;
beforeAll(async () => {
  dhl = await startDhlFake();
});
afterAll(async () => {
  await dhl.close();
});
beforeEach(() => {
  dhl.mode = { kind: 'ok' };
});

const dhlAdapter = (apiSecret = DHL_FAKE_CREDENTIALS.apiSecret) =>
  createDhlExpressTrackingAdapter({ baseUrl: dhl.baseUrl, ...DHL_FAKE_CREDENTIALS, apiSecret });

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
