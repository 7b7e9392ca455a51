import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.js';
import { trackRequest as request } from './adapters/tracking-adapter.testing.js';
import { guideIssuersFromConfig, trackingAdaptersFromConfig } from './carrier-adapters.js';
import { DHL_FAKE_CREDENTIALS, startDhlFake, type DhlFake } from './dhl/dhl-express.fake.js';
import { estafetaPublicUrl } from './estafeta/estafeta.carrier.js';
import { FEDEX_FAKE_CREDENTIALS, startFedexFake, type FedexFake } from './fedex/fedex.fake.js';

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

describe('guideIssuersFromConfig', () => {
  it('uses the sandbox issuer for every carrier unless its API is configured', () => {
    const bare = guideIssuersFromConfig(parseEnv({ NODE_ENV: 'test' }));
    expect(Object.values(bare).every((i) => i.sandbox)).toBe(true);
    expect(Object.keys(bare).sort()).toEqual(['ampm', 'dhl', 'estafeta', 'fedex', 'redpack']);
    const configured = guideIssuersFromConfig(
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
      }),
    );
    expect(configured.dhl.sandbox).toBe(false);
    expect(configured.fedex.sandbox).toBe(false);
    expect(configured.estafeta.sandbox).toBe(true);
    expect(configured.dhl.carrierCode).toBe('dhl');
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
      expect(
        t!.events.map((e) => e.state),
        a.carrierCode,
      ).toEqual(['picked_up', 'in_transit', 'out_for_delivery', 'delivered']);
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
