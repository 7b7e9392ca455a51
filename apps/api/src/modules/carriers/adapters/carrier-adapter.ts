import type { CarrierCode, RateSource, ServiceScope, TariffZone } from '@envios/contracts/carriers';
import type { Parcel, PackageType } from '@envios/contracts/quotes';

/**
 * One interface per carrier integration. `rate` prices the catalogue services the
 * caller hands it; guides, tracking and cancellation join this interface in their own issues.
 * Every adapter honours the AbortSignal (the quote's per-carrier time limit).
 */
export interface CarrierAdapter {
  readonly carrierCode: CarrierCode;
  readonly source: RateSource;
  /** Answers from memory without I/O (the tariff engine): no timer needed around it. */
  readonly inMemory: boolean;
  rate(request: RateRequest, signal: AbortSignal): Promise<ServiceRate[]>;
}

export interface RatePlace {
  countryCode: string;
  postalCode: string;
  city: string;
  suburb: string;
  /** Mexican state abbreviation (geography's state_short); empty abroad. */
  stateShort: string;
}

/** The catalogue facts an adapter needs about a service it prices. */
export interface RatedService {
  id: string;
  name: string;
  externalCode: string | null;
  maxWeightKg: number;
  volumetricDivisor: number;
  documentPriceCentavos: number | null;
  transitDays: number;
}

/** Guides that carry the same parcel are priced once. */
export interface ParcelGroup {
  parcel: Parcel;
  /** How many guides carry this parcel. */
  guides: number;
}

export interface RateRequest {
  origin: RatePlace;
  destination: RatePlace;
  scope: ServiceScope;
  /** The tariff zone of the route; undefined when no zone applies (then tariffs price nothing). */
  zone: TariffZone | undefined;
  packageType: PackageType;
  parcels: readonly ParcelGroup[];
  services: readonly RatedService[];
  /** Planned ship date, YYYY-MM-DD in America/Mexico_City. */
  shipDate: string;
  /** Planned ship moment, local time in America/Mexico_City, `YYYY-MM-DDTHH:MM:SS` (never in the past). */
  shipDateTimeLocal: string;
  insuredValueCentavos: number | undefined;
  /**
   * Whether the destination is in this carrier's remote-area list, decided once by the quote
   * (`isRemoteArea`): the tariff engine charges the carrier's surcharge, the option shows the flag.
   */
  destinationIsRemote: boolean;
}

/** The carrier's cost of one guide of one parcel group, before our margin. */
export interface GuideCost {
  billableKg: number;
  baseCentavos: number;
  extraCentavos: number;
  extraKg: number;
  /** The remote-area surcharge included by the carrier (API) or from its list (tariffs). */
  remoteCentavos: number;
  isRemote: boolean;
}

/** A priced service: one cost per parcel group, in the request's order. */
export interface ServiceRate {
  serviceId: string;
  costs: GuideCost[];
  /** The carrier's own transit estimate, when its API gives one. */
  transitDays?: number;
}

/** A carrier API answered with an error (HTTP status, or 0 when it could not be reached). */
export class CarrierApiError extends Error {
  constructor(
    public readonly carrierCode: CarrierCode,
    public readonly status: number,
    message: string,
    public readonly code?: string,
  ) {
    super(message);
    this.name = 'CarrierApiError';
  }
}
