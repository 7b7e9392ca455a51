import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSnapshot } from '../../../testing/catalogue.js';
import { CarrierApiError, type RateRequest } from '../adapters/carrier-adapter.js';
import { createDhlExpressAdapter, createDhlExpressClient } from './dhl-express.js';
import { DHL_FAKE_CREDENTIALS, dhlFakePrice, startDhlFake, type DhlFake } from './dhl-express.fake.js';

let fake: DhlFake;
beforeAll(async () => {
  fake = await startDhlFake();
});
afterAll(async () => {
  await fake.close();
});

const snapshot = demoSnapshot();
const dhlServices = snapshot.services
  .filter((s) => s.carrierCode === 'dhl')
  .map((s) => ({
    id: s.id,
    name: s.name,
    externalCode: s.externalCode,
    maxWeightKg: s.maxWeightKg,
    volumetricDivisor: s.volumetricDivisor,
    documentPriceCentavos: s.documentPriceCentavos,
    transitDays: s.transitDays,
  }));
const idOf = (name: string) => dhlServices.find((s) => s.name === name)!.id;

function rateRequest(overrides: Partial<RateRequest> = {}): RateRequest {
  return {
    origin: { countryCode: 'MX', postalCode: '44100', city: 'Guadalajara', suburb: 'Guadalajara Centro', stateShort: 'JAL' },
    destination: { countryCode: 'MX', postalCode: '06600', city: 'Ciudad de México', suburb: 'Juárez', stateShort: 'CDMX' },
    scope: 'domestic',
    zone: 'regional',
    packageType: 'box',
    parcels: [{ parcel: { depth: 20, width: 30, height: 15, weight: 3 }, guides: 1 }],
    services: dhlServices.filter((s) => s.externalCode),
    shipDate: '2026-01-15',
    shipDateTimeLocal: '2026-01-15T11:15:00',
    insuredValueCentavos: undefined,
    destinationIsRemote: false,
    ...overrides,
  };
}

const adapter = (baseUrl = fake.baseUrl, apiSecret = DHL_FAKE_CREDENTIALS.apiSecret) =>
  createDhlExpressAdapter(createDhlExpressClient({ baseUrl, ...DHL_FAKE_CREDENTIALS, apiSecret }));

