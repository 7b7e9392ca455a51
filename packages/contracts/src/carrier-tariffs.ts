import { z } from 'zod';
import { carrierServiceAdminSchema } from './carrier-catalogue.js';
import { carrierCodeSchema } from './carrier-names.js';
import {
  MAX_SERVICE_WEIGHT_KG,
  mxnAmountSchema,
  mxnInputSchema,
  percentInputSchema,
  someFieldChanged,
  tariffZoneSchema,
  wholeKgInputSchema,
} from './carrier-fields.js';

/** What a quote is priced from: each service's tariff table, the carriers' remote areas and our markups. */

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
    min_kg: wholeKgInputSchema('El peso inicial', MAX_SERVICE_WEIGHT_KG),
    max_kg: wholeKgInputSchema('El peso final', MAX_SERVICE_WEIGHT_KG),
    base_price: mxnInputSchema('El precio base'),
    extra_kg_price: mxnInputSchema('El precio por kilo adicional', 100_000),
  })
  .refine((r) => r.max_kg >= r.min_kg, { path: ['max_kg'], error: 'El peso final debe ser mayor o igual al peso inicial.' });
export type TariffRowInput = z.infer<typeof tariffRowInputSchema>;

export const tariffRowPatchSchema = someFieldChanged(
  z.object({
    zone: tariffZoneSchema.optional(),
    min_kg: wholeKgInputSchema('El peso inicial', MAX_SERVICE_WEIGHT_KG).optional(),
    max_kg: wholeKgInputSchema('El peso final', MAX_SERVICE_WEIGHT_KG).optional(),
    base_price: mxnInputSchema('El precio base').optional(),
    extra_kg_price: mxnInputSchema('El precio por kilo adicional', 100_000).optional(),
  }),
);
export type TariffRowPatch = z.infer<typeof tariffRowPatchSchema>;

export const MAX_TARIFF_ROWS = 2000;

/** `PUT /api/v1/carrier-services/{id}/tariffs`: the whole table at once (JSON). */
export const replaceTariffTableInputSchema = z.object({
  rows: z.array(tariffRowInputSchema).max(MAX_TARIFF_ROWS, { error: `La tabla puede tener como máximo ${MAX_TARIFF_ROWS} filas.` }),
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
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: 'El código postal debe tener 5 dígitos.' }),
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
