import { z } from 'zod';
import { countryCodeSchema } from './geography.js';
import { carrierCodeSchema } from './carriers.js';
import { roundUpCentimetres, roundUpWeightKg } from './parcel-rules.js';

/** Sobre, paquete (the default) and tarima. */
export const PACKAGE_TYPES = ['document', 'box', 'pallet'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export const DEFAULT_PACKAGE_TYPE: PackageType = 'box';

/** A document (sobre) always travels as one parcel of these measures in cm. */
export const DOCUMENT_PRESET = { height: 1, width: 25, depth: 1 } as const;

// The weight rule lives in a zod-free module (the FAQ's calculator uses it too); re-exported here.
export { billableWeightKg, roundUpCentimetres, roundUpWeightKg, VOLUMETRIC_DIVISOR, volumetricWeightKg } from './parcel-rules.js';

export const PARCEL_MAX_DIMENSION_CM = 300;
export const PARCEL_MAX_WEIGHT_KG = 2000;
export const MAX_GUIDES_PER_QUOTE = 100;
/** The client may send the parcel list already repeated to `cantidadGuias` entries. */
export const MAX_PARCELS_PER_QUOTE = MAX_GUIDES_PER_QUOTE;

/** "Guadalajara, Jalisco" style values: only the part after the last comma is sent. */
export function cityForQuote(city: string): string {
  const parts = city.split(',');
  return (parts[parts.length - 1] ?? '').trim();
}

/** Dimensions are whole centimetres, rounded up. */
function dimension(field: string) {
  return z
    .number({ error: (iss) => (iss.input === undefined ? `${field} es obligatorio.` : `${field} debe ser un número.`) })
    .gt(0, { error: `${field} debe ser mayor que 0 cm.` })
    .max(PARCEL_MAX_DIMENSION_CM, { error: `${field} debe ser como máximo ${PARCEL_MAX_DIMENSION_CM} cm.` })
    .transform(roundUpCentimetres);
}

/** Weight in kg, at least 0.1, in steps of 0.1 rounded up. */
const weightSchema = z
  .number({ error: (iss) => (iss.input === undefined ? 'El peso es obligatorio.' : 'El peso debe ser un número.') })
  .gt(0, { error: 'El peso debe ser mayor que 0 kg.' })
  .max(PARCEL_MAX_WEIGHT_KG, { error: `El peso debe ser como máximo ${PARCEL_MAX_WEIGHT_KG} kg.` })
  .transform(roundUpWeightKg);

/** One parcel of the quote. In the wizard depth is labelled Ancho and width Largo. */
export const parcelSchema = z.object({
  depth: dimension('El ancho'),
  width: dimension('El largo'),
  height: dimension('El alto'),
  weight: weightSchema,
});
export type ParcelInput = z.input<typeof parcelSchema>;
export type Parcel = z.output<typeof parcelSchema>;

/**
 * A parcel as a quote or a shipment body may send it: a document (sobre) has fixed measures, so a
 * client may send only its weight and the preset fills the rest (`withDocumentPreset`; the edit
 * screens send their own 41 × 31 × 1 cm, which stay). Boxes and pallets need all three measures
 * (`requireMeasures`).
 */
export const requestParcelSchema = z.object({
  depth: dimension('El ancho').optional(),
  width: dimension('El largo').optional(),
  height: dimension('El alto').optional(),
  weight: weightSchema,
});
type RequestParcel = z.output<typeof requestParcelSchema>;

const MEASURE_LABELS = { depth: 'El ancho', width: 'El largo', height: 'El alto' } as const;

/** Adds an "obligatorio" issue for every measure a box or pallet left out. */
export function requireMeasures(packageType: PackageType, parcels: readonly RequestParcel[], ctx: z.RefinementCtx, field = 'parcels'): void {
  if (packageType === 'document') return;
  parcels.forEach((parcel, index) => {
    for (const key of ['depth', 'width', 'height'] as const) {
      if (parcel[key] === undefined) ctx.addIssue({ code: 'custom', path: [field, index, key], message: `${MEASURE_LABELS[key]} es obligatorio.` });
    }
  });
}

/** The parcels with their measures settled: a sobre's missing measures from the preset, the rest as sent. */
export function withDocumentPreset(packageType: PackageType, parcels: readonly RequestParcel[]): Parcel[] {
  // requireMeasures already refused a box or pallet without its three measures.
  const fill = packageType === 'document' ? DOCUMENT_PRESET : undefined;
  return parcels.map((p) => ({ depth: p.depth ?? fill!.depth, width: p.width ?? fill!.width, height: p.height ?? fill!.height, weight: p.weight }));
}

function directionShape(side: 'origen' | 'destino') {
  return {
    country_code: countryCodeSchema,
    postal_code: z
      .string({ error: `El código postal de ${side} es obligatorio.` })
      .trim()
      .min(1, { error: `El código postal de ${side} es obligatorio.` })
      .max(12, { error: `El código postal de ${side} debe tener como máximo 12 caracteres.` }),
    city: z
      .string()
      .max(80, { error: `La ciudad de ${side} debe tener como máximo 80 caracteres.` })
      .default('')
      .transform(cityForQuote),
    suburb: z
      .string()
      .trim()
      .max(120, { error: `La colonia de ${side} debe tener como máximo 120 caracteres.` })
      .default(''),
  };
}

export const quoteOriginSchema = z.object(directionShape('origen'));
export const quoteDestinationSchema = z.object({
  ...directionShape('destino'),
  state_short: z.string().trim().max(10, { error: 'El estado de destino debe tener como máximo 10 caracteres.' }).default(''),
});

/**
 * The quote request, sent by the home form and the wizard. Insured value and its
 * currency travel together, and only when the parcel is insured.
 */
/** Number of guides (one shipment each), 1 to 100, rounded up; 1 when left out. */
export const guideCountSchema = z
  .number({ error: 'El número de guías debe ser un número.' })
  .gt(0, { error: 'El número de guías debe ser al menos 1.' })
  .max(MAX_GUIDES_PER_QUOTE, { error: `El número de guías debe ser como máximo ${MAX_GUIDES_PER_QUOTE}.` })
  .transform((v) => Math.ceil(v))
  .default(1);

export const quoteRequestSchema = z
  .object({
    origin_direction: quoteOriginSchema,
    destination_direction: quoteDestinationSchema,
    parcels: z
      .array(requestParcelSchema, { error: 'Los paquetes son obligatorios.' })
      .min(1, { error: 'Agrega al menos un paquete.' })
      .max(MAX_PARCELS_PER_QUOTE, { error: `Puedes cotizar como máximo ${MAX_PARCELS_PER_QUOTE} paquetes.` }),
    package_type: z.enum(PACKAGE_TYPES, { error: 'El tipo de envío debe ser sobre, paquete o tarima.' }),
    insured_value: z
      .number({ error: 'El valor asegurado debe ser un número.' })
      .gt(0, { error: 'El valor asegurado debe ser mayor que 0.' })
      .max(1_000_000, { error: 'El valor asegurado debe ser como máximo MX$1,000,000.00.' })
      .optional(),
    insured_value_currency: z.literal('MXN', { error: 'La moneda del valor asegurado debe ser MXN.' }).optional(),
    cantidadGuias: guideCountSchema,
    user: z.string().trim().min(1).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.package_type === 'document' && q.parcels.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['parcels'], message: 'Un sobre se envía como un solo paquete.' });
    }
    requireMeasures(q.package_type, q.parcels, ctx);
    if (q.insured_value_currency !== undefined && q.insured_value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['insured_value'], message: 'El valor asegurado es obligatorio.' });
    }
    if (q.insured_value !== undefined && q.insured_value_currency === undefined) {
      ctx.addIssue({ code: 'custom', path: ['insured_value_currency'], message: 'La moneda del valor asegurado es obligatoria.' });
    }
  })
  // A sobre is quoted with the preset measures, as the home form does, even when only its weight came.
  .transform((q) => ({ ...q, parcels: withDocumentPreset(q.package_type, q.parcels) }));
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

