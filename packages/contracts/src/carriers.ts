import { z } from 'zod';
import { pagedSchema, PAGE_SIZE } from './pagination.js';

/**
 * Carriers, their services and tariffs: the catalogue the quote is priced from, the
 * admin contracts that manage it, and the pure rules the web shares with the server (carrier
 * label by service name, transit text, the provider selector's speed filters).
 *
 * Money on the wire is decimal MXN with at most two decimals (the server keeps integer centavos);
 * percentages are decimal percent (12.5 = 12.5 %).
 */

// ---------------------------------------------------------------- carriers

/** The five carriers, in the order the provider filter lists them. */
export const CARRIER_CODES = ['dhl', 'redpack', 'fedex', 'ampm', 'estafeta'] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];

export const CARRIER_NAMES: Readonly<Record<CarrierCode, string>> = {
  dhl: 'DHL',
  redpack: 'Redpack',
  fedex: 'FedEx',
  ampm: 'AM/PM',
  estafeta: 'Estafeta',
};

export const carrierCodeSchema = z.enum(CARRIER_CODES, {
  error: 'La paquetería debe ser una de: dhl, redpack, fedex, ampm, estafeta.',
});

/** Where each carrier's logo is served (our own lettermark badges, SVG, long cache). */
export function carrierLogoUrl(code: CarrierCode): string {
  return `/api/v1/carriers/${code}/logo.svg`;
}

/**
 * The fixed service lists per carrier; "any other service is labelled Fedex".
 * `EXPRESS WORLDWIDE` (DHL's international service) is our addition, so that the rule does not
 * label it FedEx.
 */
export const FIXED_SERVICE_NAMES = {
  dhl: [
    'EXPRESS DOMESTIC 10:30',
    'EXPRESS DOMESTIC',
    'EXPRESS DOMESTIC DINAMICA',
    'EXPRESS DOMESTIC 12:00',
    'ECONOMY SELECT DOMESTIC',
    'EXPRESS DOMESTIC FLAT',
    'SAMEDAY SPRINTLINE',
    'EXPRESS WORLDWIDE',
  ],
  redpack: ['ECOEXPRESS'],
  ampm: ['ESTANDAR', 'EXPRESS'],
  estafeta: ['Envío Economico', 'Envío Express', 'TERRESTRE', 'DIA SIG'],
} as const satisfies Partial<Record<CarrierCode, readonly string[]>>;

/** Service names compare without case, accents or repeated spaces ("Envío Economico" = "ENVIO ECONOMICO"). */
export function normalizeServiceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

const CARRIER_BY_SERVICE = new Map<string, CarrierCode>(
  Object.entries(FIXED_SERVICE_NAMES).flatMap(([code, names]) =>
    names.map((n) => [normalizeServiceName(n), code as CarrierCode] as const),
  ),
);

/** The carrier a service name belongs to, by the fixed lists; any other name is FedEx. */
export function carrierCodeForServiceName(serviceName: string): CarrierCode {
  return CARRIER_BY_SERVICE.get(normalizeServiceName(serviceName)) ?? 'fedex';
}

/** The label shown for a service ('DHL', 'Redpack', 'FedEx', 'AM/PM', 'Estafeta'). */
export function carrierLabelForServiceName(serviceName: string): string {
  return CARRIER_NAMES[carrierCodeForServiceName(serviceName)];
}

// ---------------------------------------------------------------- transit texts and speed

