import { http, HttpResponse } from 'msw';
import { carrierLogoUrl, type CarrierCode } from '@envios/contracts/carriers';
import type { QuoteRequest, QuoteResponse, ShippingOption } from '@envios/contracts/quotes';

/** 44100 Guadalajara → 06600 Ciudad de México, one 30 × 20 × 15 cm box of 3 kg, two guides. */
export const demoQuoteRequest: QuoteRequest = {
  origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Guadalajara', suburb: 'Guadalajara Centro' },
  destination_direction: { country_code: 'MX', postal_code: '06600', city: 'Ciudad de México', suburb: 'Juárez', state_short: 'CDMX' },
  parcels: [{ depth: 20, width: 30, height: 15, weight: 3 }],
  package_type: 'box',
  cantidadGuias: 2,
};

let serial = 0;

/** A shipping option as the API answers it; `perGuide` in MXN, two guides unless told. */
export function option(carrier: CarrierCode, name: string, perGuide: number, days: number, over: Partial<ShippingOption> = {}): ShippingOption {
  const guides = over.guides ?? 2;
  const net = Math.round(perGuide * guides * 100) / 100;
  serial += 1;
  const carrierName = { dhl: 'DHL', redpack: 'Redpack', fedex: 'FedEx', ampm: 'AM/PM', estafeta: 'Estafeta' }[carrier];
  return {
    carrier: carrierName,
    carrier_code: carrier,
    carrier_service_name: name,
    service_id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    carrier_logo_url: carrierLogoUrl(carrier),
    carrier_logo_url_svg: carrierLogoUrl(carrier),
    total_amount: net,
    net_total_amount: net,
    price_per_guide: perGuide,
    overweight_amount: 0,
    guides,
    currency: 'MXN',
    date: '2026-11-23',
    estimated_delivery: '2026-11-27',
    total_transit_days: days,
    transit_text: '',
    is_remote: false,
    billable_weight_kg: 6,
    source: 'tariffs',
    services: [{ code: 'base', service_name: 'Tarifa base (3 kg)', price: perGuide, quantity: guides, amount: net }],
    ...over,
  };
}

export function quoteAnswer(options: ShippingOption[], unavailable: QuoteResponse['unavailable_carriers'] = []): QuoteResponse {
  return { options, unavailable_carriers: unavailable, guides: 2, quoted_at: '2026-11-22T16:00:00.000Z' };
}

/** POST /api/v1/quoting answering `answer`; the bodies received are recorded. */
export function quotingHandler(answer: QuoteResponse | (() => QuoteResponse)) {
  const bodies: unknown[] = [];
  const handler = http.post('/api/v1/quoting', async ({ request }) => {
    bodies.push(await request.json());
    return HttpResponse.json(typeof answer === 'function' ? answer() : answer);
  });
  return { handler, bodies };
}
