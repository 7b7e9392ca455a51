import { createElement } from 'react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { SavedLocation } from '@envios/contracts/addresses';
import type { PostalSuggestion } from '@envios/contracts/geography';
import type { OverweightOwed, Shipment } from '@envios/contracts/shipments';
import type { PostalCodeFieldProps } from '@/components/ui/form/geography-fields';
import { demoPostalCodes } from './mock-geography';
import { demoUserId, shipmentId, shipmentRecord } from './mock-shipment-records';

/** Test data and mock endpoints for the new-shipment wizard. */
export { demoUserId };

export const demoUser = {
  _id: demoUserId,
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@correo.test',
  phone: '3312345678',
  website: null,
  rol: 'user',
  active: true,
  locked: false,
  purchasesBlocked: false,
  approvedAt: '2026-01-01T00:00:00.000Z',
  status: 'active',
  invoice: false,
  taxInformation: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const meHandler = (status = 200, body: JsonBodyType = demoUser) => http.get('/api/v1/me', () => HttpResponse.json(body, { status }));

export const noOverweight: OverweightOwed = { docs: [], total_cost_overweight: 0 };

/** GET /api/v1/shipments/all/{userId}/overweight answering `owed`. */
export const overweightHandler = (owed: OverweightOwed = noOverweight) => http.get('/api/v1/shipments/all/:userId/overweight', () => HttpResponse.json(owed));

/** `count` shipments as POST /shipments answers them, folios 2001…, `perGuide` MXN each. */
export function createdShipments(count: number, perGuide = 144.48): { _id: string; shipments: Shipment[] } {
  const shipments = Array.from({ length: count }, (_, i) =>
    shipmentRecord({
      _id: shipmentId(100 + i),
      numberOfOrder: 2001 + i,
      selected_service: { ...shipmentRecord().selected_service, total_amount: perGuide, net_total_amount: perGuide },
    }),
  );
  return { _id: shipments[0]!._id, shipments };
}

export interface RecordedCreate {
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

/**
 * POST /api/v1/shipments (or /shipments/home) answering each call in turn from `answers` (the
 * last one repeats); the bodies and idempotency keys received are recorded.
 */
export function createShipmentsHandler(path: '/api/v1/shipments' | '/api/v1/shipments/home', answers: { status: number; body: JsonBodyType }[]) {
  const calls: RecordedCreate[] = [];
  const handler = http.post(path, async ({ request }) => {
    calls.push({ body: (await request.json()) as Record<string, unknown>, idempotencyKey: request.headers.get('Idempotency-Key') });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return HttpResponse.json(answer.body, { status: answer.status });
  });
  return { handler, calls };
}

/** DELETE /api/v1/shipments/{id}: 204 unless the id is in `failing` (500); the ids are recorded. */
export function deleteShipmentHandler(failing: string[] = []) {
  const deleted: string[] = [];
  const handler = http.delete('/api/v1/shipments/:id', ({ params }) => {
    const id = String(params.id);
    if (failing.includes(id)) return HttpResponse.json({ message: 'Error interno.', code: 'server.internal' }, { status: 500 });
    deleted.push(id);
    return new HttpResponse(null, { status: 204 });
  });
  return { handler, deleted };
}

export function savedLocation(over: Partial<SavedLocation> = {}): SavedLocation {
  return {
    _id: '20000000-0000-4000-8000-000000000001',
    name: 'Bodega Centro',
    email: 'bodega@correo.test',
    phone: '3311112222',
    address: 'Av. Juárez, 100',
    street: 'Av. Juárez',
    number: '100',
    intNumber: '',
    address_line: 'Av. Juárez, 100',
    reference_of_origin: '',
    colony: 'Guadalajara Centro',
    postal_code: '44100',
    city: 'Jalisco, Guadalajara',
    state_code: 'JAL',
    country_code: 'MX',
    user: demoUserId,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** The demo catalogue plus 06600 (Juárez), the wizard's usual destination. */
export const wizardPlaces: PostalSuggestion[] = [
  ...demoPostalCodes,
  {
    postal_code: '06600',
    place_name: 'Juárez',
    city: 'Ciudad de México',
    municipality: 'Cuauhtémoc',
    state: 'Ciudad de México',
    state_short: 'CDMX',
    country_code: 'MX',
  },
];

/** A stand-in for geography's postal-code autocomplete: typing a known code picks it (its first colony). */
export function FakePostalCode(slot: PostalCodeFieldProps) {
  return createElement(
    'label',
    null,
    slot.label,
    createElement('input', {
      name: slot.name,
      defaultValue: slot.value,
      onChange: (e: { currentTarget: HTMLInputElement }) => slot.onChange(wizardPlaces.find((s) => s.postal_code === e.currentTarget.value) ?? null),
      onBlur: slot.onBlur,
    }),
    slot.error ? createElement('span', null, slot.error) : null,
  );
}
