import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoSnapshot } from '../../../testing/catalogue.js';
import { CarrierApiError, type RateRequest } from '../adapters/carrier-adapter.js';
import { createFedexAdapter, createFedexClient, fedexTransitDays } from './fedex.js';
import { FEDEX_FAKE_CREDENTIALS, fedexFakePrice, startFedexFake, type FedexFake } from './fedex.fake.js';

let fake: FedexFake;
beforeAll(async () => {
  fake = await startFedexFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.mode = { kind: 'ok' };
});

const snapshot = demoSnapshot();
const services = snapshot.services
  .filter((s) => s.carrierCode === 'fedex')
  .map((s) => ({
    id: s.id,
    name: s.name,
    externalCode: s.externalCode,
    maxWeightKg: s.maxWeightKg,
    volumetricDivisor: s.volumetricDivisor,
    documentPriceCentavos: s.documentPriceCentavos,
    transitDays: s.transitDays,
  }));
const idOf = (name: string) => services.find((s) => s.name === name)!.id;

function rateRequest(overrides: Partial<RateRequest> = {}): RateRequest {
  return {
    origin: { countryCode: 'MX', postalCode: '44100', city: 'Guadalajara', suburb: '', stateShort: 'JAL' },
    destination: { countryCode: 'MX', postalCode: '06600', city: 'Ciudad de México', suburb: '', stateShort: 'CDMX' },
    scope: 'domestic',
    zone: 'regional',
    packageType: 'box',
    parcels: [{ parcel: { depth: 20, width: 30, height: 15, weight: 3 }, guides: 1 }],
    services,
    shipDate: '2026-01-15',
    shipDateTimeLocal: '2026-01-15T11:15:00',
    insuredValueCentavos: undefined,
    destinationIsRemote: false,
    ...overrides,
  };
}

const client = (clientSecret = FEDEX_FAKE_CREDENTIALS.clientSecret) => createFedexClient({ baseUrl: fake.url, ...FEDEX_FAKE_CREDENTIALS, clientSecret });

