import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './pagination.js';

/**
 * Bulk shipping ('Envíos masivos', `/api/v1/shipments/bulk`): a spreadsheet (XLSX or CSV) or JSON
 * rows, one shipment per row. Every row is checked with the wizard's rules and quoted; a bad row
 * names its column and the reason in Spanish, and can be corrected in place. Valid rows become
 * shipments (never twice: a fingerprint per account) paid in one payment through the usual
 * purchase.
 */

/** Rows one file (or one JSON call) may carry. */
export const BULK_ROWS_MAX = 5_000;
/** The largest file accepted (bytes). */
export const BULK_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** «más barato» and «más rápido»: the service column's two choices besides a named service. */
export const SERVICE_CHEAPEST = 'más barato';
export const SERVICE_FASTEST = 'más rápido';

export type BulkColumnGroup = 'origen' | 'destino' | 'paquete' | 'envio';

export interface BulkColumn {
  /** The key a JSON row uses and the field an error names. */
  key: string;
  /** The template's Spanish header. */
  header: string;
  group: BulkColumnGroup;
  /** What it accepts, for the template's second sheet and the page's help. */
  help: string;
  /** The example row's value. */
  example: string;
}

/**
 * The template's columns, in order. Origin: a saved address's name or the fields. Package: a
 * saved package's name or type, measures and weight. Content and insured value fall back to the
 * saved package's.
 */
