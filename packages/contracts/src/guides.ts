import { z } from 'zod';
import { carrierCodeSchema } from './carriers.js';

/**
 * Guides (guías) and their sources: a service takes its guide numbers either from a
 * prepaid inventory loaded by admins (CSV, one number per line) or from the carrier adapter
 * (sandbox or live API). The label is a 4 × 6 in PDF at `GET /api/v1/shipments/{id}/label`.
 */

export const GUIDE_SOURCES = ['inventory', 'carrier_api'] as const;
export type GuideSource = (typeof GUIDE_SOURCES)[number];

/** available → reserved (for one payment attempt) → used (by one shipment); reserved goes back to available when the attempt closes unpaid. */
export const INVENTORY_STATUSES = ['available', 'reserved', 'used'] as const;
export type InventoryStatus = (typeof INVENTORY_STATUSES)[number];

/** The largest CSV one upload may carry (lines). */
export const INVENTORY_UPLOAD_MAX_LINES = 20_000;
/** A guide number: letters, digits and dashes, 6 to 40 characters. */
export const GUIDE_NUMBER_PATTERN = /^[A-Za-z0-9-]{6,40}$/;

export const guideErrorCodes = {
  noGuides: 'guides.none_available',
  notIssued: 'guides.not_issued',
  /** The label of a shipment not paid yet. */
  notPaid: 'guides.not_paid',
  /** The stored shipment cannot be drawn as a label (a bug upstream). */
  labelInvalid: 'guides.label_invalid_input',
  badLink: 'guides.bad_link',
  badCsv: 'guides.bad_csv',
} as const;

/** `GET /guides/inventory` (admin): stock per service. */
export const inventoryStockSchema = z.object({
  service_id: z.uuid(),
  carrier_code: carrierCodeSchema,
  carrier: z.string(),
  service_name: z.string(),
  guide_source: z.enum(GUIDE_SOURCES),
  available: z.number().int(),
  reserved: z.number().int(),
  used: z.number().int(),
  /** Demo numbers seeded at first start (sandbox), not real carrier guides. */
  demo: z.number().int(),
});
export type InventoryStock = z.infer<typeof inventoryStockSchema>;
export const inventoryStockListSchema = z.array(inventoryStockSchema);

/** `POST /guides/inventory/{serviceId}` (admin): the CSV text, one guide number per line (a header line `guia` is skipped). */
export const inventoryUploadSchema = z.object({
  csv: z
    .string({ error: 'El archivo CSV es obligatorio.' })
    .min(1, { error: 'El archivo CSV está vacío.' })
    .max(1_000_000, { error: 'El archivo CSV es demasiado grande (máximo 1 MB).' }),
});
export type InventoryUploadInput = z.input<typeof inventoryUploadSchema>;
export const inventoryUploadResultSchema = z.object({
  added: z.number().int(),
  /** Already in the inventory (this or an earlier upload). */
  duplicates: z.number().int(),
  invalid: z.array(z.object({ line: z.number().int(), value: z.string(), message: z.string() })),
  stock: inventoryStockSchema,
});
export type InventoryUploadResult = z.infer<typeof inventoryUploadResultSchema>;
export const serviceIdParamsSchema = z.object({ serviceId: z.uuid({ error: 'El servicio no es válido.' }) });

/** `GET /shipments/{id}/label?token=`: a signed, expiring link (e-mails) works without a session. */
export const labelQuerySchema = z.object({
  token: z.string().max(512).optional(),
  /** `1`: Content-Disposition attachment instead of inline. */
  download: z.enum(['0', '1']).optional(),
});
/** Days a label link in an e-mail stays valid. */
export const LABEL_LINK_DAYS = 30;

// ---------------------------------------------------------------- batch labels and printing

/**
 * Label files: `pdf4x6` one 4 × 6 in label per page (thermal printers), `pdfletter` two labels per
 * letter page (office printers), `zpl` ZPL II for Zebra-compatible printers (203 dpi, 4 × 6 in).
 */
export const LABEL_FORMATS = ['pdf4x6', 'pdfletter', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
export const DEFAULT_LABEL_FORMAT: LabelFormat = 'pdf4x6';

export const labelFormatLabels: Readonly<Record<LabelFormat, string>> = {
  pdf4x6: 'PDF 4 × 6 in (impresora térmica)',
  pdfletter: 'PDF tamaño carta, dos por hoja',
  zpl: 'ZPL para impresoras Zebra (203 dpi)',
};

/** How many labels one file may carry. */
export const LABELS_MAX = 5_000;

const labelFormatSchema = z.enum(LABEL_FORMATS, { error: 'El formato debe ser pdf4x6, pdfletter o zpl.' });

/**
 * `GET /api/v1/labels`: the labels of paid shipments in one file. Exactly one selection: `ids`
 * (comma-separated shipment ids), `bulk` (the shipments one bulk upload created) or `today=1`
 * (the caller's guides paid today, Mexico City time). Without `format`, the account's preference.
 */
export const labelsQuerySchema = z
  .object({
    ids: z
      .string()
      .trim()
      .max(LABELS_MAX * 37, { error: 'Demasiados envíos en una sola descarga.' })
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.uuid({ error: 'Uno de los envíos no es válido.' }))
          .max(LABELS_MAX, { error: `Puedes descargar como máximo ${LABELS_MAX.toLocaleString('es-MX')} etiquetas a la vez.` })
          .refine((ids) => new Set(ids).size === ids.length, { error: 'Un envío aparece dos veces.' }),
      )
      .optional(),
    bulk: z.uuid({ error: 'La carga masiva no es válida.' }).optional(),
    today: z.enum(['1'], { error: 'today solo admite 1.' }).optional(),
    format: labelFormatSchema.optional(),
    /** `1`: Content-Disposition attachment instead of inline. */
    download: z.enum(['0', '1']).optional(),
  })
  .superRefine((q, ctx) => {
    const chosen = [q.ids && q.ids.length > 0, q.bulk !== undefined, q.today !== undefined].filter(Boolean).length;
    if (chosen !== 1) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Elige los envíos: ids, bulk o today=1 (solo uno).' });
  });
export type LabelsQuery = z.input<typeof labelsQuerySchema>;

/** `POST /api/v1/labels`: the same as the GET for selections too long for a URL. */
export const labelsBodySchema = z.object({
  ids: z
    .array(z.uuid({ error: 'Uno de los envíos no es válido.' }), { error: 'Los envíos son obligatorios.' })
    .min(1, { error: 'Selecciona al menos un envío.' })
    .max(LABELS_MAX, { error: `Puedes descargar como máximo ${LABELS_MAX.toLocaleString('es-MX')} etiquetas a la vez.` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Un envío aparece dos veces.' }),
  format: labelFormatSchema.optional(),
});

/** `GET /api/v1/shipments/{id}/label.zpl`. */
export const zplLabelQuerySchema = z.object({ download: z.enum(['0', '1']).optional() });

/** «Configuración de impresión»: the format the seller's downloads use by default. */
export const labelSettingsSchema = z.object({ format: z.enum(LABEL_FORMATS) });
export type LabelSettings = z.infer<typeof labelSettingsSchema>;
export const labelSettingsInputSchema = z.object({ format: labelFormatSchema });

export const labelErrorCodes = {
  /** Some of the chosen shipments have no label yet (unpaid, or their guide is being issued). */
  notReady: 'labels.not_ready',
  /** The carrier gave its own PDF label: it prints only as that PDF. */
  carrierLabel: 'labels.carrier_label',
  nothing: 'labels.none',
} as const;
