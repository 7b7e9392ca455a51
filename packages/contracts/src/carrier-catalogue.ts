import { z } from 'zod';
import { pagedSchema, PAGE_SIZE } from './pagination.js';
import { carrierCodeSchema } from './carrier-names.js';
import {
  guideSourceSchema,
  MAX_SERVICE_WEIGHT_KG,
  MAX_TRANSIT_DAYS,
  mxnAmountSchema,
  mxnInputSchema,
  percentInputSchema,
  RATE_SOURCES,
  servicePackageTypeSchema,
  someFieldChanged,
  serviceScopeSchema,
  wholeKgInputSchema,
} from './carrier-fields.js';

/** The catalogue as visitors see it, as the admin manages it, and the admin's change log. */

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
export const updateCarrierInputSchema = someFieldChanged(
  z.object({
    enabled: z.boolean({ error: 'Activo debe ser verdadero o falso.' }).optional(),
    remote_area_surcharge: mxnInputSchema('El cargo por área remota', 10_000).optional(),
    insurance_rate_percent: percentInputSchema('La tasa del seguro', 50).optional(),
    insurance_min: mxnInputSchema('El mínimo del seguro', 10_000).optional(),
  }),
);
export type UpdateCarrierInput = z.infer<typeof updateCarrierInputSchema>;

export const serviceIdParamsSchema = z.object({ id: z.uuid({ error: 'El identificador del servicio no es válido.' }) });

/** `PATCH /api/v1/carrier-services/{id}`: any of these fields. */
export const updateCarrierServiceInputSchema = someFieldChanged(
  z.object({
    enabled: z.boolean({ error: 'Activo debe ser verdadero o falso.' }).optional(),
    transit_days: z
      .number({ error: 'Los días de tránsito deben ser un número.' })
      .int({ error: 'Los días de tránsito deben ser un número entero.' })
      .min(0, { error: 'Los días de tránsito no pueden ser negativos.' })
      .max(MAX_TRANSIT_DAYS, { error: `Los días de tránsito deben ser como máximo ${MAX_TRANSIT_DAYS}.` })
      .optional(),
    max_weight_kg: wholeKgInputSchema('El peso máximo', MAX_SERVICE_WEIGHT_KG).optional(),
    guide_source: guideSourceSchema.optional(),
    document_price: mxnInputSchema('El precio del sobre', 100_000).nullable().optional(),
    package_types: z
      .array(servicePackageTypeSchema)
      .min(1, { error: 'El servicio debe aceptar al menos un tipo de envío.' })
      .refine((v) => new Set(v).size === v.length, { error: 'Los tipos de envío no deben repetirse.' })
      .optional(),
  }),
);
export type UpdateCarrierServiceInput = z.infer<typeof updateCarrierServiceInputSchema>;

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