export const BULK_COLUMNS = [
  {
    key: 'origen',
    header: 'Origen (dirección guardada)',
    group: 'origen',
    help: 'Nombre de una de tus direcciones guardadas. Si lo usas, deja vacías las demás columnas de origen.',
    example: '',
  },
  { key: 'origen_nombre', header: 'Origen: nombre', group: 'origen', help: 'Nombre completo de quien envía, de 2 a 35 caracteres.', example: 'Ana López' },
  { key: 'origen_correo', header: 'Origen: correo', group: 'origen', help: 'Correo electrónico de quien envía.', example: 'ana@correo.mx' },
  { key: 'origen_telefono', header: 'Origen: teléfono', group: 'origen', help: 'Solo dígitos, de 3 a 25.', example: '3312345678' },
  { key: 'origen_calle', header: 'Origen: calle', group: 'origen', help: 'De 2 a 25 caracteres.', example: 'Av. Juárez' },
  { key: 'origen_numero', header: 'Origen: número exterior', group: 'origen', help: 'De 1 a 5 caracteres.', example: '123' },
  { key: 'origen_interior', header: 'Origen: número interior', group: 'origen', help: 'Opcional, hasta 5 caracteres.', example: '' },
  {
    key: 'origen_colonia',
    header: 'Origen: colonia',
    group: 'origen',
    help: 'Una colonia del código postal, como la escribe el catálogo de SEPOMEX (sin importar acentos ni mayúsculas).',
    example: 'Guadalajara Centro',
  },
  { key: 'origen_cp', header: 'Origen: código postal', group: 'origen', help: 'Cinco dígitos de un código postal de México.', example: '44100' },
  { key: 'origen_referencia', header: 'Origen: referencia', group: 'origen', help: 'Opcional, de 2 a 35 caracteres.', example: '' },
  { key: 'destino_nombre', header: 'Destino: nombre', group: 'destino', help: 'Nombre completo de quien recibe, de 2 a 35 caracteres.', example: 'Bruno Díaz' },
  { key: 'destino_correo', header: 'Destino: correo', group: 'destino', help: 'Correo electrónico de quien recibe.', example: 'bruno@correo.mx' },
  { key: 'destino_telefono', header: 'Destino: teléfono', group: 'destino', help: 'Solo dígitos, de 3 a 25.', example: '5512345678' },
  { key: 'destino_calle', header: 'Destino: calle', group: 'destino', help: 'De 2 a 25 caracteres.', example: 'Calle Roma' },
  { key: 'destino_numero', header: 'Destino: número exterior', group: 'destino', help: 'De 2 a 5 caracteres (por ejemplo 45 o S/N).', example: '45' },
  { key: 'destino_interior', header: 'Destino: número interior', group: 'destino', help: 'Opcional, hasta 5 caracteres.', example: '2B' },
  {
    key: 'destino_colonia',
    header: 'Destino: colonia',
    group: 'destino',
    help: 'Una colonia del código postal, como la escribe el catálogo de SEPOMEX (sin importar acentos ni mayúsculas).',
    example: 'Juárez',
  },
  { key: 'destino_cp', header: 'Destino: código postal', group: 'destino', help: 'Cinco dígitos de un código postal de México.', example: '06600' },
  { key: 'destino_referencia', header: 'Destino: referencia', group: 'destino', help: 'Opcional, de 2 a 35 caracteres.', example: 'Portón negro' },
  {
    key: 'paquete',
    header: 'Paquete guardado',
    group: 'paquete',
    help: 'Nombre de uno de tus paquetes guardados. Si lo usas, puedes dejar vacíos el tipo, las medidas y el peso.',
    example: '',
  },
  { key: 'tipo', header: 'Tipo', group: 'paquete', help: 'sobre, paquete o tarima (vacío: paquete).', example: 'paquete' },
  { key: 'largo_cm', header: 'Largo (cm)', group: 'paquete', help: 'Mayor que 0 y hasta 300; un sobre no lo necesita.', example: '30' },
  { key: 'ancho_cm', header: 'Ancho (cm)', group: 'paquete', help: 'Mayor que 0 y hasta 300; un sobre no lo necesita.', example: '20' },
  { key: 'alto_cm', header: 'Alto (cm)', group: 'paquete', help: 'Mayor que 0 y hasta 300; un sobre no lo necesita.', example: '15' },
  { key: 'peso_kg', header: 'Peso (kg)', group: 'paquete', help: 'Mayor que 0 y hasta 2,000, con punto decimal.', example: '2.5' },
  {
    key: 'contenido',
    header: 'Contenido',
    group: 'envio',
    help: 'Qué contiene el paquete, hasta 35 caracteres (vacío: el del paquete guardado).',
    example: 'Ropa',
  },
  {
    key: 'valor_asegurado',
    header: 'Valor asegurado (MXN)',
    group: 'envio',
    help: 'Vacío: sin seguro. Con un valor mayor que 0, el envío se asegura por ese monto.',
    example: '',
  },
  {
    key: 'servicio',
    header: 'Servicio',
    group: 'envio',
    help: '«más barato», «más rápido» o el nombre de un servicio, por ejemplo «DHL EXPRESS DOMESTIC» (vacío: más barato).',
    example: SERVICE_CHEAPEST,
  },
] as const satisfies readonly BulkColumn[];

export type BulkColumnKey = (typeof BULK_COLUMNS)[number]['key'];
export const BULK_COLUMN_KEYS = BULK_COLUMNS.map<BulkColumnKey>((c) => c.key);

/** A row as the seller wrote it: text per column (missing columns are empty). */
export type BulkRowValues = Partial<Record<BulkColumnKey, string>>;

/** Any cell: text up to 200 characters, numbers as the seller typed them. */
const cellSchema = z
  .union([z.string().max(200, { error: 'Un valor debe tener como máximo 200 caracteres.' }), z.number(), z.null()])
  .transform((v) => (v === null ? '' : String(v)));

export const bulkRowValuesSchema = z.strictObject(
  Object.fromEntries(BULK_COLUMNS.map((c) => [c.key, cellSchema.optional()])) as Record<BulkColumnKey, z.ZodOptional<typeof cellSchema>>,
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `La columna «${iss.keys.join('», «')}» no existe en la plantilla.`
        : 'Cada fila debe ser un objeto con las columnas de la plantilla.',
  },
);

