import { CarrierApiError } from '../adapters/carrier-adapter.js';
import type { FedexClient } from './fedex.js';
import type { GuideIssueRequest, GuideIssuer, IssuedGuide, ShipParty } from '../adapters/guide-issuer.js';

/**
 * FedEx guides through the Ship API `POST /ship/v1/shipments`, with the
 * client's cached OAuth token. The catalogue service's `externalCode` is FedEx's `serviceType`;
 * labels come back base64 (`labelResponseOptions: LABEL`), one PDF per piece. FedEx has no
 * idempotency header; the idempotency key goes as `x-customer-transaction-id`.
 */

interface FedexDocument {
  contentType?: string;
  docType?: string;
  encodedLabel?: string;
}

/** The parts of the create-shipment answer we read. */
export interface FedexShipResponse {
  transactionId?: string;
  output?: {
    transactionShipments?: {
      masterTrackingNumber?: string;
      serviceType?: string;
      pieceResponses?: { trackingNumber?: string; masterTrackingNumber?: string; packageDocuments?: FedexDocument[] }[];
      shipmentDocuments?: FedexDocument[];
    }[];
    jobId?: string;
    alerts?: { code?: string; message?: string }[];
  };
}

const cut = (value: string, max: number) => value.trim().slice(0, max);

function party(p: ShipParty) {
  return {
    contact: {
      personName: cut(p.fullName, 70),
      phoneNumber: cut(p.phone, 15),
      ...(p.email ? { emailAddress: cut(p.email, 80) } : {}),
    },
    address: {
      // FedEx street lines are at most 35 characters each, up to three.
      streetLines: [cut(p.addressLine, 35), ...(p.colony ? [cut(p.colony, 35)] : [])],
      city: cut(p.city || p.colony, 35),
      ...(p.stateCode ? { stateOrProvinceCode: cut(p.stateCode, 2) } : {}),
      postalCode: cut(p.postalCode, 10),
      countryCode: p.countryCode,
    },
  };
}

/** The request body for one guide (a multi-piece shipment when there are several parcels). */
export function fedexShipmentBody(request: GuideIssueRequest, accountNumber: string) {
  const serviceType = request.service.externalCode;
  if (!serviceType) throw new CarrierApiError('fedex', 422, `El servicio ${request.service.name} no tiene tipo de servicio FedEx.`, 'service.no_external_code');
  const isDocument = request.packageType === 'document';
  const reference = cut(request.reference, 40);
  return {
    labelResponseOptions: 'LABEL',
    accountNumber: { value: accountNumber },
    requestedShipment: {
      shipDatestamp: request.shipDate,
      pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
      serviceType,
      packagingType: isDocument ? 'FEDEX_ENVELOPE' : 'YOUR_PACKAGING',
      shipper: party(request.origin),
      recipients: [{ ...party(request.destination), address: { ...party(request.destination).address, residential: false } }],
      shippingChargesPayment: { paymentType: 'SENDER' },
      labelSpecification: { imageType: 'PDF', labelStockType: 'PAPER_4X6', labelFormatType: 'COMMON2D' },
      totalPackageCount: request.parcels.length,
      requestedPackageLineItems: request.parcels.map((p, i) => ({
        sequenceNumber: i + 1,
        weight: { units: 'KG', value: p.weightKg },
        ...(isDocument ? {} : { dimensions: { length: p.lengthCm, width: p.widthCm, height: p.heightCm, units: 'CM' } }),
        customerReferences: [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: reference }],
      })),
    },
  };
}

const pdfOf = (d: FedexDocument | undefined) => (d?.encodedLabel ? Buffer.from(d.encodedLabel, 'base64') : undefined);

export function createFedexGuideIssuer(client: FedexClient): GuideIssuer {
  return {
    carrierCode: 'fedex',
    sandbox: false,
    async issue(request: GuideIssueRequest, signal: AbortSignal): Promise<IssuedGuide> {
      const body = fedexShipmentBody(request, client.accountNumber);
      const answer = (await client.post('/ship/v1/shipments', body, signal, {
        'x-customer-transaction-id': request.idempotencyKey.slice(0, 100),
      })) as FedexShipResponse;
      const shipment = answer.output?.transactionShipments?.[0];
      const guideNumber = shipment?.masterTrackingNumber?.trim() ?? '';
      if (!guideNumber) {
        const why = answer.output?.jobId ? ' (la solicitud quedó en proceso asíncrono)' : '';
        throw new CarrierApiError('fedex', 200, `FedEx no devolvió el número de guía${why}.`);
      }
      const pieces = shipment?.pieceResponses ?? [];
      const labels: Buffer[] = [];
      for (const piece of pieces) {
        const pdf = pdfOf(piece.packageDocuments?.find((d) => d.docType === 'PDF' || d.contentType === 'LABEL'));
        if (pdf && pdf.length > 0) labels.push(pdf);
      }
      const shipmentLabel = pdfOf(shipment?.shipmentDocuments?.find((d) => d.contentType === 'LABEL'));
      // One PDF per piece: a single-piece guide serves FedEx's own label; with several pieces the
      // labels travel in `pieceLabels` (the guide job decides) and ours is printed otherwise.
      const labelPdf = labels.length === 1 ? labels[0] : shipmentLabel;
      return {
        guideNumber,
        pieceNumbers: pieces.map((p) => p.trackingNumber).filter((n): n is string => typeof n === 'string' && n.length > 0),
        ...(labelPdf ? { labelPdf } : {}),
        ...(labels.length > 1 ? { pieceLabels: labels } : {}),
        sandbox: false,
      };
    },
  };
}
