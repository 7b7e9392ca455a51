import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@envios/contracts/errors';
import { shipmentPageSchema, type ShipmentRow } from '@envios/contracts/shipments';
import { compiledSerializerCompiler } from '../../shared/fast-serializer.js';
import { toPage } from '../../shared/pagination.js';
import { pagedSerializerCompiler } from './shipments.page-serializer.js';

function row(n: number, overrides: Partial<ShipmentRow> = {}): ShipmentRow {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    numberOfOrder: n,
    destination_name: `Cliente Ñandú “${n}”`,
    destination_line: 'Av. Juárez 123, Juárez Centro, Ciudad de México, Cuauhtémoc',
    destination_postal_code: '06600',
    destination_city: 'Ciudad de México, Cuauhtémoc',
    carrier: 'AM/PM',
    carrier_code: 'ampm',
    carrier_service_name: 'ESTANDAR',
    service_id: '30c4f9e0-001f-42a6-a956-5cb0969e4892',
    number_guide: n % 2 ? null : `GUIA${n}`,
    status: n % 3 === 0,
    tracking_status: n % 4 ? null : 'En tránsito',
    total_transit_days: 4,
    total_amount: 144.48 + n,
    currency: 'MXN',
    guide: null,
    label_printed_at: n % 5 === 0 ? new Date(Date.UTC(2026, 0, 2)).toISOString() : null,
    ...overrides,
  };
}

const plain = compiledSerializerCompiler({ schema: shipmentPageSchema });
const paged = pagedSerializerCompiler({ schema: shipmentPageSchema });
const text = (written: unknown) => (Buffer.isBuffer(written) ? written.toString('utf8') : (written as string));

describe('the list pages serializer', () => {
  it('writes exactly the bytes of the page schema’s serializer, for kept (frozen) rows and fresh ones', () => {
    const frozen = Array.from({ length: 10 }, (_, i) => Object.freeze(row(i + 1)));
    for (const docs of [frozen, frozen.map((r) => ({ ...r })), [], [Object.freeze(row(99, { destination_name: 'comillas " y \\ barra' }))]]) {
      const page = toPage(docs, 1234, 3, 10);
      expect(text(paged(page))).toBe(plain(page));
      expect(text(paged(Object.freeze({ ...page })))).toBe(plain(page));
    }
  });

  it('writes a kept row once, and a kept page once, however many pages show them', () => {
    const shared = Object.freeze(row(7));
    const first = Object.freeze(toPage([shared], 1, 1, 10));
    expect(paged(first)).toBe(paged(first));
    // The same row in another page: that page's bytes still hold it as the schema writes it.
    const other = toPage([Object.freeze(row(8)), shared], 2, 1, 10);
    expect(text(paged(other))).toBe(plain(other));
  });

  it('leaves answers that are not pages to the schema’s own serializer', () => {
    const error = { message: 'No autorizado', code: 'auth.unauthenticated' };
    expect(pagedSerializerCompiler({ schema: apiErrorSchema })(error)).toBe(compiledSerializerCompiler({ schema: apiErrorSchema })(error));
  });
});
