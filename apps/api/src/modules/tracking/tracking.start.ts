import { cityOnly } from '@envios/contracts/addresses';
import type { CarrierCode } from '@envios/contracts/carriers';
import { headlineFor, routeForService } from '@envios/contracts/tracking-rules';
import type { Executor } from '../../db/client.js';
import * as repo from './tracking.repository.js';
import { FIRST_CHECK_AFTER_MS } from './tracking.schedule.js';
import type { TrackingDeps } from './tracking.deps.js';

export interface StartTrackingInput {
  shipmentId: string;
  guideNumber: string;
  carrierCode: CarrierCode;
  serviceName: string | null;
  /** Simulated guide (sandbox issuer or demo inventory): its events come from the sandbox. */
  sandbox: boolean;
  issuedAt: Date;
  /** The shipment's cities ("Estado, Ciudad" is cut to the city) and package count, when known. */
  shipperCity?: string | null;
  consigneeCity?: string | null;
  pieces?: number | null;
}

/**
 * Starts tracking an issued guide (called where the guide is recorded, in its transaction):
 * the first check comes an hour after issue. A shipment already tracked keeps its row.
 */
export async function startTracking(tx: Executor, input: StartTrackingInput): Promise<boolean> {
  const route = routeForService(input.carrierCode, input.serviceName);
  return repo.insertState(tx, {
    shipmentId: input.shipmentId,
    guideNumber: input.guideNumber,
    carrierCode: input.carrierCode,
    route,
    state: 'pending',
    headline: headlineFor(route, []),
    sandbox: input.sandbox,
    issuedAt: input.issuedAt,
    nextCheckAt: new Date(input.issuedAt.getTime() + FIRST_CHECK_AFTER_MS),
    shipperCity: input.shipperCity ? cityOnly(input.shipperCity) : null,
    consigneeCity: input.consigneeCity ? cityOnly(input.consigneeCity) : null,
    pieces: input.pieces ?? null,
    updatedAt: input.issuedAt,
  });
}

/** `sandboxByDefault`: a guide without a guide record is simulated when its carrier has no API. */
export function fromShipment(s: repo.ShipmentToTrack, sandboxByDefault: boolean): StartTrackingInput {
  return {
    shipmentId: s.shipmentId,
    guideNumber: s.guideNumber,
    carrierCode: s.carrierCode,
    serviceName: s.serviceName,
    sandbox: s.sandbox ?? sandboxByDefault,
    issuedAt: s.issuedAt,
    shipperCity: s.originCity,
    consigneeCity: s.destinationCity,
    pieces: s.pieces,
  };
}

/** Whether a carrier's guides are simulated when nothing else says so (no API adapter). */
export function sandboxByDefault(adapters: TrackingDeps['adapters'], code: CarrierCode): boolean {
  return adapters[code]?.sandbox ?? true;
}
