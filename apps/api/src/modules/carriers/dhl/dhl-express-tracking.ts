import { randomUUID } from 'node:crypto';
import type { TrackingState } from '@envios/contracts/tracking';
import { CarrierApiError } from '../adapters/carrier-adapter.js';
import type { DhlExpressConfig } from './dhl-express.js';
import type { CarrierEvent, CarrierTracking, TrackingAdapter, TrackRequest } from '../adapters/tracking-adapter.js';

/**
 * DHL Express tracking, MyDHL API 3.1: `GET
 * /shipments/{awb}/tracking?trackingView=all-checkpoints&levelOfDetail=shipment` with the same
 * HTTP Basic credentials and headers as rating; an unknown AWB answers 404 (→ null). Event type
 * codes map to our states with the reference's code table.
 */

/** The parts of the tracking answer we read (MyDHL `supermodelIoLogisticsExpressTrackingResponse`). */
export interface DhlTrackingResponse {
  shipments?: {
    shipmentTrackingNumber?: string;
    status?: string;
    numberOfPieces?: number;
    shipperDetails?: DhlTrackingParty;
    receiverDetails?: DhlTrackingParty;
    events?: DhlTrackingEvent[];
  }[];
}

interface DhlTrackingParty {
  postalAddress?: { cityName?: string; postalCode?: string; countryCode?: string };
  serviceArea?: { code?: string; description?: string }[];
}

export interface DhlTrackingEvent {
  date?: string;
  time?: string;
  GMTOffset?: string;
  typeCode?: string;
  description?: string;
  serviceArea?: { code?: string; description?: string }[];
}

/** The reference's event code table (`events[].typeCode`) in our vocabulary. */
const DHL_STATES: Readonly<Record<string, TrackingState>> = {
  PU: 'picked_up',
  ...Object.fromEntries(
    ['SA', 'PL', 'AF', 'DF', 'AR', 'FD', 'TR', 'TP', 'IC', 'CR', 'BN', 'BR', 'MS', 'MC', 'SC', 'PY', 'CS', 'RR', 'SM', 'AD'].map((c) => [
      c,
      'in_transit' as const,
    ]),
  ),
  ...Object.fromEntries(['CD', 'UD', 'HP', 'CC', 'OH', 'SS'].map((c) => [c, 'on_hold' as const])),
  WC: 'out_for_delivery',
  OK: 'delivered',
  PD: 'delivered',
  DD: 'delivered',
  ...Object.fromEntries(['NH', 'BA', 'RD', 'CA', 'CM', 'MD', 'ND'].map((c) => [c, 'delivery_failed' as const])),
  RT: 'return_to_sender',
  // Destroyed / disposal: the shipment ended without a delivery.
  DS: 'cancelled',
};

export function dhlTrackingState(typeCode: string | undefined): TrackingState {
  return (typeCode && DHL_STATES[typeCode.toUpperCase()]) || 'unknown';
}

/** "MEXICO CITY - MEXICO" → "MEXICO CITY": the city of a DHL service area. */
function cityOfArea(area: { description?: string }[] | undefined): string {
  return area?.[0]?.description?.split(' - ')[0]?.trim() ?? '';
}

/** The event's moment: its local date and time with its offset, Mexico City's (-06:00) when DHL gives none. */
function momentOf(e: DhlTrackingEvent): Date | undefined {
  if (!e.date || !/^\d{4}-\d{2}-\d{2}$/.test(e.date) || !e.time || !/^\d{2}:\d{2}(:\d{2})?$/.test(e.time)) return undefined;
  const offset = e.GMTOffset && /^[+-]\d{2}:\d{2}$/.test(e.GMTOffset) ? e.GMTOffset : '-06:00';
  const time = e.time.length === 5 ? `${e.time}:00` : e.time;
  const at = new Date(`${e.date}T${time}${offset}`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

export function dhlTrackingFromResponse(data: DhlTrackingResponse, guideNumber: string): CarrierTracking | null {
  const shipment = data.shipments?.find((s) => s.shipmentTrackingNumber === guideNumber) ?? data.shipments?.[0];
  if (!shipment) return null;
  const events: CarrierEvent[] = [];
  for (const e of shipment.events ?? []) {
    const occurredAt = momentOf(e);
    if (!occurredAt) continue;
    const code = (e.typeCode ?? '').toUpperCase();
    events.push({
      occurredAt,
      state: dhlTrackingState(code),
      code,
      description: e.description?.trim() ?? '',
      location: cityOfArea(e.serviceArea),
      piece: null,
    });
  }
  events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  const city = (p: DhlTrackingParty | undefined) => p?.postalAddress?.cityName?.trim() || cityOfArea(p?.serviceArea) || null;
  return {
    events,
    shipperCity: city(shipment.shipperDetails),
    consigneeCity: city(shipment.receiverDetails),
    pieces: typeof shipment.numberOfPieces === 'number' && shipment.numberOfPieces > 0 ? shipment.numberOfPieces : null,
    publicUrl: null,
  };
}

export function createDhlExpressTrackingAdapter(config: DhlExpressConfig): TrackingAdapter {
  const doFetch = config.fetch ?? fetch;
  const base = config.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${config.apiKey}:${config.apiSecret}`).toString('base64')}`;
  return {
    carrierCode: 'dhl',
    sandbox: false,
    async track(request: TrackRequest, signal: AbortSignal): Promise<CarrierTracking | null> {
      const query = new URLSearchParams({ trackingView: 'all-checkpoints', levelOfDetail: 'shipment' });
      let response: Response;
      let data: unknown;
      try {
        response = await doFetch(`${base}/shipments/${encodeURIComponent(request.guideNumber)}/tracking?${query.toString()}`, {
          method: 'GET',
          headers: { authorization, accept: 'application/json', 'x-version': '3.1.0', 'message-reference': randomUUID() },
          signal,
        });
        data = await response.json().catch(() => undefined);
      } catch {
        if (signal.aborted) throw new CarrierApiError('dhl', 0, 'DHL no respondió a tiempo.', 'timeout');
        throw new CarrierApiError('dhl', 0, 'No se pudo conectar con DHL.');
      }
      if (response.status === 404) return null;
      if (!response.ok) {
        const problem = (data ?? {}) as { title?: string; detail?: string; message?: string };
        throw new CarrierApiError(
          'dhl',
          response.status,
          `DHL respondió ${response.status}: ${problem.detail ?? problem.title ?? problem.message ?? 'sin detalle'}`,
          problem.title,
        );
      }
      if (!data || typeof data !== 'object') throw new CarrierApiError('dhl', response.status, 'DHL respondió sin un cuerpo JSON válido.');
      return dhlTrackingFromResponse(data, request.guideNumber);
    },
  };
}
