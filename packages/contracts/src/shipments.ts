import { z } from 'zod';
import {
  destinationAddressSchema,
  originAddressSchema,
  shipmentAddressResponseSchema,
  ADDRESS_TEXT_MAX,
} from './addresses.js';
import { carrierCodeSchema } from './carriers.js';
import { pagedSchema, PAGE_SIZE } from './pagination.js';
import { MAX_GUIDES_PER_QUOTE, PACKAGE_TYPES, parcelSchema, requestParcelSchema, requireMeasures, shippingOptionSchema, withDocumentPreset } from './quotes.js';
import { overweightCostSchema, overweightKgSchema, overweightMeasuredSchema, overweightNoteSchema } from './overweight.js';

/**
 * Shipments: the wizard's creation, the list, detail and edits, statistics and the overweight
 * carried into the next purchase. A shipment exists
 * before payment (status false) with a frozen price snapshot computed by the server; the client's
 * price is only compared, never trusted.
 *
 * One guide per shipment: creating N guides from the wizard creates N shipments, the parcel list
 * repeated in order (like the quote). A shipment whose parcels are edited to several pieces is
 * priced as that many pieces.
 */

export const DESCRIPTION_MAX = ADDRESS_TEXT_MAX;
/** Choosing Documento in the edit screens sets one parcel of 41 × 31 × 1 cm. */
export const EDIT_DOCUMENT_PRESET = { width: 41, depth: 31, height: 1 } as const;
/** 'Solicitar recolección local' only when the origin city is Guadalajara. */
export const LOCAL_PICKUP_CITY = 'Guadalajara';
/** The wizard's step counter moves within 1..6 (steps 5 and 6 are never shown). */
export const WIZARD_MAX_STEP = 6;
/** How many shipments one bulk call (duplicate, delete, home/all) may name. */
export const BULK_MAX = 100;

/** True when 'Estado, Guadalajara' or 'Guadalajara' (accents and case ignored). */
export function offersLocalPickup(city: string): boolean {
  const part = (city.split(',').pop() ?? '').trim();
  return part.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase() === LOCAL_PICKUP_CITY.toLowerCase();
}

export const descriptionSchema = z
  .string({ error: 'La descripción del contenido es obligatoria.' })
  .trim()
  .min(1, { error: 'La descripción del contenido es obligatoria.' })
  .max(DESCRIPTION_MAX, { error: `La descripción del contenido debe tener como máximo ${DESCRIPTION_MAX} caracteres.` });

/** 'Asegura tu envío': every field is required when insurance is chosen. */
export const insuranceInformationSchema = z.object({
  package_value: z
    .number({ error: 'El valor del paquete debe ser un número.' })
    .gt(0, { error: 'El valor del paquete debe ser mayor que 0.' })
    .max(1_000_000, { error: 'El valor del paquete debe ser como máximo MX$1,000,000.00.' }),
  responsible_for_the_package: z
    .string({ error: 'El responsable del paquete es obligatorio.' })
    .trim()
    .min(1, { error: 'El responsable del paquete es obligatorio.' })
    .max(ADDRESS_TEXT_MAX, { error: `El responsable del paquete debe tener como máximo ${ADDRESS_TEXT_MAX} caracteres.` }),
  mail_responsible: z
    .string({ error: 'El correo de contacto es obligatorio.' })
    .trim()
    .pipe(z.email({ error: 'Debes introducir un correo electrónico válido' })),
  /** MXN, the insurance cost the quote computed (read-only for the client; the server recomputes it). */
  cost: z.number().min(0).optional(),
});
export type InsuranceInformation = z.infer<typeof insuranceInformationSchema>;

/** The option the customer chose; the server re-quotes and compares `net_total_amount` to the centavo. */
export const selectedServiceInputSchema = z.object({
  service_id: z.uuid({ error: 'Elige un servicio de paquetería.' }),
  /** MXN the customer saw for these guides (without earlier overweight). */
  net_total_amount: z.number({ error: 'El precio del servicio es obligatorio.' }).min(0),
});

