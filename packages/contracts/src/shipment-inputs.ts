import { z } from 'zod';
import { PLATFORM_IDS } from './integrations.js';
import { destinationAddressSchema, originAddressSchema, ADDRESS_TEXT_MAX } from './addresses.js';
import { overweightCostSchema, overweightKgSchema, overweightMeasuredSchema, overweightNoteSchema } from './overweight.js';
import { guideCountSchema, MAX_GUIDES_PER_QUOTE, PACKAGE_TYPES, parcelSchema, requestParcelSchema, requireMeasures, withDocumentPreset } from './quotes.js';

/** What a client sends to create shipments (the wizard, the public variants) and to edit one. */

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
  return (
    part
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase() === LOCAL_PICKUP_CITY.toLowerCase()
  );
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
  cantidadGuias: guideCountSchema,
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
  shipment_ecommerce: z.object({ order_id: z.string().max(64), ecommerce_type: z.enum(PLATFORM_IDS) }).optional(),
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
