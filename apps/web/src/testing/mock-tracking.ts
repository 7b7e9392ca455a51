import { http, HttpResponse, delay } from 'msw';
import { trackingErrorCodes, trackingMessages, type TrackingEvent, type TrackingResult } from '@envios/contracts/tracking';

/** Test data for the tracking screens (modal and /rastreo/{guide}). */
export const dhlGuide = '1234567890';
export const fedexGuide = '794612345678';
export const unknownGuide = '9999999999';

function event(date: string, time: string, status: string, state: TrackingEvent['state'], location: string, pkg: string | null = '1'): TrackingEvent {
  return { date, time, status, state, location, package: pkg, occurred_at: new Date(`${date}T${time}:00-06:00`).toISOString() };
}

/** A DHL guide in transit: three events over two days, newest first (as the API answers). */
export function dhlResult(over: Partial<TrackingResult> = {}): TrackingResult {
  return {
    status: 200,
    type: 'dhl',
    route: 'dhl',
    carrier_code: 'dhl',
    guide: dhlGuide,
    date: '2026-11-21T16:30:00.000Z',
    package: 1,
    shipper: { city: 'Guadalajara' },
    consignee: { city: 'Ciudad de México' },
    shipment_event: [
      event('2026-11-21', '10:30', 'El envío está en camino a la instalación de destino.', 'in_transit', 'Ciudad de México'),
      event('2026-11-20', '20:15', 'Procesado en la instalación de DHL.', 'in_transit', 'Guadalajara'),
      event('2026-11-20', '14:05', 'El envío fue recolectado.', 'picked_up', 'Guadalajara'),
    ],
    state: 'in_transit',
    headline: 'Envío en tránsito',
    service_name: 'EXPRESS DOMESTIC',
    sandbox: true,
    stale: false,
    checked_at: '2026-11-21T17:00:00.000Z',
    carrier_url: null,
    ...over,
  };
}

/** A FedEx guide: no time column in the modal; its headline by the spec's FedEx rule. */
export function fedexResult(over: Partial<TrackingResult> = {}): TrackingResult {
  return dhlResult({
    type: 'fedex',
    route: 'fedex',
    carrier_code: 'fedex',
    guide: fedexGuide,
    headline: 'En recolección',
    service_name: 'STANDARD OVERNIGHT',
    sandbox: false,
    shipment_event: [event('2026-11-21', '09:00', 'En tránsito', 'in_transit', 'MEMPHIS, TN', null)],
    ...over,
  });
}

/** A guide just issued: the carrier has reported nothing yet ('Guía creada', no events). */
export function justIssuedResult(over: Partial<TrackingResult> = {}): TrackingResult {
  return dhlResult({
    type: 'redpack',
    route: 'redpack',
    carrier_code: 'redpack',
    guide: '7000000003',
    service_name: 'ECOEXPRESS',
    shipment_event: [],
    state: 'pending',
    headline: 'Guía creada',
    checked_at: null,
    ...over,
  });
}

/** `POST /api/v1/tracking`: the given answers by guide; any other guide is not found (404). */
export function trackingApi(results: TrackingResult[], opts: { wait?: number } = {}) {
  const asked: string[] = [];
  const handler = http.post('/api/v1/tracking', async ({ request }) => {
    const { guide_number } = (await request.json()) as { guide_number: string };
    asked.push(guide_number);
    if (opts.wait) await delay(opts.wait);
    const found = results.find((r) => r.guide === guide_number);
    if (found) return HttpResponse.json(found);
    return HttpResponse.json({ message: trackingMessages.notFound(guide_number), code: trackingErrorCodes.notFound }, { status: 404 });
  });
  return { handler, asked };
}