/** The transit text mapped per service name. */
export const TRANSIT_TEXTS: Readonly<Record<string, string>> = {
  'EXPRESS DOMESTIC 10:30': 'Día siguiente hábil antes de las 10:30',
  'EXPRESS DOMESTIC 12:00': 'Día siguiente hábil antes de las 12:00',
  'EXPRESS DOMESTIC': 'Día siguiente hábil',
  'EXPRESS DOMESTIC DINAMICA': 'Día siguiente hábil',
  'EXPRESS DOMESTIC FLAT': 'Día siguiente hábil, precio fijo hasta 5 kg',
  'ECONOMY SELECT DOMESTIC': 'Económico: de 1 a 4 días hábiles',
  'SAMEDAY SPRINTLINE': 'Mismo día, dentro del estado',
  ECOEXPRESS: 'Económico: de 2 a 5 días hábiles',
  ESTANDAR: 'De 2 a 4 días hábiles',
  EXPRESS: 'Día siguiente hábil',
  'Envío Economico': 'Económico: de 1 a 4 días hábiles',
  'Envío Express': 'Día siguiente hábil',
  TERRESTRE: 'Terrestre: de 2 a 5 días hábiles',
  'DIA SIG': 'Día siguiente hábil',
  'FEDEX STANDARD OVERNIGHT': 'Día siguiente hábil',
  'FEDEX EXPRESS SAVER': 'De 1 a 3 días hábiles',
  'FEDEX 2DAY FREIGHT': 'Carga: de 2 a 3 días hábiles',
  'EXPRESS WORLDWIDE': 'Internacional: de 1 a 3 días hábiles',
  'FEDEX INTERNATIONAL PRIORITY': 'Internacional: de 1 a 3 días hábiles',
  'FEDEX INTERNATIONAL ECONOMY': 'Internacional: de 2 a 5 días hábiles',
};

const TRANSIT_BY_NAME = new Map(Object.entries(TRANSIT_TEXTS).map(([name, text]) => [normalizeServiceName(name), text]));

/** The transit text of a service; a name without one reads from its transit days. */
export function transitTextForService(serviceName: string, transitDays?: number): string {
  const known = TRANSIT_BY_NAME.get(normalizeServiceName(serviceName));
  if (known) return known;
  if (transitDays === undefined) return 'Tiempo de entrega por confirmar';
  if (transitDays <= 0) return 'Mismo día';
  if (transitDays === 1) return 'Día siguiente hábil';
  return `${transitDays} días hábiles`;
}

/** Speed filters on `total_transit_days`, inclusive ranges. */
export const SPEED_FILTERS = [
  { id: '1-2', label: '1 a 2 días', minDays: 0, maxDays: 2 },
  { id: '1-3', label: '1 a 3 días', minDays: 1, maxDays: 3 },
  { id: '2-5', label: '2 a 5 días', minDays: 2, maxDays: 5 },
  // The provider selector's own ranges: 'Día siguiente' (same day included) and '2 a 4'.
  { id: 'next-day', label: 'Día siguiente', minDays: 0, maxDays: 1 },
  { id: '2-4', label: '2 a 4 días', minDays: 2, maxDays: 4 },
] as const;
export type SpeedFilterId = (typeof SPEED_FILTERS)[number]['id'];

/** The filters the provider selector offers, in this order. */
export const PROVIDER_SELECTOR_SPEED_FILTERS: readonly SpeedFilterId[] = ['next-day', '1-2', '2-4', '2-5'];

/** With no filter chosen every option shows; otherwise an option shows when any chosen range holds it. */
export function matchesSpeedFilters(totalTransitDays: number, chosen: readonly SpeedFilterId[]): boolean {
  if (chosen.length === 0) return true;
  return SPEED_FILTERS.some((f) => chosen.includes(f.id) && totalTransitDays >= f.minDays && totalTransitDays <= f.maxDays);
}

/**
 * The provider filter (DHL, Redpack, FedEx, AM/PM, Estafeta, in `CARRIER_CODES`
 * order, labelled by `CARRIER_NAMES`). Filter options by their `carrier_code`; with none chosen,
 * all options show. Provider and speed filters combine (both must hold).
 */
export function matchesProviderFilters(carrierCode: CarrierCode, chosen: readonly CarrierCode[]): boolean {
  return chosen.length === 0 || chosen.includes(carrierCode);
}

// ---------------------------------------------------------------- zones

/**
 * Domestic zones come from the origin and destination states: `local` the same state,
 * `regional` the same or a neighbouring region, `extendida` to or from the far ends of the
 * country (the Baja California peninsula, the Yucatán peninsula, Chiapas), `nacional` the rest.
 * International zones go by destination country (int-1 USA and Canada … int-7 rest of the world).
 */
export const DOMESTIC_ZONES = ['local', 'regional', 'nacional', 'extendida'] as const;
export const INTERNATIONAL_ZONES = ['int-1', 'int-2', 'int-3', 'int-4', 'int-5', 'int-6', 'int-7'] as const;
export const TARIFF_ZONES = [...DOMESTIC_ZONES, ...INTERNATIONAL_ZONES] as const;
export type TariffZone = (typeof TARIFF_ZONES)[number];

