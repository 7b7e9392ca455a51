import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuideIssueRequest } from '../adapters/guide-issuer.js';
import { guideRequest as request, rejection } from '../adapters/guide-issuer.testing.js';
import { createFedexClient } from './fedex.js';
import { createFedexGuideIssuer } from './fedex-shipping.js';
import { FEDEX_FAKE_CREDENTIALS, FEDEX_FAKE_LABEL_PDF, startFedexFake, type FedexFake } from './fedex.fake.js';

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

const fedexIssuer = (clientSecret = FEDEX_FAKE_CREDENTIALS.clientSecret) =>
  createFedexGuideIssuer(createFedexClient({ baseUrl: fedex.url, ...FEDEX_FAKE_CREDENTIALS, clientSecret }));
const fedexRequest = (overrides: Partial<GuideIssueRequest> = {}) =>
  request({ service: { id: 'svc', name: 'FEDEX STANDARD OVERNIGHT', externalCode: 'STANDARD_OVERNIGHT' }, ...overrides });

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
        shipper: {
          contact: { personName: 'Ana López', phoneNumber: '3312345678' },
          address: { streetLines: ['Av. Juárez 123', 'Centro'], city: 'Guadalajara', postalCode: '44100', countryCode: 'MX' },
        },
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
    expect(invalid).toMatchObject({
      carrierCode: 'fedex',
      status: 400,
      code: 'SHIPPER.CONTACT.PHONENUMBER.REQUIRED',
      message: 'FedEx respondió 400: Phone number is required.',
    });
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