describe('FedEx (OAuth + Rate API) against a local fake', () => {
  it('signs in once, then rates each catalogue service by its serviceType with the ACCOUNT net charge', async () => {
    const issued = fake.tokensIssued;
    const fedex = createFedexAdapter(client());
    const rates = await fedex.rate(rateRequest(), AbortSignal.timeout(5000));
    await fedex.rate(rateRequest(), AbortSignal.timeout(5000));
    expect(fake.tokensIssued - issued).toBe(1);
    const pkg = { weight: 3, dimensions: { length: 30, width: 20, height: 15 } };
    expect(rates.find((r) => r.serviceId === idOf('FEDEX STANDARD OVERNIGHT'))).toEqual({
      serviceId: idOf('FEDEX STANDARD OVERNIGHT'),
      transitDays: 1,
      costs: [
        {
          billableKg: 3,
          baseCentavos: Math.round(fedexFakePrice('STANDARD_OVERNIGHT', pkg) * 100),
          extraCentavos: 0,
          extraKg: 0,
          remoteCentavos: 0,
          isRemote: false,
        },
      ],
    });
    expect(rates.find((r) => r.serviceId === idOf('FEDEX EXPRESS SAVER'))!.transitDays).toBe(3);
    // FIRST_OVERNIGHT is not in our catalogue; 2DAY FREIGHT is not answered by the fake.
    expect(rates).toHaveLength(2);
  });

  it('sends the documented token and rate requests', async () => {
    const fedex = createFedexAdapter(client());
    await fedex.rate(rateRequest(), AbortSignal.timeout(5000));
    const token = fake.requests.filter((r) => r.path === '/oauth/token').at(-1)!;
    expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'fedex-cliente',
      client_secret: 'fedex-secreto',
    });
    const rate = fake.requests.at(-1)!;
    expect(rate.path).toBe('/rate/v1/rates/quotes');
    expect(rate.headers.authorization).toMatch(/^Bearer fake-token-\d+$/);
    expect(JSON.parse(rate.body)).toEqual({
      accountNumber: { value: '740561073' },
      rateRequestControlParameters: { returnTransitTimes: true },
      requestedShipment: {
        shipper: { address: { postalCode: '44100', countryCode: 'MX', city: 'Guadalajara' } },
        recipient: { address: { postalCode: '06600', countryCode: 'MX', city: 'Ciudad de México', residential: false } },
        pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
        packagingType: 'YOUR_PACKAGING',
        rateRequestType: ['ACCOUNT', 'LIST'],
        preferredCurrency: 'MXN',
        shipDateStamp: '2026-01-15',
        requestedPackageLineItems: [{ weight: { units: 'KG', value: 3 }, dimensions: { length: 30, width: 20, height: 15, units: 'CM' } }],
      },
    });
  });

  it('splits FedEx’s out-of-delivery-area surcharge out of the price', async () => {
    const rates = await createFedexAdapter(client()).rate(
      rateRequest({ destination: { countryCode: 'MX', postalCode: '77000', city: 'Chetumal', suburb: '', stateShort: 'QROO' } }),
      AbortSignal.timeout(5000),
    );
    const cost = rates.find((r) => r.serviceId === idOf('FEDEX EXPRESS SAVER'))!.costs[0]!;
    expect(cost).toMatchObject({ remoteCentavos: 185_00, isRemote: true });
    expect(cost.baseCentavos + cost.remoteCentavos).toBe(
      Math.round((fedexFakePrice('FEDEX_EXPRESS_SAVER', { weight: 3, dimensions: { length: 30, width: 20, height: 15 } }) + 185) * 100),
    );
  });

  it('renews an expired token once and retries', async () => {
    const c = client();
    const fedex = createFedexAdapter(c);
    await fedex.rate(rateRequest(), AbortSignal.timeout(5000));
    const issued = fake.tokensIssued;
    fake.revokeTokens();
    const rates = await fedex.rate(rateRequest(), AbortSignal.timeout(5000));
    expect(rates.length).toBe(2);
    expect(fake.tokensIssued - issued).toBe(1);
  });

  it('shares one token request between concurrent quotes', async () => {
    const issued = fake.tokensIssued;
    const fedex = createFedexAdapter(client());
    await Promise.all([fedex.rate(rateRequest(), AbortSignal.timeout(5000)), fedex.rate(rateRequest(), AbortSignal.timeout(5000))]);
    expect(fake.tokensIssued - issued).toBe(1);
  });

  it('reports refused credentials with FedEx’s error code', async () => {
    const error = await createFedexAdapter(client('mal'))
      .rate(rateRequest(), AbortSignal.timeout(5000))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierApiError);
    expect(error).toMatchObject({ carrierCode: 'fedex', status: 401, code: 'NOT.AUTHORIZED.ERROR' });
  });

  it('turns a FedEx outage into a CarrierApiError', async () => {
    fake.mode = { kind: 'error', status: 503 };
    const error = await createFedexAdapter(client())
      .rate(rateRequest(), AbortSignal.timeout(5000))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE.ERROR', message: expect.stringContaining('FedEx respondió 503') });
  });

  it('gives up when its signal fires while FedEx hangs', async () => {
    fake.mode = { kind: 'hang' };
    const started = performance.now();
    const error = await createFedexAdapter(client())
      .rate(rateRequest(), AbortSignal.timeout(100))
      .catch((e: unknown) => e);
    expect((error as Error).name).toMatch(/TimeoutError|AbortError/);
    expect(performance.now() - started).toBeLessThan(600);
  });

  it('reads FedEx transit times', () => {
    expect(fedexTransitDays('ONE_DAY')).toBe(1);
    expect(fedexTransitDays('TWO_DAYS')).toBe(2);
    expect(fedexTransitDays(4)).toBe(4);
    expect(fedexTransitDays('UNKNOWN')).toBeUndefined();
  });
});