// ---------------------------------------------------------------- quote answer (POST /api/v1/quoting)

/**
 * Each guide carries one parcel: the parcel list is repeated, in order, until it has
 * `cantidadGuias` entries. Send the parcels as typed; the server repeats them.
 * More parcels than guides is refused (a guide never carries two parcels).
 */
export function expandParcelsToGuides<T>(parcels: readonly T[], guides: number): T[] {
  if (parcels.length === 0) return [];
  return Array.from({ length: guides }, (_, i) => parcels[i % parcels.length]!);
}

/** Shown, followed by the support phone, when no option came back. */
export const NO_SERVICE_MESSAGE = 'No tenemos el servicio disponible para mas informacion llamar al';

/** The remote-area flag and its charge line. */
export const REMOTE_AREA_LABEL = 'Entrega en un área Remota';

/**
 * The kinds of charge in an option's breakdown: the freight for the billable weight (`base`,
 * our margin included), kilos above the bracket's first kilo (`extra_kg`), the remote-area
 * surcharge, the insurance of the declared value, and the caller's unpaid overweight of earlier
 * shipments (once, not per guide).
 */
export const CHARGE_CODES = ['base', 'extra_kg', 'remote_area', 'insurance', 'overweight'] as const;
export type ChargeCode = (typeof CHARGE_CODES)[number];

