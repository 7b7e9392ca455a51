import { z } from 'zod';
import { carrierCodeSchema } from './carriers.js';
import { OVERWEIGHT_STATUSES } from './overweight.js';
import { pagedSchema, PAGE_SIZE } from './pagination.js';

/**
 * The admin's general report ('Reporte General', /general_report) and the exports of the back
 * office: every shipment of every customer in a period, filtered by service, payment status and a
 * keyword, ten to a page; and the same selection written as an Excel workbook or a CSV file.
 */

/** The spec's export cap: a workbook holds at most this many rows. */
export const EXPORT_MAX_ROWS = 100_000;
/** The keyword box: at most this many characters. */
export const REPORT_KEYWORD_MAX = 100;

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `YYYY-MM-DD`, optionally followed by a time (`T23:59:59`, as the spec's client sends the end of the period); the day is what counts. */
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function isRealDay(text: string): boolean {
  const m = DAY_PATTERN.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 2000;
}

/** A calendar day of the period (Mexico City), as `YYYY-MM-DD`. */
export function reportDaySchema(label: string) {
  return z
    .string({ error: `${label} debe ser una fecha AAAA-MM-DD.` })
    .trim()
    .refine(isRealDay, { error: `${label} debe ser una fecha válida con el formato AAAA-MM-DD.` })
    .transform((v) => v.slice(0, 10));
}

export const PAYMENT_FILTERS = ['paid', 'unpaid'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

/** 'Guía sin pago' / 'Pagado'; the spec's own client also sends true/false. */
export const paymentFilterSchema = z
  .enum(['paid', 'unpaid', 'true', 'false'], { error: 'El estatus de pago debe ser paid (Pagado) o unpaid (Guía sin pago).' })
  .transform((v): PaymentFilter => (v === 'paid' || v === 'true' ? 'paid' : 'unpaid'));

/** The filters the report and its exports share. */
export const periodFilterShape = {
  /** First day of the period (Mexico City), inclusive. */
  date_ini: reportDaySchema('La fecha inicial').optional(),
  /** Last day of the period (Mexico City), inclusive; a day after today means "until now". */
  date_fin: reportDaySchema('La fecha final').optional(),
  /** A catalogue service id ('Servicios' = all: leave it out). */
  service: z.uuid({ error: 'El servicio no es válido.' }).optional(),
  status: paymentFilterSchema.optional(),
  /** Matches the customer's name or e-mail, the recipient, the guide number, the folio or the reference. */
  filter: z
    .string({ error: 'La búsqueda debe ser texto.' })
    .trim()
    .max(REPORT_KEYWORD_MAX, { error: `La búsqueda debe tener como máximo ${REPORT_KEYWORD_MAX} caracteres.` })
    .optional(),
};

/** `GET /api/v1/shipments/period?date_ini&date_fin&service&status&filter&limit&page` (admin). */
export const periodQuerySchema = z.object({
  ...periodFilterShape,
  page: z.coerce
    .number({ error: 'La página debe ser un número.' })
    .int({ error: 'La página debe ser un número entero.' })
    .min(1, { error: 'La página debe ser al menos 1.' })
    .max(1_000_000, { error: 'La página es demasiado grande.' })
    .default(1),
  /** Ten by default; the spec's export asked for up to 100,000 at once, and that still works. */
  limit: z.coerce
    .number({ error: 'El tamaño de página debe ser un número.' })
    .int({ error: 'El tamaño de página debe ser un número entero.' })
    .min(1, { error: 'El tamaño de página debe ser al menos 1.' })
    .max(EXPORT_MAX_ROWS, { error: `El tamaño de página debe ser como máximo ${EXPORT_MAX_ROWS.toLocaleString('en-US')}.` })
    .default(PAGE_SIZE),
});
export type PeriodQueryInput = z.input<typeof periodQuerySchema>;
export type PeriodQuery = z.output<typeof periodQuerySchema>;

/** `GET /api/v1/reports/shipments.{xlsx,csv}`: the report's filters, every page. */
export const periodExportQuerySchema = z.object(periodFilterShape);
export type PeriodExportQuery = z.output<typeof periodExportQuerySchema>;

export const reportParcelSchema = z.object({ height: z.number(), width: z.number(), depth: z.number(), weight: z.number() });

/** One row of the general report: the spec's columns and the shipment's overweight. */
export const reportRowSchema = z.object({
  _id: z.uuid(),
  created_at: z.iso.datetime(),
  numberOfOrder: z.number().int(),
  user: z.uuid(),
  customer_info: z.object({ first_names: z.string(), last_names: z.string(), email: z.string() }),
  origin_name: z.string(),
  destination_name: z.string(),
  carrier: z.string(),
  carrier_code: carrierCodeSchema,
  carrier_service_name: z.string(),
  service_id: z.uuid(),
  parcels: z.array(reportParcelSchema),
  /** Declared weight of all parcels, kg. */
  weight: z.number(),
  number_guide: z.string().nullable(),
  reference: z.string().nullable(),
  /** The guide's status in words ('Sin número de guía', 'Guía creada' until the carrier reports an event, then its headline). */
  guide_status: z.string(),
  /** true = paid. */
  status: z.boolean(),
  total_amount: z.number(),
  currency: z.literal('MXN'),
  /** The label's address once paid and issued, else null. */
  guide: z.string().nullable(),
  /** Kilos and MXN of the recorded overweight (null: none). */
  overweight: z.number().nullable(),
  cost_overweight: z.number().nullable(),
  overweight_paid: z.boolean(),
  overweight_status: z.enum(OVERWEIGHT_STATUSES).nullable(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;
export const reportPageSchema = pagedSchema(reportRowSchema);
export type ReportPage = z.infer<typeof reportPageSchema>;

export const reportErrorCodes = {
  periodInFuture: 'reports.period_in_future',
  periodReversed: 'reports.period_reversed',
  exportTooLarge: 'reports.export_too_large',
} as const;

export const reportMessages = {
  title: 'Reporte General',
  iniInFuture: 'La fecha inicial no puede ser posterior a hoy.',
  reversed: 'La fecha final debe ser igual o posterior a la fecha inicial.',
  exportTooLarge: (rows: number, max: number = EXPORT_MAX_ROWS) =>
    `La exportación admite hasta ${max.toLocaleString('en-US')} filas y esta selección tiene ${rows.toLocaleString('en-US')}. ` +
    'Acorta el periodo o agrega un filtro (servicio, estatus o búsqueda) y vuelve a exportar.',
} as const;

/** Headers the exports answer before the file, so a page can show progress: rows and an estimate of the bytes. */
export const EXPORT_ROWS_HEADER = 'x-export-rows';
export const EXPORT_ESTIMATED_BYTES_HEADER = 'x-export-estimated-bytes';