export const ZONE_LABELS: Readonly<Record<TariffZone, string>> = {
  local: 'Local (mismo estado)',
  regional: 'Regional',
  nacional: 'Nacional',
  extendida: 'Extendida',
  'int-1': 'Internacional 1: Estados Unidos y Canadá',
  'int-2': 'Internacional 2: Centroamérica y el Caribe',
  'int-3': 'Internacional 3: Sudamérica',
  'int-4': 'Internacional 4: Europa occidental',
  'int-5': 'Internacional 5: resto de Europa y Medio Oriente cercano',
  'int-6': 'Internacional 6: Asia y Oceanía',
  'int-7': 'Internacional 7: resto del mundo',
};

export const tariffZoneSchema = z.enum(TARIFF_ZONES, {
  error: `La zona debe ser una de: ${TARIFF_ZONES.join(', ')}.`,
});

// ---------------------------------------------------------------- shared field schemas

export const SERVICE_SCOPES = ['domestic', 'international'] as const;
export type ServiceScope = (typeof SERVICE_SCOPES)[number];
export const serviceScopeSchema = z.enum(SERVICE_SCOPES);

/** Prepaid guides loaded by an admin, or guides issued by the carrier's API. */
export const GUIDE_SOURCES = ['inventory', 'carrier_api'] as const;
export type GuideSource = (typeof GUIDE_SOURCES)[number];
export const guideSourceSchema = z.enum(GUIDE_SOURCES, { error: 'El origen de guías debe ser inventory o carrier_api.' });

export const SERVICE_PACKAGE_TYPES = ['document', 'box', 'pallet'] as const;
export const servicePackageTypeSchema = z.enum(SERVICE_PACKAGE_TYPES, {
  error: 'El tipo de envío debe ser document, box o pallet.',
});

