import type { CarrierCode } from '@envios/contracts/carriers';
import type { CarrierTracking, TrackingAdapter, TrackRequest } from './tracking-adapter.js';

/**
 * Real guides of a carrier we cannot ask through an API (Estafeta's REST tracking call is known
 * from a single public source and its answer is not published, Redpack has no public tracking API
 * and AM/PM nothing at all), or whose API is not configured: no events, never invented ones, and
 * the carrier's public tracking page for the guide where it has one. Sandbox guides are simulated
 * elsewhere (sandbox/).
 */
export function createPublicPageTrackingAdapter(carrierCode: CarrierCode, page?: (guideNumber: string) => string): TrackingAdapter {
  return {
    carrierCode,
    sandbox: false,
    track(request: TrackRequest, signal: AbortSignal): Promise<CarrierTracking | null> {
      if (signal.aborted) return Promise.reject(signal.reason as Error);
      return Promise.resolve({ events: [], shipperCity: null, consigneeCity: null, pieces: null, publicUrl: page ? page(request.guideNumber) : null });
    },
  };
}