/** One line of the breakdown popover: `amount = price × quantity`; the lines add up to `total_amount`. */
export const chargeLineSchema = z.object({
  code: z.enum(CHARGE_CODES),
  /** Spanish label, e.g. "Tarifa base (3 kg)", "Kilos adicionales (2 kg)", "Entrega en un área Remota". */
  service_name: z.string(),
  /** MXN, per guide (or the whole figure for `overweight`). */
  price: z.number(),
  /** Guides this line applies to (1 for `overweight`). */
  quantity: z.number().int(),
  /** MXN, price × quantity. */
  amount: z.number(),
});
export type ChargeLine = z.infer<typeof chargeLineSchema>;

/**
 * One shipping option, plus the fields the selector needs. Amounts are MXN with two
 * decimals. `total_amount = net_total_amount + overweight_amount`, and
 * `net_total_amount = price_per_guide × guides` when every guide costs the same.
 */
export const shippingOptionSchema = z.object({
  /** Carrier display name: DHL, Redpack, FedEx, AM/PM, Estafeta. */
  carrier: z.string(),
  carrier_code: carrierCodeSchema,
  carrier_service_name: z.string(),
  /** The catalogue service (send it back when creating the shipment). */
  service_id: z.uuid(),
  /** Both point at our SVG lettermark, `/api/v1/carriers/{code}/logo.svg` (same origin). */
  carrier_logo_url: z.string(),
  carrier_logo_url_svg: z.string(),
  /** What the caller pays now: the guides plus their unpaid overweight. */
  total_amount: z.number(),
  /** The guides alone. */
  net_total_amount: z.number(),
  /** One guide's price; null when the guides carry different parcels and cost differently. */
  price_per_guide: z.number().nullable(),
  /** The caller's unpaid overweight of earlier shipments, included once in total_amount. */
  overweight_amount: z.number(),
  guides: z.number().int(),
  currency: z.literal('MXN'),
  /** Planned ship date, YYYY-MM-DD in America/Mexico_City (today before 18:00 on a working day, else the next one). */
  date: z.iso.date(),
  /** date + total_transit_days working days (Monday–Friday, Mexican statutory holidays excluded). */
  estimated_delivery: z.iso.date(),
  total_transit_days: z.number().int(),
  /** The transit text of the service name. */
  transit_text: z.string(),
  /** Destination in the carrier's remote-area list ('Entrega en un área Remota'). */
  is_remote: z.boolean(),
  /** Sum of the guides' billable weights (max(real, L×A×H/5000) rounded up, per parcel), kg. */
  billable_weight_kg: z.number().int(),
  /** `tariffs`: our tables; `api`: the carrier's live rate. */
  source: z.enum(['tariffs', 'api']),
  services: z.array(chargeLineSchema),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** A carrier whose rating failed or timed out for this quote (its other sources still answer). */
export const unavailableCarrierSchema = z.object({
  carrier_code: carrierCodeSchema,
  carrier: z.string(),
  reason: z.enum(['timeout', 'error']),
  /** Spanish, for people. */
  message: z.string(),
});
export type UnavailableCarrier = z.infer<typeof unavailableCarrierSchema>;

/** `POST /api/v1/quoting` 200: options sorted ascending by total_amount. */
export const quoteResponseSchema = z.object({
  options: z.array(shippingOptionSchema),
  unavailable_carriers: z.array(unavailableCarrierSchema),
  guides: z.number().int(),
  quoted_at: z.iso.datetime(),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

/** Stable error codes of quoting (400s), beyond `request.invalid`. */
export const quoteErrorCodes = {
  unknownPostalCode: 'quotes.unknown_postal_code',
  invalidPostalCode: 'quotes.invalid_postal_code',
  unsupportedRoute: 'quotes.unsupported_route',
  tooHeavy: 'quotes.too_heavy',
  tooManyParcels: 'quotes.too_many_parcels',
} as const;
