import { z } from 'zod';
import { ADDRESS_TEXT_MAX } from './addresses.js';
import { carrierCodeSchema } from './carriers.js';
import { pagedSchema, PAGE_SIZE } from './pagination.js';
import { shipmentSchema } from './shipment-detail.js';
import { BULK_MAX } from './shipment-inputs.js';

/** Mis Envíos' list, its filters and bulk actions, and the statistics built from its rows. */

// ---------------------------------------------------------------- list and filters

export const PAYMENT_STATUS_FILTERS = ['paid', 'unpaid'] as const;
export const PRINTED_FILTERS = ['yes', 'no'] as const;
export const printedFilterLabels = { yes: 'Impresas', no: 'Sin imprimir' } as const;
/** The payment filter: 'Guía sin pago' / 'Pagado'. */
export const paymentStatusLabels = { unpaid: 'Guía sin pago', paid: 'Pagado' } as const;

/**
 * `GET /api/v1/shipments/all/{userId}` and its filter variants. Keywords match the destination
 * name or address or the service name; the words `true`/`false` match the paid status.
 * All filters apply together; paging is in SQL.
 */
export const shipmentListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'La página debe ser un número.' })
    .int({ error: 'La página debe ser un número entero.' })
    .min(1, { error: 'La página debe ser al menos 1.' })
    .default(1),
  limit: z.coerce
    .number({ error: 'El tamaño de página debe ser un número.' })
    .int()
    .min(1, { error: 'El tamaño de página debe ser al menos 1.' })
    .max(100, { error: 'El tamaño de página debe ser como máximo 100.' })
    .default(PAGE_SIZE),
  /** Comma-separated keywords (each a badge in the UI), each up to 35 characters. */
  keywords: z.string().trim().max(400, { error: 'Las palabras clave son demasiado largas.' }).optional(),
  /** A catalogue service id. */
  service: z.uuid({ error: 'El servicio no es válido.' }).optional(),
  status: z.enum(PAYMENT_STATUS_FILTERS, { error: 'El estatus de pago debe ser paid o unpaid.' }).optional(),
  /** «Impresas» (yes) or «Sin imprimir» (no): whether the guide's label was downloaded. */
  printed: z.enum(PRINTED_FILTERS, { error: 'El filtro de impresión debe ser yes o no.' }).optional(),
});
export type ShipmentListQuery = z.input<typeof shipmentListQuerySchema>;

/**
 * `GET /api/v1/shipments/references/{reference}`: the shipments one OXXO slip pays,
 * for the slip's owner or an admin, by folio.
 */
export const shipmentReferenceParamsSchema = z.object({
  reference: z
    .string({ error: 'La referencia es obligatoria.' })
    .trim()
    .min(1, { error: 'La referencia es obligatoria.' })
    .max(64, { error: 'La referencia debe tener como máximo 64 caracteres.' })
    .regex(/^[A-Za-z0-9-]+$/, { error: 'La referencia solo lleva letras, dígitos y guiones.' }),
});
export const shipmentsByReferenceSchema = z.array(shipmentSchema);

/** A list row: what the table needs, not the whole shipment. */
export const shipmentRowSchema = z.object({
  _id: z.uuid(),
  created_at: z.iso.datetime(),
  numberOfOrder: z.number().int(),
  destination_name: z.string(),
  destination_line: z.string(),
  destination_postal_code: z.string(),
  destination_city: z.string(),
  carrier: z.string(),
  carrier_code: carrierCodeSchema,
  carrier_service_name: z.string(),
  service_id: z.uuid(),
  number_guide: z.string().nullable(),
  status: z.boolean(),
  tracking_status: z.string().nullable(),
  total_transit_days: z.number().int(),
  total_amount: z.number(),
  currency: z.literal('MXN'),
  /** Label URL when paid and issued, else null. */
  guide: z.string().nullable(),
  /** When the label was first downloaded («Impresa»), else null. */
  label_printed_at: z.iso.datetime().nullable(),
});
export type ShipmentRow = z.infer<typeof shipmentRowSchema>;
export const shipmentPageSchema = pagedSchema(shipmentRowSchema);
export type ShipmentPage = z.infer<typeof shipmentPageSchema>;