/** `POST /api/v1/shipments/bulk` with JSON: the rows and a name for the upload. */
export const bulkJsonInputSchema = z.object({
  file_name: z.string().trim().min(1).max(120).default('filas.json'),
  rows: z
    .array(bulkRowValuesSchema, { error: 'Las filas son obligatorias.' })
    .min(1, { error: 'Envía al menos una fila.' })
    .max(BULK_ROWS_MAX, { error: `Puedes enviar como máximo ${BULK_ROWS_MAX.toLocaleString('es-MX')} filas por carga.` }),
});
export type BulkJsonInput = z.input<typeof bulkJsonInputSchema>;

export const BULK_UPLOAD_STATUSES = ['processing', 'ready'] as const;
export type BulkUploadStatus = (typeof BULK_UPLOAD_STATUSES)[number];
export const BULK_ROW_STATUSES = ['pending', 'valid', 'invalid', 'duplicate', 'created'] as const;
export type BulkRowStatus = (typeof BULK_ROW_STATUSES)[number];

export const bulkRowStatusLabels: Readonly<Record<BulkRowStatus, string>> = {
  pending: 'Por revisar',
  valid: 'Lista',
  invalid: 'Con errores',
  duplicate: 'Ya creada',
  created: 'Creada',
};

export const bulkFieldErrorSchema = z.object({
  /** The column key (`destino_cp`), or `fila` for the whole row. */
  field: z.string(),
  /** The column's header as the template names it. */
  column: z.string(),
  message: z.string(),
});
export type BulkFieldError = z.infer<typeof bulkFieldErrorSchema>;

export const bulkQuoteSchema = z.object({
  service_id: z.uuid(),
  carrier: z.string(),
  carrier_service_name: z.string(),
  /** MXN, the guide's price. */
  net_total_amount: z.number(),
  total_transit_days: z.number().int(),
  estimated_delivery: z.iso.date(),
});
export type BulkQuote = z.infer<typeof bulkQuoteSchema>;

export const bulkRowSchema = z.object({
  /** The spreadsheet's row number (the header is row 1), or the JSON row's position from 1. */
  row: z.number().int(),
  status: z.enum(BULK_ROW_STATUSES),
  values: z.record(z.string(), z.string()),
  errors: z.array(bulkFieldErrorSchema),
  quote: bulkQuoteSchema.nullable(),
  /** Already created before (this or an earlier upload): when and as which folio. */
  duplicate_of: z.object({ number_of_order: z.number().int().nullable(), created_at: z.iso.datetime(), same_file_row: z.number().int().nullable() }).nullable(),
  /** «Crear de nuevo»: the seller chose to create this row although it was created before. */
  recreate: z.boolean(),
  shipment_id: z.uuid().nullable(),
  number_of_order: z.number().int().nullable(),
});
export type BulkRow = z.infer<typeof bulkRowSchema>;

export const bulkUploadSchema = z.object({
  _id: z.uuid(),
  file_name: z.string(),
  status: z.enum(BULK_UPLOAD_STATUSES),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  counts: z.object({
    pending: z.number().int(),
    valid: z.number().int(),
    invalid: z.number().int(),
    duplicate: z.number().int(),
    created: z.number().int(),
  }),
  /** MXN: the valid rows not created yet. */
  valid_amount: z.number(),
  /** Created shipments still unpaid (what «Pagar» pays). */
  unpaid_shipments: z.number().int(),
  /** Columns of the file that the template does not have (ignored). */
  ignored_columns: z.array(z.string()),
  created_at: z.iso.datetime(),
});
export type BulkUpload = z.infer<typeof bulkUploadSchema>;

/** `POST /shipments/bulk`: the upload and, once every row is checked, the per-row report. */
export const bulkReportSchema = bulkUploadSchema.extend({
  /** Every row when `status` is `ready`; empty while the rows are still being checked (poll `GET /shipments/bulk/{id}`). */
  rows: z.array(bulkRowSchema),
});
export type BulkReport = z.infer<typeof bulkReportSchema>;

