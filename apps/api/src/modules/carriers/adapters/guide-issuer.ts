import type { CarrierCode } from '@envios/contracts/carriers';
import type { PackageType } from '@envios/contracts/quotes';

/**
 * Issues a guide with the carrier (a service whose guide source is `carrier_api`): the sandbox issuer
 * numbers guides offline; DHL Express (MyDHL `POST /shipments`) and FedEx (Ship API) issue real
 * ones when configured. The guides job calls `issue` with an idempotency key (the shipment id),
 * so a retry after a lost answer never buys two guides where the carrier honours it.
 */
export interface GuideIssuer {
  readonly carrierCode: CarrierCode;
  /** True when no carrier is reached and the guide is a sandbox number. */
  readonly sandbox: boolean;
  issue(request: GuideIssueRequest, signal: AbortSignal): Promise<IssuedGuide>;
}

export interface ShipParty {
  fullName: string;
  email: string;
  phone: string;
  /** Street, number and interior joined, as stored. */
  addressLine: string;
  colony: string;
  postalCode: string;
  city: string;
  /** Mexican state abbreviation, empty abroad. */
  stateCode: string;
  countryCode: string;
}

export interface GuideIssueRequest {
  shipmentId: string;
  /** Our folio, printed on the label and sent as the carrier's customer reference. */
  reference: string;
  idempotencyKey: string;
  service: { id: string; name: string; externalCode: string | null };
  packageType: PackageType;
  description: string;
  origin: ShipParty;
  destination: ShipParty;
  /** Centimetres and kilograms, as the buyer declared them. */
  parcels: { lengthCm: number; widthCm: number; heightCm: number; weightKg: number }[];
  declaredValueCentavos: number | null;
  /** YYYY-MM-DD, America/Mexico_City. */
  shipDate: string;
}

export interface IssuedGuide {
  /** The master tracking number (guía). */
  guideNumber: string;
  /** One per parcel when the carrier numbers pieces. */
  pieceNumbers: string[];
  /** The carrier's own label, when it sends one (served instead of ours). */
  labelPdf?: Buffer;
  /** One PDF per piece, when the carrier labels pieces separately (FedEx multi-piece) and no single label exists. */
  pieceLabels?: Buffer[];
  sandbox: boolean;
}