/** Where the price of a service comes from: our tariff tables or the carrier's rating API. */
export const RATE_SOURCES = ['tariffs', 'api'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** A wire amount in MXN; at most two decimals. */
export const mxnAmountSchema = z.number();

function hasAtMostTwoDecimals(v: number): boolean {
  return Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
}

/** An amount typed by an admin: MXN, not negative, at most two decimals. */
export function mxnInputSchema(field: string, max = 1_000_000) {
  return z
    .number({ error: (iss) => (iss.input === undefined ? `${field} es obligatorio.` : `${field} debe ser un número.`) })
    .min(0, { error: `${field} no puede ser negativo.` })
    // A function: the number is formatted only when the message is needed (Intl is slow at load).
    .max(max, { error: () => `${field} debe ser como máximo ${max.toLocaleString('es-MX')}.` })
    .refine(hasAtMostTwoDecimals, { error: `${field} debe tener como máximo dos decimales.` });
}

/** A percentage typed by an admin (12.5 = 12.5 %), two decimals at most. */
export function percentInputSchema(field: string, max: number) {
  return z
    .number({ error: (iss) => (iss.input === undefined ? `${field} es obligatorio.` : `${field} debe ser un número.`) })
    .min(0, { error: `${field} no puede ser negativo.` })
    .max(max, { error: `${field} debe ser como máximo ${max} %.` })
    .refine(hasAtMostTwoDecimals, { error: `${field} debe tener como máximo dos decimales.` });
}

function wholeKg(field: string, max: number) {
  return z
    .number({ error: (iss) => (iss.input === undefined ? `${field} es obligatorio.` : `${field} debe ser un número.`) })
    .int({ error: `${field} debe ser un número entero de kilos.` })
    .min(1, { error: `${field} debe ser al menos 1 kg.` })
    .max(max, { error: `${field} debe ser como máximo ${max} kg.` });
}

export const MAX_SERVICE_WEIGHT_KG = 2000;

/** A sobre up to this real weight pays the service's flat document price; heavier, the tariff. */
export const DOCUMENT_FLAT_MAX_KG = 1;
export const MAX_TRANSIT_DAYS = 30;

// ---------------------------------------------------------------- public catalogue

/** A service as visitors and the web see it (`GET /api/v1/carriers`). */
export const carrierServiceSchema = z.object({
  _id: z.uuid(),
  carrier_code: carrierCodeSchema,
  /** The carrier's own service name, kept as the spec writes it (carrier_service_name). */
  name: z.string(),
  scope: serviceScopeSchema,
  transit_days: z.number().int(),
  transit_text: z.string(),
  max_weight_kg: z.number().int(),
  package_types: z.array(servicePackageTypeSchema),
});
export type CarrierService = z.infer<typeof carrierServiceSchema>;

export const carrierSchema = z.object({
  code: carrierCodeSchema,
  name: z.string(),
  logo_url: z.string(),
  logo_url_svg: z.string(),
  services: z.array(carrierServiceSchema),
});
export type Carrier = z.infer<typeof carrierSchema>;

/** Enabled carriers with their enabled services, in filter order. */
export const carrierCatalogueResponseSchema = z.object({ carriers: z.array(carrierSchema) });
export type CarrierCatalogueResponse = z.infer<typeof carrierCatalogueResponseSchema>;

export const carrierCodeParamsSchema = z.object({ code: carrierCodeSchema });

// ---------------------------------------------------------------- admin catalogue

export const carrierServiceAdminSchema = carrierServiceSchema.extend({
  enabled: z.boolean(),
  volumetric_divisor: z.number().int(),
  guide_source: guideSourceSchema,
  /** Flat price of a sobre up to 1 kg; null: documents are priced by the tariff like a box. */
  document_price: mxnAmountSchema.nullable(),
  /** The carrier API's product code (DHL `productCode`, FedEx `serviceType`); null: tariffs only. */
  external_code: z.string().nullable(),
  /** Where its price comes from right now (`api` only when the carrier's credentials are configured). */
  rate_source: z.enum(RATE_SOURCES),
  tariff_rows: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type CarrierServiceAdmin = z.infer<typeof carrierServiceAdminSchema>;

export const carrierAdminSchema = carrierSchema.extend({
  enabled: z.boolean(),
  /** Charged per guide when the destination postal code is in the carrier's remote-area list. */
  remote_area_surcharge: mxnAmountSchema,
  remote_area_count: z.number().int(),
  /** Insurance = max(insurance_min, insured value × insurance_rate_percent / 100), per guide. */
  insurance_rate_percent: z.number(),
  insurance_min: mxnAmountSchema,
  /** The carrier's rating API is configured (DHL_*, FEDEX_* variables). */
  api_configured: z.boolean(),
  services: z.array(carrierServiceAdminSchema),
  updatedAt: z.iso.datetime(),
});
export type CarrierAdmin = z.infer<typeof carrierAdminSchema>;

export const carrierAdminListResponseSchema = z.object({ carriers: z.array(carrierAdminSchema) });
export type CarrierAdminListResponse = z.infer<typeof carrierAdminListResponseSchema>;

/** `PATCH /api/v1/carriers/{code}`: any of these fields. */
export const updateCarrierInputSchema = z
  .object({
    enabled: z.boolean({ error: 'Activo debe ser verdadero o falso.' }).optional(),
    remote_area_surcharge: mxnInputSchema('El cargo por área remota', 10_000).optional(),
    insurance_rate_percent: percentInputSchema('La tasa del seguro', 50).optional(),
    insurance_min: mxnInputSchema('El mínimo del seguro', 10_000).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Envía al menos un campo para cambiar.' });
export type UpdateCarrierInput = z.infer<typeof updateCarrierInputSchema>;

export const serviceIdParamsSchema = z.object({ id: z.uuid({ error: 'El identificador del servicio no es válido.' }) });

/** `PATCH /api/v1/carrier-services/{id}`: any of these fields. */
export const updateCarrierServiceInputSchema = z
  .object({
    enabled: z.boolean({ error: 'Activo debe ser verdadero o falso.' }).optional(),
    transit_days: z
      .number({ error: 'Los días de tránsito deben ser un número.' })
      .int({ error: 'Los días de tránsito deben ser un número entero.' })
      .min(0, { error: 'Los días de tránsito no pueden ser negativos.' })
      .max(MAX_TRANSIT_DAYS, { error: `Los días de tránsito deben ser como máximo ${MAX_TRANSIT_DAYS}.` })
      .optional(),
    max_weight_kg: wholeKg('El peso máximo', MAX_SERVICE_WEIGHT_KG).optional(),
    guide_source: guideSourceSchema.optional(),
    document_price: mxnInputSchema('El precio del sobre', 100_000).nullable().optional(),
    package_types: z
      .array(servicePackageTypeSchema)
      .min(1, { error: 'El servicio debe aceptar al menos un tipo de envío.' })
      .refine((v) => new Set(v).size === v.length, { error: 'Los tipos de envío no deben repetirse.' })
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Envía al menos un campo para cambiar.' });
export type UpdateCarrierServiceInput = z.infer<typeof updateCarrierServiceInputSchema>;

// ---------------------------------------------------------------- tariffs

/**
 * One bracket of a service's tariff in one zone: for a billable weight `w` (whole kg) with
 * `min_kg ≤ w ≤ max_kg` the carrier cost is `base_price + (w − min_kg) × extra_kg_price`.
 * A zone's brackets start at 1 kg, follow one another without gaps or overlaps, and the price
 * never falls from one bracket to the next. Weights above the last bracket are not served.
 * "1–5 kg, same price nationwide" is the 1–5 bracket with one price in every domestic zone.
 */
export const tariffRowSchema = z.object({
  _id: z.uuid(),
  service_id: z.uuid(),
  zone: tariffZoneSchema,
  min_kg: z.number().int(),
  max_kg: z.number().int(),
  base_price: mxnAmountSchema,
  extra_kg_price: mxnAmountSchema,
});
export type TariffRow = z.infer<typeof tariffRowSchema>;

export const tariffRowInputSchema = z
  .object({
    zone: tariffZoneSchema,
    min_kg: wholeKg('El peso inicial', MAX_SERVICE_WEIGHT_KG),
    max_kg: wholeKg('El peso final', MAX_SERVICE_WEIGHT_KG),
    base_price: mxnInputSchema('El precio base'),
    extra_kg_price: mxnInputSchema('El precio por kilo adicional', 100_000),
  })
  .refine((r) => r.max_kg >= r.min_kg, { path: ['max_kg'], error: 'El peso final debe ser mayor o igual al peso inicial.' });
export type TariffRowInput = z.infer<typeof tariffRowInputSchema>;

export const tariffRowPatchSchema = z
  .object({
    zone: tariffZoneSchema.optional(),
    min_kg: wholeKg('El peso inicial', MAX_SERVICE_WEIGHT_KG).optional(),
    max_kg: wholeKg('El peso final', MAX_SERVICE_WEIGHT_KG).optional(),
    base_price: mxnInputSchema('El precio base').optional(),
    extra_kg_price: mxnInputSchema('El precio por kilo adicional', 100_000).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Envía al menos un campo para cambiar.' });
export type TariffRowPatch = z.infer<typeof tariffRowPatchSchema>;

export const MAX_TARIFF_ROWS = 2000;

/** `PUT /api/v1/carrier-services/{id}/tariffs`: the whole table at once (JSON). */
export const replaceTariffTableInputSchema = z.object({
  rows: z
    .array(tariffRowInputSchema)
    .max(MAX_TARIFF_ROWS, { error: `La tabla puede tener como máximo ${MAX_TARIFF_ROWS} filas.` }),
});
export type ReplaceTariffTableInput = z.infer<typeof replaceTariffTableInputSchema>;

export const tariffTableResponseSchema = z.object({
  service: carrierServiceAdminSchema,
  rows: z.array(tariffRowSchema),
});
export type TariffTableResponse = z.infer<typeof tariffTableResponseSchema>;

export const tariffRowParamsSchema = z.object({
  id: z.uuid({ error: 'El identificador del servicio no es válido.' }),
  rowId: z.uuid({ error: 'El identificador de la fila no es válido.' }),
});

/**
 * CSV of one service's table (export and import): a header with these columns, comma or
 * semicolon separated, UTF-8, amounts with a decimal point ("149.00"). Import replaces the
 * whole table or nothing: every bad row is reported as `errors[{ path: "fila.N.columna" }]`.
 */
export const TARIFF_CSV_COLUMNS = ['zona', 'peso_desde_kg', 'peso_hasta_kg', 'precio_base', 'precio_kg_adicional'] as const;

export const tariffImportResponseSchema = tariffTableResponseSchema.extend({ imported: z.number().int() });
export type TariffImportResponse = z.infer<typeof tariffImportResponseSchema>;

// ---------------------------------------------------------------- remote areas

export const remoteAreaListSchema = z.object({
  carrier_code: carrierCodeSchema,
  surcharge: mxnAmountSchema,
  postal_codes: z.array(z.string()),
});
export type RemoteAreaList = z.infer<typeof remoteAreaListSchema>;

export const MAX_REMOTE_AREA_CODES = 50_000;

export const remoteAreaInputSchema = z.object({
  postal_codes: z
    .array(
      z
        .string({ error: 'Cada código postal debe ser texto.' })
        .trim()
        .regex(/^\d{5}$/, { error: 'Cada código postal debe tener 5 dígitos.' }),
    )
    .max(MAX_REMOTE_AREA_CODES, { error: `La lista puede tener como máximo ${MAX_REMOTE_AREA_CODES} códigos postales.` }),
});
export type RemoteAreaInput = z.infer<typeof remoteAreaInputSchema>;

export const remoteAreaParamsSchema = z.object({
  code: carrierCodeSchema,
  postalCode: z.string().trim().regex(/^\d{5}$/, { error: 'El código postal debe tener 5 dígitos.' }),
});

// ---------------------------------------------------------------- markups

/**
 * Our resale margin on the carrier cost of the freight (base and extra kilos):
 * price = cost × (1 + percent / 100) + fixed_amount per guide. The most specific markup wins:
 * customer and service, customer (all services), service (everyone), everyone and every service.
 */
export const markupSchema = z.object({
  _id: z.uuid(),
  /** null: every service. */
  service_id: z.uuid().nullable(),
  /** null: every customer, and visitors. */
  user_id: z.uuid().nullable(),
  percent: z.number(),
  fixed_amount: mxnAmountSchema,
  updatedAt: z.iso.datetime(),
});
export type Markup = z.infer<typeof markupSchema>;

export const markupListQuerySchema = z.object({
  service_id: z.uuid({ error: 'El identificador del servicio no es válido.' }).optional(),
  user_id: z.uuid({ error: 'El identificador del usuario no es válido.' }).optional(),
});

export const markupListResponseSchema = z.object({ markups: z.array(markupSchema) });
export type MarkupListResponse = z.infer<typeof markupListResponseSchema>;

/** `PUT /api/v1/markups`: creates or replaces the markup of (service_id, user_id). */
export const markupInputSchema = z.object({
  service_id: z.uuid({ error: 'El identificador del servicio no es válido.' }).nullable().default(null),
  user_id: z.uuid({ error: 'El identificador del usuario no es válido.' }).nullable().default(null),
  percent: percentInputSchema('El porcentaje de margen', 300),
  fixed_amount: mxnInputSchema('El margen fijo', 10_000).default(0),
});
export type MarkupInput = z.input<typeof markupInputSchema>;

export const markupIdParamsSchema = z.object({ id: z.uuid({ error: 'El identificador del margen no es válido.' }) });

// ---------------------------------------------------------------- audit

export const AUDIT_ENTITIES = ['carrier', 'service', 'tariff', 'remote_area', 'markup'] as const;
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'import'] as const;

/** One change made by an admin: who, when, and the record before and after (null when none). */
export const auditEntrySchema = z.object({
  _id: z.uuid(),
  at: z.iso.datetime(),
  actor_id: z.uuid().nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** A sentence in Spanish, e.g. "Tarifa de DHL EXPRESS DOMESTIC importada (64 filas)". */
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z.object({
  entity: z.enum(AUDIT_ENTITIES, { error: `La entidad debe ser una de: ${AUDIT_ENTITIES.join(', ')}.` }).optional(),
  entity_id: z.string().trim().max(100).optional(),
  page: z.coerce.number({ error: 'La página debe ser un número.' }).int().min(1).default(1),
  limit: z.coerce.number({ error: 'El tamaño de página debe ser un número.' }).int().min(1).max(100).default(PAGE_SIZE),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditListResponseSchema = pagedSchema(auditEntrySchema);
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** Stable error codes of the carriers module. */
export const carrierErrorCodes = {
  notFound: 'carriers.not_found',
  invalidTariff: 'carriers.invalid_tariff',
  invalidCsv: 'carriers.invalid_tariff_csv',
  unknownUser: 'carriers.unknown_user',
} as const;
