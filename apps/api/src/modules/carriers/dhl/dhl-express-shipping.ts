import { createHash } from 'node:crypto';
import { CarrierApiError } from '../adapters/carrier-adapter.js';
import { dhlPlannedShippingDateAndTime, type DhlExpressClient } from './dhl-express.js';
import type { GuideIssueRequest, GuideIssuer, IssuedGuide, ShipParty } from '../adapters/guide-issuer.js';
import { mexicoCityTime } from '../../../shared/mexico-city-time.js';

/**
 * DHL Express guides through MyDHL API 3.1 `POST /shipments`: the
 * catalogue service's `externalCode` is the global product code, the label comes back as a
 * base64 PDF. DHL has no idempotency header (a re-POST buys another AWB); the idempotency key goes
 * as `Message-Reference`, so both calls can be matched in DHL's logs.
 */

/** The parts of the create-shipment answer we read. */
export interface DhlShipmentResponse {
  shipmentTrackingNumber?: string | number;
  trackingUrl?: string;
  packages?: { referenceNumber?: number; trackingNumber?: string }[];
  documents?: { imageFormat?: string; content?: string; typeCode?: string }[];
  warnings?: string[];
}

const cut = (value: string, max: number) => value.trim().slice(0, max);

/** The planned ship time: 10:00 on a later day, or a few minutes from now when it is today. */
export function dhlPlannedShipTime(shipDate: string, now: Date): string {
  const today = mexicoCityTime(now);
  if (shipDate > today.date) return dhlPlannedShippingDateAndTime(`${shipDate}T10:00:00`);
  const soon = mexicoCityTime(new Date(now.getTime() + 5 * 60_000));
  return dhlPlannedShippingDateAndTime(`${soon.date}T${soon.time}`);
}

function party(p: ShipParty) {
  return {
    postalAddress: {
      postalCode: cut(p.postalCode, 12),
      cityName: cut(p.city || p.colony || p.postalCode, 45),
      countryCode: p.countryCode,
      addressLine1: cut(p.addressLine, 45),
      ...(p.colony ? { countyName: cut(p.colony, 45), addressLine2: cut(p.colony, 45) } : {}),
      ...(p.stateCode ? { provinceCode: cut(p.stateCode, 35) } : {}),
    },
    contactInformation: {
      phone: cut(p.phone, 70),
      companyName: cut(p.fullName, 100),
      fullName: cut(p.fullName, 255),
      ...(p.email ? { email: cut(p.email, 70) } : {}),
    },
  };
}

/** The request body for one guide. */
export function dhlShipmentBody(request: GuideIssueRequest, accountNumber: string, now: Date) {
  const productCode = request.service.externalCode;
  if (!productCode) throw new CarrierApiError('dhl', 422, `El servicio ${request.service.name} no tiene código de producto DHL.`, 'service.no_external_code');
  const international = request.origin.countryCode !== request.destination.countryCode;
  const declarable = international && request.packageType !== 'document';
  return {
    plannedShippingDateAndTime: dhlPlannedShipTime(request.shipDate, now),
    pickup: { isRequested: false },
    productCode,
    accounts: [{ typeCode: 'shipper', number: accountNumber }],
    outputImageProperties: { encodingFormat: 'pdf', imageOptions: [{ typeCode: 'label', templateName: 'ECOM26_84_001' }] },
    customerReferences: [{ value: cut(request.reference, 35), typeCode: 'CU' }],
    customerDetails: { shipperDetails: party(request.origin), receiverDetails: party(request.destination) },
    content: {
      packages: request.parcels.map((p) => ({
        weight: p.weightKg,
        dimensions: { length: p.lengthCm, width: p.widthCm, height: p.heightCm },
        customerReferences: [{ value: cut(request.reference, 35), typeCode: 'CU' }],
      })),
      isCustomsDeclarable: declarable,
      ...(declarable && request.declaredValueCentavos ? { declaredValue: request.declaredValueCentavos / 100, declaredValueCurrency: 'MXN' } : {}),
      description: cut(request.description || 'Mercancía', 70),
      incoterm: 'DAP',
      unitOfMeasurement: 'metric',
    },
  };
}

/** The idempotency key as a Message-Reference (1–36 characters). */
function messageReference(key: string): string {
  return key.length <= 36 ? key : createHash('sha256').update(key).digest('hex').slice(0, 36);
}

export function createDhlExpressGuideIssuer(client: DhlExpressClient, opts: { now?: () => Date } = {}): GuideIssuer {
  const now = opts.now ?? (() => new Date());
  return {
    carrierCode: 'dhl',
    sandbox: false,
    async issue(request: GuideIssueRequest, signal: AbortSignal): Promise<IssuedGuide> {
      const body = dhlShipmentBody(request, client.accountNumber, now());
      const answer = (await client.post('/shipments', body, signal, messageReference(request.idempotencyKey))) as DhlShipmentResponse;
      const guideNumber = answer.shipmentTrackingNumber === undefined ? '' : String(answer.shipmentTrackingNumber).trim();
      if (!guideNumber) throw new CarrierApiError('dhl', 201, 'DHL no devolvió el número de guía.');
      const label = answer.documents?.find((d) => d.typeCode === 'label' && d.content) ?? answer.documents?.find((d) => d.content);
      const labelPdf = label?.content ? Buffer.from(label.content, 'base64') : undefined;
      return {
        guideNumber,
        pieceNumbers: (answer.packages ?? []).map((p) => p.trackingNumber).filter((n): n is string => typeof n === 'string' && n.length > 0),
        ...(labelPdf && labelPdf.length > 0 ? { labelPdf } : {}),
        sandbox: false,
      };
    },
  };
}