const shipmentBodyShape = {
  selected_service: selectedServiceInputSchema,
  shipment_type: z.enum(PACKAGE_TYPES, { error: 'El tipo de envío debe ser sobre, paquete o tarima.' }),
  parcels: z
    .array(requestParcelSchema, { error: 'Los paquetes son obligatorios.' })
    .min(1, { error: 'Agrega al menos un paquete.' })
    .max(MAX_GUIDES_PER_QUOTE, { error: `Puedes enviar como máximo ${MAX_GUIDES_PER_QUOTE} paquetes.` }),
  /** Number of guides (one shipment each); the parcel list is repeated to this many entries. */
  cantidadGuias: z
    .number({ error: 'El número de guías debe ser un número.' })
    .gt(0, { error: 'El número de guías debe ser al menos 1.' })
    .max(MAX_GUIDES_PER_QUOTE, { error: `El número de guías debe ser como máximo ${MAX_GUIDES_PER_QUOTE}.` })
    .transform((v) => Math.ceil(v))
    .default(1),
  origin_direction: originAddressSchema,
  destination_direction: destinationAddressSchema,
  description_of_the_content: descriptionSchema,
  package_insurance: z.boolean().default(false),
  insurance_information: insuranceInformationSchema.optional(),
  /** 'Guardar dirección' per side: also keep this side in the caller's saved addresses. */
  save_origin: z.boolean().default(false),
  save_destination: z.boolean().default(false),
  /** 'Solicitar recolección local' (only when the origin city is Guadalajara). */
  local_pickup: z.boolean().default(false),
  /** Ignored unless the caller is an admin creating for that user; the session decides. */
  user: z.uuid().optional(),
  shipment_ecommerce: z.object({ order_id: z.string().max(64), ecommerce_type: z.literal('woocommerce') }).optional(),
};

/** `POST /api/v1/shipments` and `POST /api/v1/shipments/home`: one body, `cantidadGuias` shipments. */
export const createShipmentSchema = z
  .object(shipmentBodyShape)
  .superRefine((s, ctx) => {
    if (s.shipment_type === 'document' && s.parcels.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['parcels'], message: 'Un sobre se envía como un solo paquete.' });
    }
    requireMeasures(s.shipment_type, s.parcels, ctx);
    if (s.parcels.length > s.cantidadGuias) {
      ctx.addIssue({ code: 'custom', path: ['parcels'], message: 'Cada guía lleva un solo paquete: agrega guías o quita paquetes.' });
    }
    if (s.package_insurance && !s.insurance_information) {
      ctx.addIssue({ code: 'custom', path: ['insurance_information'], message: 'Los datos del seguro son obligatorios.' });
    }
    if (s.local_pickup && !offersLocalPickup(s.origin_direction.city)) {
      ctx.addIssue({ code: 'custom', path: ['local_pickup'], message: 'La recolección local solo está disponible con origen en Guadalajara.' });
    }
  })
  // A sobre travels with the preset measures, as in the quote.
  .transform((s) => ({ ...s, parcels: withDocumentPreset(s.shipment_type, s.parcels) }));
export type CreateShipmentInput = z.input<typeof createShipmentSchema>;
export type CreateShipment = z.output<typeof createShipmentSchema>;

/** `POST /api/v1/shipments/home/all`: several bodies at once (public variant). */
export const createManyShipmentsSchema = z.object({
  shipments: z.array(createShipmentSchema).min(1, { error: 'Envía al menos un envío.' }).max(BULK_MAX),
});

/** The price snapshot frozen at creation (or at the last re-quote): what is charged and why. */
export const selectedServiceSchema = shippingOptionSchema
  .pick({
    service_id: true,
    carrier: true,
    carrier_code: true,
    carrier_service_name: true,
    carrier_logo_url: true,
    carrier_logo_url_svg: true,
    net_total_amount: true,
    currency: true,
    date: true,
    estimated_delivery: true,
    total_transit_days: true,
    transit_text: true,
    is_remote: true,
    billable_weight_kg: true,
    source: true,
    services: true,
  })
  .extend({
    /** MXN for this shipment (its guide); earlier overweight is charged at payment, not here. */
    total_amount: z.number(),
    quoted_at: z.iso.datetime(),
  });
export type SelectedServiceSnapshot = z.infer<typeof selectedServiceSchema>;

export const parcelResponseSchema = z.object({
  height: z.number(),
  width: z.number(),
  depth: z.number(),
  weight: z.number(),
  /** height × width × depth / 5000, kg, two decimals. */
  volumetric_weight: z.number(),
});

