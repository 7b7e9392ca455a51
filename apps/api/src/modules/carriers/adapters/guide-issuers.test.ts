import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../config/env.js';
import { CarrierApiError } from './carrier-adapter.js';
import { createDhlExpressClient } from './dhl-express.js';
import { createDhlExpressGuideIssuer, dhlPlannedShipTime } from './dhl-express-shipping.js';
import { createFedexClient } from './fedex.js';
import { createFedexGuideIssuer } from './fedex-shipping.js';
import type { GuideIssueRequest } from './guide-issuer.js';
import { guideIssuersFromConfig } from './guide-issuers.js';
import { createSandboxGuideIssuer, sandboxGuideNumber } from './sandbox-guide-issuer.js';
import { DHL_FAKE_CREDENTIALS, DHL_FAKE_LABEL_PDF, startDhlFake, type DhlFake } from './fakes/dhl-express.fake.js';
import { FEDEX_FAKE_CREDENTIALS, FEDEX_FAKE_LABEL_PDF, startFedexFake, type FedexFake } from './fakes/fedex.fake.js';

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

const party = (name: string, postalCode: string, city: string, stateCode: string) => ({
  fullName: name,
  email: 'persona@correo.test',
  phone: '3312345678',
  addressLine: 'Av. Juárez 123',
  colony: 'Centro',
  postalCode,
  city,
  stateCode,
  countryCode: 'MX',
});

function request(overrides: Partial<GuideIssueRequest> = {}): GuideIssueRequest {
  return {
    shipmentId: '4b0c7c2e-8f7a-4d39-9d5e-0c1f3a9e5b21',
    reference: '1001',
    idempotencyKey: '4b0c7c2e-8f7a-4d39-9d5e-0c1f3a9e5b21',
    service: { id: 'svc', name: 'EXPRESS DOMESTIC', externalCode: 'N' },
    packageType: 'box',
    description: 'Ropa',
    origin: party('Ana López', '44100', 'Guadalajara', 'JAL'),
    destination: party('Bruno Díaz', '06600', 'Ciudad de México', 'CDMX'),
    parcels: [{ lengthCm: 30, widthCm: 20, heightCm: 15, weightKg: 3 }],
    declaredValueCentavos: null,
    shipDate: '2026-03-11',
    ...overrides,
  };
}

const now = () => new Date('2026-03-10T18:00:00Z');
const dhlIssuer = (apiSecret = DHL_FAKE_CREDENTIALS.apiSecret) =>
  createDhlExpressGuideIssuer(createDhlExpressClient({ baseUrl: dhl.baseUrl, ...DHL_FAKE_CREDENTIALS, apiSecret }), { now });
const fedexIssuer = (clientSecret = FEDEX_FAKE_CREDENTIALS.clientSecret) =>
  createFedexGuideIssuer(createFedexClient({ baseUrl: fedex.url, ...FEDEX_FAKE_CREDENTIALS, clientSecret }));
const fedexRequest = (overrides: Partial<GuideIssueRequest> = {}) =>
  request({ service: { id: 'svc', name: 'FEDEX STANDARD OVERNIGHT', externalCode: 'STANDARD_OVERNIGHT' }, ...overrides });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('sandbox guide issuer', () => {
  it('numbers guides in each carrier format, the same number for the same key', async () => {
    const formats = { dhl: /^[1-9]\d{9}$/, fedex: /^[1-9]\d{11}$/, estafeta: /^[1-9]\d{21}$/, redpack: /^[1-9]\d{8}$/, ampm: /^AM[1-9]\d{9}$/ } as const;
    for (const [code, pattern] of Object.entries(formats) as [keyof typeof formats, RegExp][]) {
      const issuer = createSandboxGuideIssuer(code);
      const first = await issuer.issue(request(), AbortSignal.timeout(1000));
      expect(first.guideNumber).toMatch(pattern);
      expect(first.sandbox).toBe(true);
      expect(issuer.sandbox).toBe(true);
      expect((await createSandboxGuideIssuer(code).issue(request(), AbortSignal.timeout(1000))).guideNumber).toBe(first.guideNumber);
      expect(sandboxGuideNumber(code, 'otra-llave')).not.toBe(first.guideNumber);
    }
    const twoPieces = await createSandboxGuideIssuer('dhl').issue(request({ parcels: [request().parcels[0]!, request().parcels[0]!] }), AbortSignal.timeout(1000));
    expect(twoPieces.pieceNumbers).toHaveLength(2);
    expect(new Set(twoPieces.pieceNumbers).size).toBe(2);
  });

  it('honours an aborted signal', async () => {
    await expect(createSandboxGuideIssuer('estafeta').issue(request(), AbortSignal.abort())).rejects.toThrow();
  });
});

