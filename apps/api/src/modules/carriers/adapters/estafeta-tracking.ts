import type { CarrierCode } from '@envios/contracts/carriers';
import type { CarrierTracking, TrackingAdapter, TrackRequest } from './tracking-adapter.js';

/**
 * Carriers whose guides we cannot ask about through an API: Estafeta's REST tracking call is
 * known from a single public source and its answer is not published, Redpack has no public
 * tracking API and AM/PM nothing at all. For their real guides we answer no events and, where the carrier
 * has one, its public tracking page for the guide; sandbox guides are simulated elsewhere.
 */

/**
 * Estafeta's public tracking page for a guide: the 22-character waybill (type 0) or the
 * 10-digit tracking code (type 1), as public integrations link it.
 */
export function estafetaPublicUrl(guideNumber: string): string {
  const type = /^\d{10}$/.test(guideNumber) ? 1 : 0;
  return `https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=${encodeURIComponent(guideNumber)}&wayBillType=${type}&isShipmentDetail=False`;
}

/** Redpack's public tracking page. */
export function redpackPublicUrl(guideNumber: string): string {
  return `https://www.redpack.com.mx/es/rastreo/?guias=${encodeURIComponent(guideNumber)}`;
}

const PUBLIC_PAGES: Partial<Record<CarrierCode, (guide: string) => string>> = { estafeta: estafetaPublicUrl, redpack: redpackPublicUrl };

/** Answers no events and the carrier's public page (null for AM/PM, which has none). */
export function createPublicPageTrackingAdapter(carrierCode: CarrierCode): TrackingAdapter {
  const page = PUBLIC_PAGES[carrierCode];
  return {
    carrierCode,
    sandbox: false,
    track(request: TrackRequest, signal: AbortSignal): Promise<CarrierTracking | null> {
      if (signal.aborted) return Promise.reject(signal.reason as Error);
      return Promise.resolve({ events: [], shipperCity: null, consigneeCity: null, pieces: null, publicUrl: page ? page(request.guideNumber) : null });
    },
  };
}

export function createEstafetaTrackingAdapter(): TrackingAdapter {
  return createPublicPageTrackingAdapter('estafeta');
}