export const bulkUploadListSchema = z.array(bulkUploadSchema);

export const bulkRowsQuerySchema = pageQuerySchema.extend({
  status: z.enum(BULK_ROW_STATUSES, { error: 'El estatus no es válido.' }).optional(),
  limit: z.coerce
    .number({ error: 'El tamaño de página debe ser un número.' })
    .int()
    .min(1)
    .max(500, { error: 'El tamaño de página debe ser como máximo 500.' })
    .default(50),
});
export const bulkRowPageSchema = pagedSchema(bulkRowSchema);
export type BulkRowPage = z.infer<typeof bulkRowPageSchema>;

export const bulkIdParamsSchema = z.object({ id: z.uuid({ error: 'La carga masiva no es válida.' }) });
export const bulkRowParamsSchema = bulkIdParamsSchema.extend({
  row: z.coerce.number({ error: 'La fila debe ser un número.' }).int().min(1, { error: 'La fila debe ser al menos 1.' }),
});

/** `PATCH /shipments/bulk/{id}/rows/{row}`: new values (checked and quoted again) and/or «Crear de nuevo». */
export const bulkRowUpdateSchema = z
  .object({
    values: bulkRowValuesSchema.optional(),
    recreate: z.boolean().optional(),
  })
  .refine((b) => b.values !== undefined || b.recreate !== undefined, { error: 'No hay cambios que aplicar.' });
export type BulkRowUpdate = z.input<typeof bulkRowUpdateSchema>;

/** `POST /shipments/bulk/{id}/create`: the valid rows (or these rows) become shipments. */
export const bulkCreateInputSchema = z.object({
  rows: z.array(z.number().int().min(1)).max(BULK_ROWS_MAX).optional(),
});

export const bulkCreateResultSchema = z.object({
  upload: bulkUploadSchema,
  /** Rows created by this call. */
  created: z.number().int(),
  /** Every shipment this upload created that is still unpaid: what the payment pays. */
  shipment_ids: z.array(z.uuid()),
  /** Rows left out of this call, with the reason (a price that moved, already created…). */
  skipped: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type BulkCreateResult = z.infer<typeof bulkCreateResultSchema>;

/** `GET /shipments/bulk/{id}/shipments`: the upload's shipments as the payment page shows them. */
export const bulkShipmentSchema = z.object({
  _id: z.uuid(),
  row: z.number().int(),
  numberOfOrder: z.number().int(),
  destination_name: z.string(),
  destination_line: z.string(),
  destination_postal_code: z.string(),
  destination_city: z.string(),
  carrier: z.string(),
  carrier_service_name: z.string(),
  net_total_amount: z.number(),
  total_amount: z.number(),
  status: z.boolean(),
  number_guide: z.string().nullable(),
  user: z.uuid(),
});
export type BulkShipment = z.infer<typeof bulkShipmentSchema>;
export const bulkShipmentListSchema = z.array(bulkShipmentSchema);

export const bulkErrorCodes = {
  notFound: 'bulk.not_found',
  badFile: 'bulk.bad_file',
  tooManyRows: 'bulk.too_many_rows',
  processing: 'bulk.processing',
  rowCreated: 'bulk.row_created',
  busy: 'bulk.busy',
} as const;

/** How headers are compared: accents, case, punctuation and spaces ignored. */
export function headerKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const HEADER_INDEX = new Map<string, BulkColumnKey>(BULK_COLUMNS.flatMap((c) => [[headerKey(c.header), c.key] as const, [headerKey(c.key), c.key] as const]));

/** The column a header names (its Spanish header or its key), if any. */
export function columnForHeader(header: string): BulkColumnKey | undefined {
  return HEADER_INDEX.get(headerKey(header));
}

export function columnHeader(key: string): string {
  return BULK_COLUMNS.find((c) => c.key === key)?.header ?? 'Fila';
}