describe('DHL Express POST /shipments against the fake', () => {
  it('creates the shipment with the documented body and returns the AWB, pieces and PDF label', async () => {
    const guide = await dhlIssuer().issue(request({ parcels: [request().parcels[0]!, { lengthCm: 10, widthCm: 10, heightCm: 10, weightKg: 1 }] }), AbortSignal.timeout(5000));
    const created = dhl.shipments.at(-1)!;
    expect(guide).toEqual({ guideNumber: created.awb, pieceNumbers: [expect.any(String), expect.any(String)], labelPdf: DHL_FAKE_LABEL_PDF, sandbox: false });
    expect(guide.guideNumber).toMatch(/^\d{10}$/);
    expect(created.messageReference).toBe(request().idempotencyKey);
    expect(created.body).toMatchObject({
      plannedShippingDateAndTime: '2026-03-11T10:00:00GMT-06:00',
      pickup: { isRequested: false },
      productCode: 'N',
      accounts: [{ typeCode: 'shipper', number: DHL_FAKE_CREDENTIALS.accountNumber }],
      outputImageProperties: { encodingFormat: 'pdf' },
      customerReferences: [{ value: '1001', typeCode: 'CU' }],
      customerDetails: {
        shipperDetails: { postalAddress: { postalCode: '44100', cityName: 'Guadalajara', countryCode: 'MX', addressLine1: 'Av. Juárez 123' }, contactInformation: { fullName: 'Ana López', phone: '3312345678' } },
        receiverDetails: { postalAddress: { postalCode: '06600', cityName: 'Ciudad de México' }, contactInformation: { fullName: 'Bruno Díaz' } },
      },
      content: {
        packages: [{ weight: 3, dimensions: { length: 30, width: 20, height: 15 } }, { weight: 1 }],
        isCustomsDeclarable: false,
        description: 'Ropa',
        incoterm: 'DAP',
        unitOfMeasurement: 'metric',
      },
    });
  });

  it('plans a same-day shipment a few minutes ahead, never in the past', () => {
    expect(dhlPlannedShipTime('2026-03-10', new Date('2026-03-10T18:00:00Z'))).toBe('2026-03-10T12:05:00GMT-06:00');
    expect(dhlPlannedShipTime('2026-03-09', new Date('2026-03-10T18:00:00Z'))).toBe('2026-03-10T12:05:00GMT-06:00');
  });

  it('reports a validation error in Spanish with DHL detail', async () => {
    const error = await rejection(dhlIssuer().issue(request({ service: { id: 'svc', name: 'X', externalCode: 'P' } }), AbortSignal.timeout(5000)));
    expect(error).toBeInstanceOf(CarrierApiError);
    expect(error).toMatchObject({ carrierCode: 'dhl', status: 422, code: 'Validation error' });
    expect((error as Error).message).toMatch(/^DHL respondió 422: Product P/);
    const missing = await rejection(dhlIssuer().issue(request({ origin: { ...request().origin, phone: '' } }), AbortSignal.timeout(5000)));
    expect((missing as Error).message).toBe('DHL respondió 422: #/customerDetails/shipperDetails/contactInformation: required key [phone] not found');
  });

  it('refuses a service without product code before calling DHL', async () => {
    const calls = dhl.requests.length;
    const error = await rejection(dhlIssuer().issue(request({ service: { id: 'svc', name: 'SIN CÓDIGO', externalCode: null } }), AbortSignal.timeout(5000)));
    expect(error).toMatchObject({ status: 422, message: 'El servicio SIN CÓDIGO no tiene código de producto DHL.' });
    expect(dhl.requests.length).toBe(calls);
  });

  it('reports bad credentials and a carrier failure', async () => {
    await expect(dhlIssuer('otra').issue(request(), AbortSignal.timeout(5000))).rejects.toMatchObject({ status: 401, message: 'DHL respondió 401: Invalid credentials' });
    dhl.mode = { kind: 'error', status: 500 };
    await expect(dhlIssuer().issue(request(), AbortSignal.timeout(5000))).rejects.toMatchObject({ status: 500 });
  });

  it('gives up when DHL does not answer in time, and reports a carrier that is down', async () => {
    dhl.mode = { kind: 'hang' };
    const started = Date.now();
    const error = await rejection(dhlIssuer().issue(request(), AbortSignal.timeout(300)));
    expect((error as Error).name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(3000);
    const down = createDhlExpressGuideIssuer(createDhlExpressClient({ baseUrl: 'http://127.0.0.1:9/mydhlapi', ...DHL_FAKE_CREDENTIALS }), { now });
    await expect(down.issue(request(), AbortSignal.timeout(5000))).rejects.toMatchObject({ status: 0, message: 'No se pudo conectar con DHL.' });
  });
});

describe('FedEx Ship API against the fake', () => {
  it('creates the shipment with one token and returns the master number and the PDF label', async () => {
    const issued = fedex.tokensIssued;
    const issuer = fedexIssuer();
    const guide = await issuer.issue(fedexRequest(), AbortSignal.timeout(5000));
    await issuer.issue(fedexRequest(), AbortSignal.timeout(5000));
    expect(fedex.tokensIssued - issued).toBe(1);
    const created = fedex.shipments.at(-2)!;
    expect(guide).toEqual({ guideNumber: created.trackingNumber, pieceNumbers: [created.trackingNumber], labelPdf: FEDEX_FAKE_LABEL_PDF, sandbox: false });
    expect(guide.guideNumber).toMatch(/^\d{12}$/);
    expect(created.customerTransactionId).toBe(request().idempotencyKey);
    expect(created.body).toMatchObject({
      labelResponseOptions: 'LABEL',
      accountNumber: { value: FEDEX_FAKE_CREDENTIALS.accountNumber },
      requestedShipment: {
        shipDatestamp: '2026-03-11',
        serviceType: 'STANDARD_OVERNIGHT',
        packagingType: 'YOUR_PACKAGING',
        shipper: { contact: { personName: 'Ana López', phoneNumber: '3312345678' }, address: { streetLines: ['Av. Juárez 123', 'Centro'], city: 'Guadalajara', postalCode: '44100', countryCode: 'MX' } },
        recipients: [{ address: { postalCode: '06600', residential: false } }],
        shippingChargesPayment: { paymentType: 'SENDER' },
        labelSpecification: { imageType: 'PDF', labelStockType: 'PAPER_4X6' },
        requestedPackageLineItems: [{ weight: { units: 'KG', value: 3 }, dimensions: { length: 30, width: 20, height: 15, units: 'CM' } }],
      },
    });
  });

  it('keeps one label per piece for a multi-piece guide', async () => {
    const parcel = request().parcels[0]!;
    const guide = await fedexIssuer().issue(fedexRequest({ parcels: [parcel, parcel] }), AbortSignal.timeout(5000));
    expect(guide.pieceNumbers).toHaveLength(2);
    expect(guide.labelPdf).toBeUndefined();
    expect(guide.pieceLabels).toEqual([FEDEX_FAKE_LABEL_PDF, FEDEX_FAKE_LABEL_PDF]);
  });

  it('reports a validation error, bad credentials and a carrier failure in Spanish', async () => {
    const invalid = await rejection(fedexIssuer().issue(fedexRequest({ origin: { ...request().origin, phone: '' } }), AbortSignal.timeout(5000)));
    expect(invalid).toMatchObject({ carrierCode: 'fedex', status: 400, code: 'SHIPPER.CONTACT.PHONENUMBER.REQUIRED', message: 'FedEx respondió 400: Phone number is required.' });
    await expect(fedexIssuer('otro').issue(fedexRequest(), AbortSignal.timeout(5000))).rejects.toMatchObject({ status: 401, code: 'NOT.AUTHORIZED.ERROR' });
    fedex.mode = { kind: 'error', status: 503 };
    await expect(fedexIssuer().issue(fedexRequest(), AbortSignal.timeout(5000))).rejects.toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE.ERROR' });
  });

  it('renews an expired token once, and honours the abort signal', async () => {
    const issuer = fedexIssuer();
    await issuer.issue(fedexRequest(), AbortSignal.timeout(5000));
    fedex.revokeTokens();
    await expect(issuer.issue(fedexRequest(), AbortSignal.timeout(5000))).resolves.toMatchObject({ sandbox: false });
    fedex.mode = { kind: 'hang' };
    const error = await rejection(issuer.issue(fedexRequest(), AbortSignal.timeout(300)));
    expect((error as Error).name).toBe('TimeoutError');
  });
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
