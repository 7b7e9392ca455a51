import { z } from 'zod';

/**
 * Pickups ('Recolección'): created in 'Pendiente' when a paid shipment asked
 * for a local pickup; admins move them between any of the four statuses.
 */

export const PICKUP_STATUSES = ['Pendiente', 'En Progreso', 'Completado', 'Cancelado'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];

export const pickupErrorCodes = {
  notFound: 'pickups.not_found',
  notPaid: 'pickups.shipment_not_paid',
} as const;

const text35 = (label: string) =>
  z
    .string({ error: `${label} es obligatorio.` })
    .trim()
    .min(1, { error: `${label} es obligatorio.` })
    .max(120, { error: `${label} debe tener como máximo 120 caracteres.` });

export const pickupStatusSchema = z.enum(PICKUP_STATUSES, { error: 'El estatus debe ser Pendiente, En Progreso, Completado o Cancelado.' });

/** `POST /recolecciones/create`: for the caller's own paid shipment (admin: any), one per shipment. */
export const createPickupSchema = z.object({
  name: text35('El nombre'),
  email: z.email({ error: 'El correo electrónico no es válido.' }).max(254),
  phone: z
    .string({ error: 'El teléfono es obligatorio.' })
    .trim()
    .regex(/^\d{3,25}$/, { error: 'El teléfono debe tener entre 3 y 25 dígitos.' }),
  service: text35('El servicio'),
  /** The shipment's guide number, or its id while the guide is being issued. */
  tracking_number: text35('El número de guía'),
  status: pickupStatusSchema.default('Pendiente'),
  active: z.boolean().default(true),
});
export type CreatePickupInput = z.input<typeof createPickupSchema>;

export const pickupSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  service: z.string(),
  tracking_number: z.string(),
  status: pickupStatusSchema,
  active: z.boolean(),
  shipment: z.uuid().nullable(),
  user: z.uuid(),
  /** Where to pick the parcel up: the shipment's origin, one line. */
  address: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Pickup = z.infer<typeof pickupSchema>;

/** `GET /recolecciones?search=&status=&page=`: admins see all; a user sees their own. */
export const pickupListQuerySchema = z.object({
  search: z.string().trim().max(100, { error: 'La búsqueda es demasiado larga.' }).optional(),
  status: pickupStatusSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const pickupListSchema = z.object({
  data: z.array(pickupSchema),
  count: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type PickupList = z.infer<typeof pickupListSchema>;
export const pickupOneSchema = z.object({ data: pickupSchema });
export const updatePickupStatusSchema = z.object({ status: pickupStatusSchema });
export const pickupIdParamsSchema = z.object({ id: z.uuid({ error: 'El identificador de la recolección no es válido.' }) });