/** A shipment, as the API answers it. */
export const shipmentSchema = z.object({
  _id: z.uuid(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  numberOfOrder: z.number().int(),
  user: z.uuid(),
  customer_info: z.object({ first_names: z.string(), last_names: z.string(), email: z.string() }),
  origin_direction: shipmentAddressResponseSchema,
  destination_direction: shipmentAddressResponseSchema,
  selected_service: selectedServiceSchema,
  shipment_type: z.enum(PACKAGE_TYPES),
  parcels: z.array(parcelResponseSchema),
  description_of_the_content: z.string(),
  package_insurance: z.boolean(),
  insurance_information: insuranceInformationSchema.nullable(),
  shipment_ecommerce: z.object({ order_id: z.string(), ecommerce_type: z.string() }).nullable(),
  local_pickup: z.boolean(),
  /** true = paid. */
  status: z.boolean(),
  paid_at: z.iso.datetime().nullable(),
  /** Where the label lives once issued (`/api/v1/shipments/{id}/label`), else null. */
  guide: z.string().nullable(),
  number_guide: z.string().nullable(),
  reference: z.string().nullable(),
  /** Kilos over what was declared, as the carrier measured (admin), and its cost in MXN. */
  overweight: z.number().nullable(),
  cost_overweight: z.number().nullable(),
  overweight_paid: z.boolean(),
  /** Spanish headline of the latest tracking status, or null before any. */
  tracking_status: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** `POST /api/v1/shipments`, `/shipments/home`: the first id (spec: `_id`) and every shipment created. */
export const createShipmentResponseSchema = z.object({
  _id: z.uuid(),
  shipments: z.array(shipmentSchema),
});

// ---------------------------------------------------------------- list and filters

export const PAYMENT_STATUS_FILTERS = ['paid', 'unpaid'] as const;
/** The payment filter: 'Guía sin pago' / 'Pagado'. */
export const paymentStatusLabels = { unpaid: 'Guía sin pago', paid: 'Pagado' } as const;

/**
 * `GET /api/v1/shipments/all/{userId}` and its filter variants. Keywords match the destination
 * name or address or the service name; the words `true`/`false` match the paid status.
 * All filters apply together; paging is in SQL.
 */
export const shipmentListQuerySchema = z.object({
  page: z.coerce.number({ error: 'La página debe ser un número.' }).int({ error: 'La página debe ser un número entero.' }).min(1, { error: 'La página debe ser al menos 1.' }).default(1),
  limit: z.coerce.number({ error: 'El tamaño de página debe ser un número.' }).int().min(1, { error: 'El tamaño de página debe ser al menos 1.' }).max(100, { error: 'El tamaño de página debe ser como máximo 100.' }).default(PAGE_SIZE),
  /** Comma-separated keywords (each a badge in the UI), each up to 35 characters. */
  keywords: z.string().trim().max(400, { error: 'Las palabras clave son demasiado largas.' }).optional(),
  /** A catalogue service id. */
  service: z.uuid({ error: 'El servicio no es válido.' }).optional(),
  status: z.enum(PAYMENT_STATUS_FILTERS, { error: 'El estatus de pago debe ser paid o unpaid.' }).optional(),
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
  z.string().trim().max(400, { error: `${field} es demasiado largo.` }).optional();

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
  shipments: z.array(z.uuid({ error: 'El envío no es válido.' })).min(1, { error: 'Selecciona al menos un envío.' }).max(BULK_MAX, { error: `Selecciona como máximo ${BULK_MAX} envíos.` }),
});
export const deleteShipmentsSchema = z.object({
  list_id: z.array(z.uuid({ error: 'El envío no es válido.' })).min(1, { error: 'Selecciona al menos un envío.' }).max(BULK_MAX, { error: `Selecciona como máximo ${BULK_MAX} envíos.` }),
});
export const bulkResultSchema = z.object({ count: z.number().int(), shipments: z.array(z.uuid()) });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** Mis Envíos' success texts, shown 5 seconds. */
export const shipmentMessages = {
  duplicated: 'Envíos duplicados exitosamente.',
  deleted: 'Envíos eliminados exitosamente.',
  paidSelectedTitle: 'Información Preventiva',
  paidSelected:
    'Ha seleccionado un envío que ya ha sido pagado; le invitamos a que desmarque las casillas correspondientes para poder continuar con su operación.',
  noGuide: 'Sin número de guía',
  noGuideStats: 'Sin número de guía',
  detailTitle: 'Detalles del envío',
  backToOrders: 'Volver a órdenes',
  loading: 'Cargando Envío...',
  paidCannotEdit: 'Este envío ya fue pagado y no se puede modificar.',
  paidCannotDelete: 'Un envío pagado no se puede eliminar.',
  priceChanged: 'El precio del servicio cambió. Vuelve a cotizar y elige de nuevo la paquetería.',
  requoteRequired: 'Cambiaste el código postal o los paquetes: vuelve a elegir la paquetería.',
  serviceUnavailable: 'El servicio elegido ya no está disponible para este envío. Elige otra paquetería.',
  accountInactive: 'Tu cuenta aún no está activa: un administrador debe aprobarla antes de crear envíos.',
  accountLocked: 'La cuenta tiene las compras bloqueadas y no puede comprar guías. Escríbenos para revisarla.',
  idempotencyConflict: 'Esta clave de idempotencia ya se usó con otros datos. Genera una nueva para una compra distinta.',
  overweightAdminOnly: 'Solo un administrador puede registrar sobrepeso.',
} as const;

export const shipmentErrorCodes = {
  notFound: 'shipments.not_found',
  paid: 'shipments.paid',
  priceChanged: 'shipments.price_changed',
  requoteRequired: 'shipments.requote_required',
  serviceUnavailable: 'shipments.service_unavailable',
  accountInactive: 'shipments.account_inactive',
  accountLocked: 'shipments.account_locked',
  idempotencyConflict: 'shipments.idempotency_conflict',
} as const;

/**
 * Optional header of the creation calls (`POST /shipments`, `/shipments/home`, `/shipments/home/all`):
 * the same key from the same user within 24 hours answers the first result instead of creating
 * the shipments again (a retried click or a lost answer never buys twice).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1, { error: 'La clave de idempotencia no puede estar vacía.' })
  .max(255, { error: 'La clave de idempotencia debe tener como máximo 255 caracteres.' })
  .regex(/^[\x21-\x7e]+$/, { error: 'La clave de idempotencia solo admite caracteres ASCII visibles.' });

export const shipmentIdParamsSchema = z.object({ id: z.uuid({ error: 'El identificador del envío no es válido.' }) });
export const shipmentUserParamsSchema = z.object({ userId: z.uuid({ error: 'El identificador del usuario no es válido.' }) });

// ---------------------------------------------------------------- edit (PUT /api/v1/shipments/{id})

/**
 * One or more blocks. A changed postal code, parcels or package type must come with a
 * new `selected_service` (the re-quote's choice); the server checks its price. `overweight` and
 * `cost_overweight` are admin-only.
 */
export const updateShipmentSchema = z
  .object({
    destination_direction: destinationAddressSchema.optional(),
    origin_direction: originAddressSchema.optional(),
    parcels: z.array(parcelSchema).min(1, { error: 'Agrega al menos un paquete.' }).max(MAX_GUIDES_PER_QUOTE).optional(),
    shipment_type: z.enum(PACKAGE_TYPES, { error: 'El tipo de envío debe ser sobre, paquete o tarima.' }).optional(),
    description_of_the_content: descriptionSchema.optional(),
    package_insurance: z.boolean().optional(),
    insurance_information: insuranceInformationSchema.nullable().optional(),
    selected_service: selectedServiceInputSchema.optional(),
    overweight: overweightKgSchema.optional(),
    cost_overweight: overweightCostSchema.optional(),
    /** With an overweight (admin): what the carrier measured and a note for the customer. */
    measured: overweightMeasuredSchema.optional(),
    overweight_note: overweightNoteSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: 'No hay cambios que aplicar.' })
  .superRefine((b, ctx) => {
    if (b.shipment_type === 'document' && b.parcels && b.parcels.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['parcels'], message: 'Un sobre se envía como un solo paquete.' });
    }
    if ((b.overweight === undefined) !== (b.cost_overweight === undefined)) {
      ctx.addIssue({ code: 'custom', path: [b.overweight === undefined ? 'overweight' : 'cost_overweight'], message: 'Sobrepeso y costo van juntos.' });
    }
    if ((b.measured !== undefined || b.overweight_note !== undefined) && b.overweight === undefined) {
      ctx.addIssue({ code: 'custom', path: ['overweight'], message: 'El sobrepeso es obligatorio.' });
    }
  });
export type UpdateShipmentInput = z.input<typeof updateShipmentSchema>;

// ---------------------------------------------------------------- statistics ('Mis Estadisticas')

export const lastShipmentsQuerySchema = z.object({
  search: z.string().trim().max(ADDRESS_TEXT_MAX, { error: `La búsqueda debe tener como máximo ${ADDRESS_TEXT_MAX} caracteres.` }).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(5),
});

/** The account's shipment summaries, computed in SQL. Amounts MXN. */
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

/** `GET /api/v1/status/guide/{id}` (`messge` is spelled as existing clients read it). */
export const guideStatusSchema = z.object({ number_guide: z.string().nullable(), messge: z.string() });
export type GuideStatus = z.infer<typeof guideStatusSchema>;

/** `GET /api/v1/parcels/{id}`: a shipment's parcels with their volumetric weight. */
export const shipmentParcelsResponseSchema = z.object({
  _id: z.uuid(),
  shipment_type: z.enum(PACKAGE_TYPES),
  parcels: z.array(parcelResponseSchema),
});

// ---------------------------------------------------------------- overweight owed

/** `GET /api/v1/shipments/all/{userId}/overweight`: unpaid overweight of paid shipments. */
export const overweightOwedSchema = z.object({
  docs: z.array(
    z.object({
      _id: z.uuid(),
      numberOfOrder: z.number().int(),
      number_guide: z.string().nullable(),
      overweight: z.number(),
      cost_overweight: z.number(),
    }),
  ),
  /** MXN, the sum of `cost_overweight`, added once to the next purchase. */
  total_cost_overweight: z.number(),
});
export type OverweightOwed = z.infer<typeof overweightOwedSchema>;

/** Volumetric weight shown in the detail, two decimals. */
export function volumetricWeightRounded(p: { height: number; width: number; depth: number }): number {
  return Math.round(((p.height * p.width * p.depth) / 5000) * 100) / 100;
}