/** A service for the filter dropdowns (`/carrier-services`, `/all-carrier-services`), labelled 'carrier - service'. */
export const carrierServiceOptionSchema = z.object({
  service_id: z.uuid(),
  carrier: z.string(),
  carrier_code: carrierCodeSchema,
  carrier_service_name: z.string(),
  label: z.string(),
});
export type CarrierServiceOption = z.infer<typeof carrierServiceOptionSchema>;
/** `/shipments/all/{userId}/carrier-services` and `/shipments/all-carrier-services` answer a bare array. */
export const carrierServiceListSchema = z.array(carrierServiceOptionSchema);

/** Each keyword of `keywords` (and of the variants' `filter`/`q`) is at most this long. */
export const KEYWORD_MAX = 35;

/** Splits 'a, b ,,c' into ['a', 'b', 'c'] (the list's keyword badges travel comma-separated). */
export function splitKeywords(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

const pageShape = { page: shipmentListQuerySchema.shape.page, limit: shipmentListQuerySchema.shape.limit };
const keywordsText = (field: string) =>
  z
    .string()
    .trim()
    .max(400, { error: `${field} es demasiado largo.` })
    .optional();

/** `/shipments/all/{userId}/query?filter=`: comma-separated keywords, as `keywords`. */
export const shipmentQueryFilterSchema = z.object({ ...pageShape, filter: keywordsText('El filtro') });
/** `/shipments/all/{userId}/filter?q=`: comma-separated keywords, as `keywords`. */
export const shipmentFilterQuerySchema = z.object({ ...pageShape, q: keywordsText('La búsqueda') });
/** `/shipments/all/{userId}/guide?status=true|false`: paid (true) or unpaid (false). */
export const shipmentGuideQuerySchema = z.object({
  ...pageShape,
  status: z.enum(['true', 'false'], { error: 'El estatus debe ser true o false.' }),
});
/** `/shipments/all/{userId}/carrier?name=`: a carrier code (dhl, fedex…) or part of a service name. */
export const shipmentCarrierQuerySchema = z.object({
  ...pageShape,
  name: z
    .string({ error: 'La paquetería es obligatoria.' })
    .trim()
    .min(1, { error: 'La paquetería es obligatoria.' })
    .max(80, { error: 'La paquetería debe tener como máximo 80 caracteres.' }),
});

/** `POST /api/v1/shipments/all` (duplicate) and `/shipments/all/delete`. */
export const duplicateShipmentsSchema = z.object({
  shipments: z
    .array(z.uuid({ error: 'El envío no es válido.' }))
    .min(1, { error: 'Selecciona al menos un envío.' })
    .max(BULK_MAX, { error: `Selecciona como máximo ${BULK_MAX} envíos.` }),
});
export const deleteShipmentsSchema = z.object({
  list_id: z
    .array(z.uuid({ error: 'El envío no es válido.' }))
    .min(1, { error: 'Selecciona al menos un envío.' })
    .max(BULK_MAX, { error: `Selecciona como máximo ${BULK_MAX} envíos.` }),
});
export const bulkResultSchema = z.object({ count: z.number().int(), shipments: z.array(z.uuid()) });
export type BulkResult = z.infer<typeof bulkResultSchema>;

// ---------------------------------------------------------------- statistics ('Mis Estadisticas')

export const lastShipmentsQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(ADDRESS_TEXT_MAX, { error: `La búsqueda debe tener como máximo ${ADDRESS_TEXT_MAX} caracteres.` })
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(5),
});

/**
 * The account's shipment summaries, computed in SQL. Amounts MXN. `per_carrier` and `totals` count
 * guides, that is paid shipments only (the unpaid ones are in `payment_status`).
 */
export const shipmentStatsSchema = z.object({
  payment_status: z.object({
    unpaid_guide: z.number().int(),
    paid_guide: z.number().int(),
    unpaid_amount: z.number(),
    paid_amount: z.number(),
  }),
  per_carrier: z.array(z.object({ carrier_code: carrierCodeSchema, carrier: z.string(), guides: z.number().int(), cost: z.number() })),
  totals: z.object({ guides: z.number().int(), cost: z.number() }),
});
export type ShipmentStats = z.infer<typeof shipmentStatsSchema>;

/** `GET /api/v1/last/shipment/{userId}`: the newest rows (bare array). */
export const lastShipmentsResponseSchema = z.array(shipmentRowSchema);
