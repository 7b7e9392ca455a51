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
