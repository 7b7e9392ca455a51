import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, headlineOf, trackRequest as request } from '../adapters/tracking-adapter.testing.js';
import { createFedexClient } from './fedex.js';
import { createFedexTrackingAdapter, fedexTrackingState } from './fedex-tracking.js';
import { FEDEX_FAKE_CREDENTIALS, startFedexFake, type FedexFake } from './fedex.fake.js';

let fedex: FedexFake;
beforeAll(async () => {
  fedex = await startFedexFake();
});
afterAll(async () => {
  await fedex.close();
});
beforeEach(() => {
  fedex.mode = { kind: 'ok' };
});

const fedexAdapter = () => createFedexTrackingAdapter(createFedexClient({ baseUrl: fedex.url, ...FEDEX_FAKE_CREDENTIALS }));

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
