import { z } from 'zod';
import { ADDRESS_TEXT_MAX } from './addresses.js';
import { DOCUMENT_PRESET, PACKAGE_TYPES, parcelSchema, type PackageType } from './quotes.js';
import { descriptionSchema } from './shipment-inputs.js';

/**
 * Package templates ('Paquetes', `/api/v1/parcel-templates`): the packages a seller ships often,
 * saved once per account with a name, and chosen by that name in the wizard, the bulk upload and
 * the store rules. The measures follow the quote's parcel rules (whole cm, weight in 0.1 kg steps);
 * a sobre keeps its fixed measures.
 */

export const PARCEL_TEMPLATES_MAX = 200;
export const PARCEL_TEMPLATE_NAME_MAX = ADDRESS_TEXT_MAX;

export const packageTypeLabels: Readonly<Record<PackageType, string>> = { document: 'Sobre', box: 'Paquete', pallet: 'Tarima' };

const templateNameSchema = z
  .string({ error: 'El nombre del paquete es obligatorio.' })
  .trim()
  .min(1, { error: 'El nombre del paquete es obligatorio.' })
  .min(2, { error: `El nombre del paquete debe tener entre 2 y ${PARCEL_TEMPLATE_NAME_MAX} caracteres.` })
  .max(PARCEL_TEMPLATE_NAME_MAX, { error: `El nombre del paquete debe tener entre 2 y ${PARCEL_TEMPLATE_NAME_MAX} caracteres.` })
  .regex(/^[^\p{Cc}]*$/u, { error: 'El nombre del paquete contiene caracteres no válidos.' });

/** MXN, optional: the value insured by default when the package is shipped. */
export const templateInsuredValueSchema = z
  .number({ error: 'El valor asegurado debe ser un número.' })
  .gt(0, { error: 'El valor asegurado debe ser mayor que 0.' })
  .max(1_000_000, { error: 'El valor asegurado debe ser como máximo MX$1,000,000.00.' })
  .nullable()
  .default(null);

/**
 * `POST`/`PUT /api/v1/parcel-templates`: name, type, measures (Largo = width, Ancho = depth,
 * Alto = height, as in the wizard), weight, content and an optional insured value. A sobre may
 * leave its measures out: the preset fills them.
 */
export const parcelTemplateInputSchema = z
  .object({
    name: templateNameSchema,
    shipment_type: z.enum(PACKAGE_TYPES, { error: 'El tipo de envío debe ser sobre, paquete o tarima.' }),
    width: parcelSchema.shape.width.optional(),
    depth: parcelSchema.shape.depth.optional(),
    height: parcelSchema.shape.height.optional(),
    weight: parcelSchema.shape.weight,
    description: descriptionSchema,
    insured_value: templateInsuredValueSchema,
  })
  .superRefine((t, ctx) => {
    if (t.shipment_type === 'document') return;
    const labels = { width: 'El largo', depth: 'El ancho', height: 'El alto' } as const;
    for (const key of ['width', 'depth', 'height'] as const) {
      if (t[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: `${labels[key]} es obligatorio.` });
    }
  })
  .transform((t) => {
    const preset = t.shipment_type === 'document' ? DOCUMENT_PRESET : undefined;
    return { ...t, width: t.width ?? preset!.width, depth: t.depth ?? preset!.depth, height: t.height ?? preset!.height };
  });
export type ParcelTemplateInput = z.input<typeof parcelTemplateInputSchema>;
export type ParcelTemplateData = z.output<typeof parcelTemplateInputSchema>;

export const parcelTemplateSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  shipment_type: z.enum(PACKAGE_TYPES),
  /** Largo, cm. */
  width: z.number(),
  /** Ancho, cm. */
  depth: z.number(),
  /** Alto, cm. */
  height: z.number(),
  /** kg. */
  weight: z.number(),
  description: z.string(),
  /** MXN, or null when the package is not insured by default. */
  insured_value: z.number().nullable(),
  user: z.uuid(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type ParcelTemplate = z.infer<typeof parcelTemplateSchema>;
export const parcelTemplateListSchema = z.array(parcelTemplateSchema);

export const parcelTemplateQuerySchema = z.object({
  user: z.uuid({ error: 'El usuario no es válido.' }).optional(),
});

export const parcelTemplateErrorCodes = {
  notFound: 'parcels.not_found',
  tooMany: 'parcels.too_many',
  nameTaken: 'parcels.name_taken',
} as const;

/** How names are compared: 'Caja  Chica' and 'caja chica' are one package. */
export function templateNameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
