import { z } from 'zod';
import { specMessages } from './messages.js';
import { pagedSchema, PAGE_SIZE } from './pagination.js';

/**
 * The contact form ('Ponte en contacto con nosotros') and the admins' 'Mensajes' inbox. The
 * request keeps the spec's field names; every field is required except the monthly shipments,
 * asked only of people who already ship.
 */

export const contactErrorCodes = {
  notFound: 'contact.not_found',
  closed: 'contact.closed',
} as const;

export const contactMessages = {
  /** What the sender reads once the message is stored (the thank-you page says the same). */
  received: 'Gracias, tu mensaje llegó a su destino.',
  /** The spec's alert when sending fails. */
  sendFailed: 'Su mensaje no pudo ser enviado.',
} as const;

export const CONTACT_NAME_MAX = 35;
export const CONTACT_COMPANY_MAX = 80;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;
export const MONTHLY_SHIPMENTS_MAX = 1_000_000;

// Control characters never belong in a one-line field; a message may keep tabs and line breaks.
const noControlChars = /^[^\p{Cc}]*$/u;
const noControlCharsButBreaks = /^(?:[^\p{Cc}]|[\t\n\r])*$/u;

function requiredText(label: string, max: number, feminine = false, plural = false) {
  const required = `${label} ${plural ? 'son obligatorios' : feminine ? 'es obligatoria' : 'es obligatorio'}.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `${label} debe${plural ? 'n' : ''} tener como máximo ${max} caracteres.` })
    .regex(noControlChars, { error: `${label} contiene caracteres no válidos.` });
}

/** Any spacing people type ('33 1234-5678', '+52 …') is dropped; 7 to 15 digits remain. */
const contactPhoneSchema = z
  .string({ error: specMessages.invalidPhone })
  .trim()
  .transform((v) => v.replace(/[\s().+-]/g, ''))
  .pipe(z.string().regex(/^\d{7,15}$/, { error: specMessages.invalidPhone }));

/** A site or a social profile; 'mitienda.mx' is read as https://mitienda.mx. */
const contactWebSchema = z
  .string({ error: 'El sitio web es obligatorio.' })
  .trim()
  .min(1, { error: 'El sitio web es obligatorio.' })
  .max(200, { error: 'El sitio web debe tener como máximo 200 caracteres.' })
  .transform((v) => (/^[a-z][a-z\d+.-]*:/i.test(v) ? v : `https://${v}`))
  .pipe(z.url({ protocol: /^https?$/, hostname: /\./, error: 'El sitio web no es válido: escribe una dirección como mitienda.mx.' }));

const contactEmailSchema = z
  .string({ error: specMessages.invalidEmail })
  .trim()
  .min(1, { error: specMessages.invalidEmail })
  .max(120, { error: specMessages.invalidEmail })
  .pipe(z.email({ error: specMessages.invalidEmail }))
  .transform((v) => v.toLowerCase());

const monthlyShipmentsMessage = 'Los envíos al mes deben ser un número entero mayor que 0.';

/** A number, or the digits of one (older clients send the field as text); empty means not given. */
const monthlyShipmentsSchema = z
  .union([z.number(), z.string().trim(), z.null()], { error: monthlyShipmentsMessage })
  .transform((v) => (v === '' || v === null ? null : typeof v === 'string' ? (/^\d+$/.test(v) ? Number(v) : Number.NaN) : v))
  .pipe(
    z
      .number({ error: monthlyShipmentsMessage })
      .int({ error: monthlyShipmentsMessage })
      .min(1, { error: monthlyShipmentsMessage })
      .max(MONTHLY_SHIPMENTS_MAX, { error: () => `Los envíos al mes deben ser como máximo ${MONTHLY_SHIPMENTS_MAX.toLocaleString('es-MX')}.` })
      .nullable(),
  );

export const contactMessageTextSchema = z
  .string({ error: 'El mensaje es obligatorio.' })
  .trim()
  .min(CONTACT_MESSAGE_MIN, {
    error: (issue) => (issue.input === '' ? 'El mensaje es obligatorio.' : `El mensaje debe tener al menos ${CONTACT_MESSAGE_MIN} caracteres.`),
  })
  .max(CONTACT_MESSAGE_MAX, { error: `El mensaje debe tener como máximo ${CONTACT_MESSAGE_MAX} caracteres.` })
  .regex(noControlCharsButBreaks, { error: 'El mensaje contiene caracteres no válidos.' });

/** `POST /api/v1/contact`: the spec's fields, plus `website`, a trap field people never see. */
export const contactInputSchema = z.object({
  first_name: requiredText('El nombre', CONTACT_NAME_MAX),
  last_name: requiredText('Los apellidos', CONTACT_NAME_MAX, false, true),
  company_name: requiredText('El nombre de la empresa', CONTACT_COMPANY_MAX),
  email: contactEmailSchema,
  phone: contactPhoneSchema,
  web: contactWebSchema,
  message: contactMessageTextSchema,
  number_shipment: monthlyShipmentsSchema.optional(),
  /**
   * Hidden from people (off screen, not focusable, autocomplete off): only a bot fills it, and
   * then nothing is stored or sent. Any value is accepted so the bot learns nothing.
   */
  website: z.string().max(500).optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;

/** The form adds the 'Ya estás haciendo envíos' question: when Yes ('1'), the monthly shipments are required. */
export const contactFormSchema = contactInputSchema
  .extend({ already_shipping: z.enum(['1', '0'], { error: 'Dinos si ya estás haciendo envíos.' }) })
  .superRefine((v, ctx) => {
    if (v.already_shipping === '1' && (v.number_shipment === null || v.number_shipment === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['number_shipment'], message: '¿Cuántos envíos haces al mes? Escribe un número.' });
    }
  });
export type ContactForm = z.input<typeof contactFormSchema>;

export const contactReceivedSchema = z.object({ message: z.string() });

// ---------------------------------------------------------------- the admins' inbox

export const CONTACT_STATUSES = ['open', 'answered', 'closed'] as const;
export const contactStatusSchema = z.enum(CONTACT_STATUSES, { error: 'El estatus debe ser open, answered o closed.' });
export type ContactStatus = z.infer<typeof contactStatusSchema>;
/** How the inbox names each status. */
export const contactStatusLabels: Record<ContactStatus, string> = { open: 'Nuevo', answered: 'Respondido', closed: 'Cerrado' };

export const contactMessageSchema = z.object({
  _id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string(),
  email: z.string(),
  phone: z.string(),
  web: z.string(),
  message: z.string(),
  number_shipment: z.number().int().nullable(),
  /** The account that sent it, when the sender was signed in. */
  user: z.uuid().nullable(),
  status: contactStatusSchema,
  createdAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactReplySchema = z.object({
  _id: z.uuid(),
  message: z.string(),
  /** The admin who answered (name and e-mail). */
  author: z.string(),
  createdAt: z.iso.datetime(),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

export const contactMessageDetailSchema = contactMessageSchema.extend({ replies: z.array(contactReplySchema) });
export type ContactMessageDetail = z.infer<typeof contactMessageDetailSchema>;

export const contactListQuerySchema = z.object({
  status: z.enum([...CONTACT_STATUSES, 'all'], { error: 'El estatus debe ser open, answered, closed o all.' }).default('all'),
  search: z.string().trim().max(120, { error: 'La búsqueda debe tener como máximo 120 caracteres.' }).optional(),
  page: z.coerce.number({ error: 'La página debe ser un número.' }).int().min(1, { error: 'La página debe ser 1 o mayor.' }).default(1),
  limit: z.coerce.number({ error: 'El tamaño de página debe ser un número.' }).int().min(1).max(100).default(PAGE_SIZE),
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;

export const contactListSchema = pagedSchema(contactMessageSchema).extend({
  /** Messages nobody has answered or closed yet (the sidebar's count). */
  open: z.number().int(),
});
export type ContactList = z.infer<typeof contactListSchema>;

export const contactIdParamsSchema = z.object({ id: z.uuid({ error: 'El identificador del mensaje no es válido.' }) });

export const contactReplyInputSchema = z.object({
  message: z
    .string({ error: 'La respuesta es obligatoria.' })
    .trim()
    .min(1, { error: 'La respuesta es obligatoria.' })
    .max(5000, { error: 'La respuesta debe tener como máximo 5000 caracteres.' })
    .regex(noControlCharsButBreaks, { error: 'La respuesta contiene caracteres no válidos.' }),
});
export type ContactReplyInput = z.input<typeof contactReplyInputSchema>;

/** Close a message (no reply needed) or open it again. */
export const contactStatusInputSchema = z.object({
  status: z.enum(['open', 'closed'], { error: 'El estatus debe ser open o closed.' }),
});
export type ContactStatusInput = z.input<typeof contactStatusInputSchema>;
