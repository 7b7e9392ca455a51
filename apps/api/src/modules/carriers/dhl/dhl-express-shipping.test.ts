import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CarrierApiError } from '../adapters/carrier-adapter.js';
import { guideRequest as request, rejection } from '../adapters/guide-issuer.testing.js';
import { createDhlExpressClient } from './dhl-express.js';
import { createDhlExpressGuideIssuer, dhlPlannedShipTime } from './dhl-express-shipping.js';
import { DHL_FAKE_CREDENTIALS, DHL_FAKE_LABEL_PDF, startDhlFake, type DhlFake } from './dhl-express.fake.js';

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

const now = () => new Date('2026-03-10T18:00:00Z');
const dhlIssuer = (apiSecret = DHL_FAKE_CREDENTIALS.apiSecret) =>
  createDhlExpressGuideIssuer(createDhlExpressClient({ baseUrl: dhl.baseUrl, ...DHL_FAKE_CREDENTIALS, apiSecret }), { now });

describe('DHL Express POST /shipments against the fake', () => {
  it('creates the shipment with the documented body and returns the AWB, pieces and PDF label', async () => {
    const guide = await dhlIssuer().issue(
      request({ parcels: [request().parcels[0]!, { lengthCm: 10, widthCm: 10, heightCm: 10, weightKg: 1 }] }),
      AbortSignal.timeout(5000),
    );
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
        shipperDetails: {
          postalAddress: { postalCode: '44100', cityName: 'Guadalajara', countryCode: 'MX', addressLine1: 'Av. Juárez 123' },
          contactInformation: { fullName: 'Ana López', phone: '3312345678' },
        },
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
    await expect(dhlIssuer('otra').issue(request(), AbortSignal.timeout(5000))).rejects.toMatchObject({
      status: 401,
      message: 'DHL respondió 401: Invalid credentials',
    });
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
