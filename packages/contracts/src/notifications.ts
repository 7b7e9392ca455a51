import { z } from 'zod';
import { pagedSchema, PAGE_SIZE } from './pagination.js';

/**
 * The outbox: e-mails and WhatsApp notices kept in the database when no SMTP server or WhatsApp
 * account is configured, readable by admins.
 */
export const outboxChannelSchema = z.enum(['email', 'whatsapp']);
export type OutboxChannel = z.infer<typeof outboxChannelSchema>;

export const outboxMessageSchema = z.object({
  _id: z.uuid(),
  channel: outboxChannelSchema,
  recipient: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxMessageDetailSchema = outboxMessageSchema.extend({ html: z.string().nullable() });
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetailSchema>;

export const outboxListQuerySchema = z.object({
  recipient: z.string().trim().max(120, { error: 'El destinatario debe tener como máximo 120 caracteres.' }).optional(),
  page: z.coerce.number({ error: 'La página debe ser un número.' }).int().min(1).default(1),
  limit: z.coerce.number({ error: 'El tamaño de página debe ser un número.' }).int().min(1).max(100).default(PAGE_SIZE),
});
export type OutboxListQuery = z.input<typeof outboxListQuerySchema>;

export const outboxListResponseSchema = pagedSchema(outboxMessageSchema).extend({
  /** false when real SMTP is configured: new mail is delivered, not kept here. */
  keepsEmail: z.boolean(),
});
export type OutboxListResponse = z.infer<typeof outboxListResponseSchema>;

export const outboxIdParamsSchema = z.object({ id: z.uuid({ error: 'El identificador del mensaje no es válido.' }) });
