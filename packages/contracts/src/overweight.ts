import { z } from 'zod';
import { carrierCodeSchema } from './carriers.js';
import { pagedSchema, PAGE_SIZE } from './pagination.js';

/**
 * Overweight (sobrepeso): what the carrier measured against what the customer declared, what it
 * costs and why (the service's tariff), the evidence, and the customer's one dispute. An admin
 * records it on a paid shipment ('Editar sobrepeso'); the owner's wallet pays it at once when it
 * covers it, otherwise it stays pending and joins the next purchase. A disputed overweight is
 * never charged until an admin resolves the dispute; an accepted dispute cancels it and gives back
 * whatever was charged.
 */

/** Where an overweight stands, in the order a person reads it. */
export const OVERWEIGHT_STATUSES = ['pending', 'paid', 'disputed', 'cancelled'] as const;
export type OverweightStatus = (typeof OVERWEIGHT_STATUSES)[number];
export const overweightStatusLabels: Readonly<Record<OverweightStatus, string>> = {
  pending: 'Pendiente',
  paid: 'Pagado',
  disputed: 'En aclaración',
  cancelled: 'Cancelado',
};

export const DISPUTE_STATUSES = ['none', 'open', 'accepted', 'rejected'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** Evidence and dispute attachments: photos or the carrier's PDF. */
export const OVERWEIGHT_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type OverweightFileType = (typeof OVERWEIGHT_FILE_TYPES)[number];
export const OVERWEIGHT_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Files per upload call, evidence files per overweight, attachments per dispute. */
export const OVERWEIGHT_FILES_PER_UPLOAD = 5;
export const OVERWEIGHT_EVIDENCE_MAX = 10;
export const DISPUTE_ATTACHMENTS_MAX = 3;
export const DISPUTE_MESSAGE_MIN = 10;
export const DISPUTE_MESSAGE_MAX = 1000;
export const RESOLUTION_REASON_MIN = 10;
export const RESOLUTION_REASON_MAX = 500;

/** Kilos (at most 1,000) and centimetres (at most 500) the carrier measured. */
export const overweightMeasuredSchema = z
  .object({
    weight: z
      .number({ error: 'El peso medido debe ser un número.' })
      .gt(0, { error: 'El peso medido debe ser mayor que 0.' })
      .max(1000, { error: 'El peso medido debe ser como máximo 1,000 kg.' }),
    height: z
      .number({ error: 'El alto medido debe ser un número.' })
      .gt(0, { error: 'El alto medido debe ser mayor que 0.' })
      .max(500, { error: 'El alto medido debe ser como máximo 500 cm.' })
      .optional(),
    width: z
      .number({ error: 'El largo medido debe ser un número.' })
      .gt(0, { error: 'El largo medido debe ser mayor que 0.' })
      .max(500, { error: 'El largo medido debe ser como máximo 500 cm.' })
      .optional(),
    depth: z
      .number({ error: 'El ancho medido debe ser un número.' })
      .gt(0, { error: 'El ancho medido debe ser mayor que 0.' })
      .max(500, { error: 'El ancho medido debe ser como máximo 500 cm.' })
      .optional(),
  })
  .superRefine((m, ctx) => {
    const given = [m.height, m.width, m.depth].filter((v) => v !== undefined).length;
    if (given !== 0 && given !== 3) {
      const missing = (['height', 'width', 'depth'] as const).find((k) => m[k] === undefined)!;
      ctx.addIssue({ code: 'custom', path: [missing], message: 'Escribe las tres medidas (alto, largo y ancho) o ninguna.' });
    }
  });
export type OverweightMeasured = z.infer<typeof overweightMeasuredSchema>;

/** 'Sobrepeso' (kg) of the modal: a number, zero or more. */
export const overweightKgSchema = z
  .number({ error: (iss) => (iss.input === undefined ? 'El sobrepeso es obligatorio.' : 'El sobrepeso debe ser un número.') })
  .min(0, { error: 'El sobrepeso no puede ser negativo.' })
  .max(1000, { error: 'El sobrepeso debe ser como máximo 1,000 kg.' });
/** 'Costo' (MXN) of the modal: a number, zero or more, two decimals at most. */
export const overweightCostSchema = z
  .number({ error: (iss) => (iss.input === undefined ? 'El costo es obligatorio.' : 'El costo debe ser un número.') })
  .min(0, { error: 'El costo no puede ser negativo.' })
  .max(1_000_000, { error: 'El costo debe ser como máximo MX$1,000,000.00.' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'El costo debe tener como máximo dos decimales.' });
export const overweightNoteSchema = z.string({ error: 'La nota debe ser texto.' }).trim().max(500, { error: 'La nota debe tener como máximo 500 caracteres.' });

/**
 * What `PUT /api/v1/shipments/{id}` takes for an overweight (admin): the spec's two numbers, and
 * optionally what the carrier measured and a note for the customer. A cost of 0 removes a pending
 * overweight.
 */
export const recordOverweightSchema = z.object({
  overweight: overweightKgSchema,
  cost_overweight: overweightCostSchema,
  measured: overweightMeasuredSchema.optional(),
  overweight_note: overweightNoteSchema.optional(),
});
export type RecordOverweightInput = z.input<typeof recordOverweightSchema>;
export type RecordOverweight = z.output<typeof recordOverweightSchema>;

export const overweightShipmentParamsSchema = z.object({ shipmentId: z.uuid({ error: 'El identificador del envío no es válido.' }) });
export const overweightFileParamsSchema = z.object({ fileId: z.uuid({ error: 'El identificador del archivo no es válido.' }) });
export const overweightUserParamsSchema = z.object({ userId: z.uuid({ error: 'El identificador del usuario no es válido.' }) });

const numberFromQuery = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} debe ser un número.` })
    .gt(0, { error: `${label} debe ser mayor que 0.` })
    .max(max, { error: `${label} es demasiado grande.` });

/** `GET /api/v1/overweight/{shipmentId}/suggestion?weight&height&width&depth` (admin). */
export const overweightSuggestionQuerySchema = z
  .object({
    weight: numberFromQuery('El peso medido', 1000),
    height: numberFromQuery('El alto medido', 500).optional(),
    width: numberFromQuery('El largo medido', 500).optional(),
    depth: numberFromQuery('El ancho medido', 500).optional(),
  })
  .superRefine((m, ctx) => {
    const given = [m.height, m.width, m.depth].filter((v) => v !== undefined).length;
    if (given !== 0 && given !== 3) {
      const missing = (['height', 'width', 'depth'] as const).find((k) => m[k] === undefined)!;
      ctx.addIssue({ code: 'custom', path: [missing], message: 'Escribe las tres medidas (alto, largo y ancho) o ninguna.' });
    }
  });

/** How the tariff of the service priced the extra kilos (the admin's Costo is suggested from it). */
export const overweightRuleSchema = z.object({
  service_name: z.string(),
  carrier: z.string(),
  zone: z.string(),
  zone_label: z.string(),
  declared_kg: z.number(),
  measured_kg: z.number(),
  /** MXN the tariff charges for the declared and for the measured billable weight (our margin included). */
  declared_cost: z.number(),
  measured_cost: z.number(),
  /** MXN per extra kilo: (measured_cost − declared_cost) / extra kilos. */
  per_kg: z.number(),
  text: z.string(),
});
export type OverweightRule = z.infer<typeof overweightRuleSchema>;

export const overweightDeclaredSchema = z.object({
  /** kg as the customer declared, all parcels. */
  weight: z.number(),
  /** kg the guide was priced for (the larger of real and volumetric, whole kilos). */
  billable_weight: z.number(),
  parcels: z.array(z.object({ height: z.number(), width: z.number(), depth: z.number(), weight: z.number() })),
});

export const overweightSuggestionSchema = z.object({
  declared: overweightDeclaredSchema,
  measured_billable_weight: z.number(),
  /** Extra billable kilos (0 when the measure is within what was declared). */
  overweight: z.number(),
  rule: overweightRuleSchema.nullable(),
  /** MXN; null when the tariff cannot price it (no tariff for the route): the admin types it. */
  suggested_cost: z.number().nullable(),
});
export type OverweightSuggestion = z.infer<typeof overweightSuggestionSchema>;

export const overweightFileSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(['evidence', 'dispute']),
  file_name: z.string(),
  content_type: z.enum(OVERWEIGHT_FILE_TYPES),
  size: z.number().int(),
  url: z.string(),
  created_at: z.iso.datetime(),
});
export type OverweightFile = z.infer<typeof overweightFileSchema>;

export const OVERWEIGHT_EVENT_KINDS = [
  'recorded',
  'updated',
  'charged',
  'paid_with_purchase',
  'pending',
  'disputed',
  'accepted',
  'rejected',
  'refunded',
  'removed',
] as const;
export type OverweightEventKind = (typeof OVERWEIGHT_EVENT_KINDS)[number];
export const overweightEventLabels: Readonly<Record<OverweightEventKind, string>> = {
  recorded: 'Sobrepeso registrado',
  updated: 'Sobrepeso corregido',
  charged: 'Cobrado de tu Monedero',
  paid_with_purchase: 'Pagado con tu compra',
  pending: 'Pendiente de pago',
  disputed: 'Aclaración enviada',
  accepted: 'Aclaración aceptada: sobrepeso cancelado',
  rejected: 'Aclaración rechazada',
  refunded: 'Devuelto a tu monedero',
  removed: 'Sobrepeso retirado',
};

/** The whole story of one shipment's overweight, for the owner and for admins. */
export const overweightRecordSchema = z.object({
  _id: z.uuid(),
  shipment_id: z.uuid(),
  status: z.enum(OVERWEIGHT_STATUSES),
  status_label: z.string(),
  overweight: z.number(),
  cost_overweight: z.number(),
  paid: z.boolean(),
  /** How it was paid: from the wallet (at once, or with 'Pagar con mi Monedero') or with a later purchase; null while unpaid. */
  paid_via: z.enum(['wallet', 'purchase']).nullable(),
  paid_at: z.iso.datetime().nullable(),
  /** What happened and what the customer can do, in one sentence: the same words as the e-mails (`overweightStateText`). */
  explanation: z.string(),
  declared: overweightDeclaredSchema,
  measured: z
    .object({ weight: z.number(), height: z.number().nullable(), width: z.number().nullable(), depth: z.number().nullable(), billable_weight: z.number() })
    .nullable(),
  rule: overweightRuleSchema.nullable(),
  suggested_cost: z.number().nullable(),
  note: z.string().nullable(),
  evidence: z.array(overweightFileSchema),
  dispute: z.object({
    status: z.enum(DISPUTE_STATUSES),
    message: z.string().nullable(),
    opened_at: z.iso.datetime().nullable(),
    attachments: z.array(overweightFileSchema),
    resolution_reason: z.string().nullable(),
    resolved_at: z.iso.datetime().nullable(),
    /** MXN given back to the wallet when an accepted dispute cancelled a paid overweight. */
    refund: z.number().nullable(),
  }),
  /** What the caller may do now (the server checks again). */
  can_pay: z.boolean(),
  can_dispute: z.boolean(),
  can_edit: z.boolean(),
  events: z.array(
    z.object({ kind: z.enum(OVERWEIGHT_EVENT_KINDS), label: z.string(), amount: z.number().nullable(), note: z.string().nullable(), at: z.iso.datetime() }),
  ),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type OverweightRecord = z.infer<typeof overweightRecordSchema>;

/** The one invitation to contest a charged overweight, in every screen and e-mail. */
export const OVERWEIGHT_CONTEST_TEXT = 'si no estás de acuerdo, pide una aclaración y, si la aceptamos, te lo devolvemos';

export interface OverweightState {
  status: OverweightStatus;
  /** The overweight's amount, already written as money (MX$50.00). */
  amount: string;
  paidVia: 'wallet' | 'purchase' | null;
  dispute: DisputeStatus;
  /** What an accepted dispute gave back to the wallet, as money; null when nothing was charged. */
  refund: string | null;
  /** The customer reads «tu Monedero»; an admin reads «el Monedero del cliente». */
  audience?: 'customer' | 'admin';
}

/**
 * What happened to an overweight and what the customer can do, in one sentence. The charge comes
 * right after the admin records it (the specification's order), so each state says so plainly:
 * «Se cobró MX$… de tu Monedero por sobrepeso; si no estás de acuerdo, pide una aclaración y, si
 * la aceptamos, te lo devolvemos», or «queda pendiente para tu siguiente compra» when the wallet
 * did not cover it. Screens and e-mails use these words.
 */
export function overweightStateText(s: OverweightState): string {
  const admin = s.audience === 'admin';
  const wallet = admin ? 'del Monedero del cliente' : 'de tu Monedero';
  const contest = admin ? 'si el cliente no está de acuerdo, puede pedir una aclaración y, si se acepta, se le devuelve' : OVERWEIGHT_CONTEST_TEXT;
  switch (s.status) {
    case 'paid': {
      const charged =
        s.paidVia === 'purchase'
          ? `Se cobró ${s.amount} por sobrepeso junto con ${admin ? 'una compra del cliente' : 'tu compra'}`
          : `Se cobró ${s.amount} ${wallet} por sobrepeso`;
      if (s.dispute === 'rejected')
        return `${charged}. ${admin ? 'La aclaración del cliente se rechazó' : 'Revisamos tu aclaración y el sobrepeso se mantiene'}.`;
      return `${charged}; ${contest}${s.paidVia === 'purchase' ? (admin ? ' en su Monedero' : ' en tu Monedero') : ''}.`;
    }
    case 'pending': {
      const pending = admin
        ? `El Monedero del cliente no alcanzaba para cubrir el sobrepeso de ${s.amount}: queda pendiente para su siguiente compra (o lo paga desde su Monedero).`
        : `Tu Monedero no alcanzaba para cubrir el sobrepeso de ${s.amount}: queda pendiente para tu siguiente compra, o págalo ahora con tu Monedero.`;
      if (s.dispute !== 'none') return pending;
      return `${pending} ${admin ? 'Si no está de acuerdo, puede pedir una aclaración; mientras se revisa no se cobra.' : 'Si no estás de acuerdo, pide una aclaración; mientras la revisamos no se cobra.'}`;
    }
    case 'disputed':
      if (s.paidVia) {
        return admin
          ? `El cliente pidió una aclaración; el sobrepeso de ${s.amount} ya se cobró: si se acepta, se le devuelve a su Monedero.`
          : `Estamos revisando tu aclaración; si la aceptamos, te devolvemos ${s.amount} a tu Monedero.`;
      }
      return admin
        ? `El cliente pidió una aclaración: mientras se revisa, el sobrepeso de ${s.amount} no se cobra.`
        : `Estamos revisando tu aclaración; mientras tanto el sobrepeso de ${s.amount} no se cobra ni se suma a tus compras.`;
    case 'cancelled':
      if (s.refund)
        return admin
          ? `La aclaración se aceptó: el sobrepeso se canceló y se devolvieron ${s.refund} al Monedero del cliente.`
          : `Aceptamos tu aclaración: el sobrepeso se canceló y te devolvimos ${s.refund} a tu Monedero.`;
      return admin ? 'El sobrepeso se canceló; no se cobró nada.' : 'El sobrepeso se canceló; no se te cobró nada.';
  }
}

/** `GET /api/v1/overweight/shipment/{shipmentId}`: the shipment's overweight, or null when it has none. */
export const shipmentOverweightSchema = z.object({ record: overweightRecordSchema.nullable() });
export type ShipmentOverweight = z.infer<typeof shipmentOverweightSchema>;

const overweightStatusQuery = z
  .enum([...OVERWEIGHT_STATUSES, 'Pendiente', 'Pagado'], { error: 'El estatus del sobrepeso debe ser pending, paid, disputed o cancelled.' })
  .transform((v): OverweightStatus => (v === 'Pendiente' ? 'pending' : v === 'Pagado' ? 'paid' : v));

const listShape = {
  service: z.uuid({ error: 'El servicio no es válido.' }).optional(),
  status: overweightStatusQuery.optional(),
  filter: z.string({ error: 'La búsqueda debe ser texto.' }).trim().max(100, { error: 'La búsqueda debe tener como máximo 100 caracteres.' }).optional(),
  page: z.coerce
    .number({ error: 'La página debe ser un número.' })
    .int({ error: 'La página debe ser un número entero.' })
    .min(1, { error: 'La página debe ser al menos 1.' })
    .default(1),
  limit: z.coerce
    .number({ error: 'El tamaño de página debe ser un número.' })
    .int({ error: 'El tamaño de página debe ser un número entero.' })
    .min(1, { error: 'El tamaño de página debe ser al menos 1.' })
    .max(100, { error: 'El tamaño de página debe ser como máximo 100.' })
    .default(PAGE_SIZE),
};

/** `GET /api/v1/overweight/user/{userId}?service&status&filter[&limit&page]`: the owner's (or an admin's look at one user's). */
export const userOverweightQuerySchema = z.object(listShape);
export type UserOverweightQuery = z.output<typeof userOverweightQuerySchema>;

/** One row of the overweight lists. */
export const overweightRowSchema = z.object({
  _id: z.uuid(),
  shipment_id: z.uuid(),
  /** When the guide was bought (the report's 'fecha'). */
  created_at: z.iso.datetime(),
  recorded_at: z.iso.datetime(),
  numberOfOrder: z.number().int(),
  user: z.uuid(),
  customer_name: z.string(),
  customer_email: z.string(),
  carrier: z.string(),
  carrier_code: carrierCodeSchema,
  carrier_service_name: z.string(),
  service_id: z.uuid(),
  number_guide: z.string().nullable(),
  overweight: z.number(),
  cost_overweight: z.number(),
  status: z.enum(OVERWEIGHT_STATUSES),
  status_label: z.string(),
  dispute_status: z.enum(DISPUTE_STATUSES),
  /** The guide's total, MXN. */
  total_amount: z.number(),
});
export type OverweightRow = z.infer<typeof overweightRowSchema>;
export const overweightPageSchema = pagedSchema(overweightRowSchema).extend({
  /** MXN the owner still owes (pending, not disputed): what joins the next purchase. */
  total_pending: z.number(),
});
export type OverweightPage = z.infer<typeof overweightPageSchema>;

/** `POST /api/v1/overweight/{shipmentId}/dispute` (multipart): the message; attachments as files. */
export const disputeInputSchema = z.object({
  message: z
    .string({ error: 'El mensaje es obligatorio.' })
    .trim()
    .min(DISPUTE_MESSAGE_MIN, { error: `Cuéntanos en al menos ${DISPUTE_MESSAGE_MIN} caracteres por qué no estás de acuerdo.` })
    .max(DISPUTE_MESSAGE_MAX, { error: `El mensaje debe tener como máximo ${DISPUTE_MESSAGE_MAX} caracteres.` }),
});

/** `POST /api/v1/overweight/{shipmentId}/dispute/resolve` (admin). */
export const resolveDisputeSchema = z
  .object({
    decision: z.enum(['accept', 'reject'], { error: 'La decisión debe ser accept (aceptar) o reject (rechazar).' }),
    reason: z
      .string({ error: 'El motivo debe ser texto.' })
      .trim()
      .max(RESOLUTION_REASON_MAX, { error: `El motivo debe tener como máximo ${RESOLUTION_REASON_MAX} caracteres.` })
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'reject' && (b.reason ?? '').length < RESOLUTION_REASON_MIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: `Explica al cliente en al menos ${RESOLUTION_REASON_MIN} caracteres por qué se mantiene el sobrepeso.`,
      });
    }
  });
export type ResolveDispute = z.output<typeof resolveDisputeSchema>;

/** The export of the user's overweight page. */
export const USER_OVERWEIGHT_EXPORT_FIELDS = ['fecha', 'servicio', 'sobrepeso', 'costo_sobrepeso', 'estatus_sobrepeso', 'guia', 'total'] as const;
/** The admin overweight report's export. */
export const ADMIN_OVERWEIGHT_EXPORT_FIELDS = [
  'fecha_guia',
  'usuario',
  'correo',
  'servicio',
  'sobrepeso',
  'costo_sobrepeso',
  'estatus_sobrepeso',
  'guia',
  'total',
] as const;

export const overweightErrorCodes = {
  notFound: 'overweight.not_found',
  shipmentUnpaid: 'overweight.shipment_unpaid',
  alreadyPaid: 'overweight.already_paid',
  disputeOpen: 'overweight.dispute_open',
  cancelled: 'overweight.cancelled',
  disputeNotAllowed: 'overweight.dispute_not_allowed',
  noOpenDispute: 'overweight.no_open_dispute',
  fileInvalid: 'overweight.file_invalid',
  tooManyFiles: 'overweight.too_many_files',
} as const;

export const overweightMessages = {
  pageTitle: 'Sobrepesos',
  adminTitle: 'Reporte Sobrepesos',
  editTitle: 'Editar sobrepeso',
  shipmentUnpaid: 'El sobrepeso se registra en envíos pagados (con guía); este envío aún no se paga.',
  alreadyPaid: 'El sobrepeso de este envío ya está pagado y no se puede modificar.',
  disputeOpen: 'El cliente pidió una aclaración de este sobrepeso: resuélvela antes de modificarlo.',
  cancelled: 'Este sobrepeso se canceló al aceptar la aclaración del cliente; no se puede volver a cobrar.',
  disputeTwice: 'Ya enviaste una aclaración de este sobrepeso; solo se puede enviar una.',
  disputeNothing: 'Este envío no tiene un sobrepeso que aclarar.',
  noOpenDispute: 'Este sobrepeso no tiene una aclaración abierta.',
  charged: 'Sobrepeso guardado y cobrado del monedero del cliente.',
  pending: 'Sobrepeso guardado. El monedero del cliente no alcanza: queda pendiente y se sumará a su siguiente compra.',
  chargeRule:
    'Al guardar, el sobrepeso se cobra en ese momento del Monedero del cliente si alcanza; si no, queda pendiente para su siguiente compra. El cliente recibe un correo que lo explica y puede pedir una aclaración.',
} as const;