describe('DHL Express (MyDHL API) rates against a local fake', () => {
  it('rates each catalogue service by its product code with the BILLC price in MXN', async () => {
    fake.mode = { kind: 'ok' };
    const rates = await adapter().rate(rateRequest(), AbortSignal.timeout(5000));
    const byId = new Map(rates.map((r) => [r.serviceId, r]));
    const pkg = { weight: 3, dimensions: { length: 30, width: 20, height: 15 } };
    expect(byId.get(idOf('EXPRESS DOMESTIC'))).toEqual({
      serviceId: idOf('EXPRESS DOMESTIC'),
      transitDays: 1,
      costs: [{ billableKg: 3, baseCentavos: Math.round(dhlFakePrice('N', pkg) * 100), extraCentavos: 0, extraKg: 0, remoteCentavos: 0, isRemote: false }],
    });
    expect(byId.get(idOf('ECONOMY SELECT DOMESTIC'))!.transitDays).toBe(3);
    // Services without a product code, products we do not sell (9:00) and products DHL did not
    // answer (Sprintline) are not priced by the API.
    expect(byId.has(idOf('EXPRESS DOMESTIC DINAMICA'))).toBe(false);
    expect(byId.has(idOf('SAMEDAY SPRINTLINE'))).toBe(false);
    expect(rates.map((r) => r.serviceId).sort()).toEqual(
      [idOf('EXPRESS DOMESTIC 10:30'), idOf('EXPRESS DOMESTIC 12:00'), idOf('EXPRESS DOMESTIC'), idOf('ECONOMY SELECT DOMESTIC')].sort(),
    );
  });

  it('sends the documented request: Basic credentials, x-version, Message-Reference, account and planned time', async () => {
    fake.mode = { kind: 'ok' };
    await adapter().rate(rateRequest(), AbortSignal.timeout(5000));
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/mydhlapi/rates');
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from('dhl-clave:dhl-secreto').toString('base64')}`);
    expect(sent.headers['x-version']).toBe('3.1.0');
    expect(sent.headers['message-reference']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(sent.body)).toEqual({
      customerDetails: {
        shipperDetails: { postalCode: '44100', cityName: 'Guadalajara', countryCode: 'MX', countyName: 'Guadalajara Centro' },
        receiverDetails: { postalCode: '06600', cityName: 'Ciudad de México', countryCode: 'MX', countyName: 'Juárez' },
      },
      accounts: [{ typeCode: 'shipper', number: '123456789' }],
      plannedShippingDateAndTime: '2026-01-15T11:15:00GMT-06:00',
      unitOfMeasurement: 'metric',
      isCustomsDeclarable: false,
      packages: [{ weight: 3, dimensions: { length: 30, width: 20, height: 15 } }],
    });
  });

  it('declares customs and value abroad, and rates Express Worldwide', async () => {
    fake.mode = { kind: 'ok' };
    const rates = await adapter().rate(
      rateRequest({
        scope: 'international',
        zone: 'int-1',
        destination: { countryCode: 'US', postalCode: '90210', city: 'Beverly Hills', suburb: '', stateShort: '' },
        insuredValueCentavos: 250_000,
      }),
      AbortSignal.timeout(5000),
    );
    expect(rates.map((r) => r.serviceId)).toEqual([idOf('EXPRESS WORLDWIDE')]);
    const body = JSON.parse(fake.requests.at(-1)!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ isCustomsDeclarable: true, monetaryAmount: [{ typeCode: 'declaredValue', value: 2500, currency: 'MXN' }] });
  });

  it('prices each distinct parcel with its own request', async () => {
    fake.mode = { kind: 'ok' };
    const before = fake.requests.length;
    const rates = await adapter().rate(
      rateRequest({
        parcels: [
          { parcel: { depth: 10, width: 10, height: 10, weight: 1 }, guides: 2 },
          { parcel: { depth: 50, width: 50, height: 50, weight: 20 }, guides: 1 },
        ],
      }),
      AbortSignal.timeout(5000),
    );
    expect(fake.requests.length - before).toBe(2);
    expect(rates.find((r) => r.serviceId === idOf('EXPRESS DOMESTIC'))!.costs.map((c) => c.billableKg)).toEqual([1, 25]);
  });

  it('turns a carrier error into a CarrierApiError with its status and detail', async () => {
    fake.mode = { kind: 'error', status: 500 };
    const error = await adapter()
      .rate(rateRequest(), AbortSignal.timeout(5000))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierApiError);
    expect(error).toMatchObject({ carrierCode: 'dhl', status: 500, message: 'DHL respondió 500: Simulated failure' });
  });

  it('reports refused credentials', async () => {
    fake.mode = { kind: 'ok' };
    const error = await adapter(fake.baseUrl, 'otra')
      .rate(rateRequest(), AbortSignal.timeout(5000))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'DHL respondió 401: Invalid credentials' });
  });

  it('gives up when its signal fires while DHL hangs', async () => {
    fake.mode = { kind: 'hang' };
    const started = performance.now();
    const error = await adapter()
      .rate(rateRequest(), AbortSignal.timeout(100))
      .catch((e: unknown) => e);
    expect((error as Error).name).toMatch(/TimeoutError|AbortError/);
    expect(performance.now() - started).toBeLessThan(600);
    fake.mode = { kind: 'ok' };
  });

  it('waits for a slow DHL within its time limit', async () => {
    fake.mode = { kind: 'slow', delayMs: 150 };
    const rates = await adapter().rate(rateRequest(), AbortSignal.timeout(3000));
    expect(rates.length).toBeGreaterThan(0);
    fake.mode = { kind: 'ok' };
  });

  it('reports a DHL it cannot reach', async () => {
    const error = await adapter('http://127.0.0.1:9/mydhlapi')
      .rate(rateRequest(), AbortSignal.timeout(3000))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: 'No se pudo conectar con DHL.' });
  });
});
