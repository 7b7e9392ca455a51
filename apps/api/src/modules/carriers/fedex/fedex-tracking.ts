import type { TrackingState } from '@envios/contracts/tracking';
import { CarrierApiError } from '../adapters/carrier-adapter.js';
import type { FedexClient } from './fedex.js';
import type { CarrierEvent, CarrierTracking, TrackingAdapter, TrackRequest } from '../adapters/tracking-adapter.js';

/**
 * FedEx Track API: `POST /track/v1/trackingnumbers` with detailed scans,
 * through the FedEx client (its OAuth token cache and 401 renewal). An unknown number still
 * answers 200 with `error.code` TRACKING.TRACKINGNUMBER.NOTFOUND (→ null). Each scan keeps the
 * derived status code (IN, PU, IT, DL…) as its code, which the spec's FedEx headline reads; its
 * finer `eventType` gives our state.
 */

interface FedexAddress {
  city?: string;
  stateOrProvinceCode?: string;
  countryCode?: string;
}

export interface FedexScanEvent {
  date?: string;
  eventType?: string;
  eventDescription?: string;
  derivedStatusCode?: string;
  derivedStatus?: string;
  exceptionDescription?: string;
  scanLocation?: FedexAddress;
}

export interface FedexTrackResult {
  trackingNumberInfo?: { trackingNumber?: string; carrierCode?: string };
  error?: { code?: string; message?: string };
  latestStatusDetail?: { code?: string; derivedCode?: string; description?: string; statusByLocale?: string };
  scanEvents?: FedexScanEvent[];
  shipperInformation?: { address?: FedexAddress };
  recipientInformation?: { address?: FedexAddress };
  originLocation?: { locationContactAndAddress?: { address?: FedexAddress } };
  destinationLocation?: { locationContactAndAddress?: { address?: FedexAddress } };
  packageDetails?: { count?: string | number };
}

export interface FedexTrackResponse {
  output?: {
    completeTrackResults?: { trackingNumber?: string; trackResults?: FedexTrackResult[] }[];
    alerts?: { code?: string; message?: string }[];
  };
}

/** The reference's status code table (`eventType`, `latestStatusDetail.code`) and the derived codes, in our vocabulary. */
const FEDEX_STATES: Readonly<Record<string, TrackingState>> = {
  OC: 'pending',
  IN: 'pending',
  AP: 'pending',
  EP: 'pending',
  PU: 'picked_up',
  PX: 'picked_up',
  ...Object.fromEntries(
    ['OF', 'AR', 'AF', 'DP', 'IT', 'IX', 'LO', 'SF', 'FD', 'AA', 'EA', 'PL', 'PF', 'CC', 'CP', 'CH', 'TR', 'PM', 'SP', 'DD', 'DY', 'PD', 'RL'].map((c) => [
      c,
      'in_transit' as const,
    ]),
  ),
  OD: 'out_for_delivery',
  ED: 'out_for_delivery',
  AD: 'out_for_delivery',
  DL: 'delivered',
  DE: 'delivery_failed',
  ...Object.fromEntries(['SE', 'HL', 'HP', 'CD'].map((c) => [c, 'on_hold' as const])),
  CA: 'cancelled',
  RS: 'return_to_sender',
};

export function fedexTrackingState(eventType: string | undefined, derivedCode?: string): TrackingState {
  const state = (eventType && FEDEX_STATES[eventType.toUpperCase()]) || (derivedCode && FEDEX_STATES[derivedCode.toUpperCase()]);
  return state || 'unknown';
}

const NOT_FOUND_CODES = /NOTFOUND|NOT\.FOUND/;

export function fedexTrackingFromResponse(data: FedexTrackResponse, guideNumber: string): CarrierTracking | null {
  const complete = data.output?.completeTrackResults?.find((r) => r.trackingNumber === guideNumber) ?? data.output?.completeTrackResults?.[0];
  const result = complete?.trackResults?.[0];
  if (!result || (result.error && NOT_FOUND_CODES.test(result.error.code ?? ''))) return null;
  if (result.error)
    throw new CarrierApiError('fedex', 200, `FedEx respondió: ${result.error.message ?? result.error.code ?? 'sin detalle'}`, result.error.code);
  const events: CarrierEvent[] = [];
  for (const scan of result.scanEvents ?? []) {
    const occurredAt = scan.date ? new Date(scan.date) : undefined;
    if (!occurredAt || Number.isNaN(occurredAt.getTime())) continue;
    const code = (scan.derivedStatusCode ?? scan.eventType ?? '').toUpperCase();
    events.push({
      occurredAt,
      state: fedexTrackingState(scan.eventType, scan.derivedStatusCode),
      code,
      description: (scan.eventDescription ?? scan.derivedStatus ?? '').trim(),
      location: scan.scanLocation?.city?.trim() ?? '',
      piece: null,
    });
  }
  // FedEx lists scans newest first; ours are oldest first.
  events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  const cityOf = (...addresses: (FedexAddress | undefined)[]) => addresses.map((a) => a?.city?.trim()).find((c) => c) ?? null;
  const count = Number(result.packageDetails?.count);
  return {
    events,
    shipperCity: cityOf(result.shipperInformation?.address, result.originLocation?.locationContactAndAddress?.address),
    consigneeCity: cityOf(result.recipientInformation?.address, result.destinationLocation?.locationContactAndAddress?.address),
    pieces: Number.isInteger(count) && count > 0 ? count : null,
    publicUrl: null,
  };
}

export function createFedexTrackingAdapter(client: Pick<FedexClient, 'post'>): TrackingAdapter {
  return {
    carrierCode: 'fedex',
    sandbox: false,
    async track(request: TrackRequest, signal: AbortSignal): Promise<CarrierTracking | null> {
      let data: FedexTrackResponse;
      try {
        data = await client.post(
          '/track/v1/trackingnumbers',
          { includeDetailedScans: true, trackingInfo: [{ trackingNumberInfo: { trackingNumber: request.guideNumber } }] },
          signal,
        );
      } catch (error) {
        if (error instanceof CarrierApiError) throw error;
        if (signal.aborted) throw new CarrierApiError('fedex', 0, 'FedEx no respondió a tiempo.', 'timeout');
        throw new CarrierApiError('fedex', 0, 'No se pudo conectar con FedEx.');
      }
      return fedexTrackingFromResponse(data, request.guideNumber);
    },
  };
}
