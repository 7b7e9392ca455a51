import type { CarrierCode } from '@envios/contracts/carriers';
import type { TrackingState } from '@envios/contracts/tracking';

/**
 * Asks a carrier where a guide is (issue 7). One implementation per carrier: the sandbox (events
 * simulated on a schedule from the moment the guide was issued), DHL Express (MyDHL tracking) and
 * FedEx (Track API) when configured, Redpack/AM-PM and Estafeta where an API exists. Each maps the
 * carrier's codes to our one vocabulary of tracking states.
 */
export interface TrackingAdapter {
  readonly carrierCode: CarrierCode;
  /** True when no carrier is reached (simulated events). */
  readonly sandbox: boolean;
  /**
   * Answers null when the carrier does not know the guide (FedEx says so inside a 200; DHL with
   * a 404). Throws CarrierApiError when the carrier could not answer (down, timeout, auth).
   */
  track(request: TrackRequest, signal: AbortSignal): Promise<CarrierTracking | null>;
}

export interface TrackRequest {
  guideNumber: string;
  /** When our guide was issued (the sandbox schedule starts here). */
  issuedAt: Date;
  now: Date;
  /** The service name, for carriers whose tracking differs per service. */
  serviceName: string | null;
  /**
   * The guide is a sandbox guide (sandbox issuer or demo inventory): its events are simulated even
   * when the carrier's API is configured. Left out: simulated only when the carrier has no API.
   */
  sandbox?: boolean;
  /** Our shipment's cities: the sandbox places its events there (no names or addresses). */
  originCity?: string | null;
  destinationCity?: string | null;
}

export interface CarrierEvent {
  occurredAt: Date;
  state: TrackingState;
  /** The carrier's raw code (e.g. DHL typeCode 'PU', FedEx 'IT'). */
  code: string;
  /** The carrier's own description, as given. */
  description: string;
  location: string;
  piece: string | null;
}

export interface CarrierTracking {
  /** Oldest first. */
  events: CarrierEvent[];
  shipperCity: string | null;
  consigneeCity: string | null;
  pieces: number | null;
  /** The carrier's public page for this guide (Estafeta). */
  publicUrl: string | null;
}
