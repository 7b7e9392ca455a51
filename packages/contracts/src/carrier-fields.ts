import { z } from 'zod';

/**
 * The tariff zones and the field schemas the catalogue, its admin and the tariffs share.
 *
 * Money on the wire is decimal MXN with at most two decimals (the server keeps integer centavos);
 * percentages are decimal percent (12.5 = 12.5 %).
 */

// ---------------------------------------------------------------- zones

/**
 * Domestic zones come from the origin and destination states: `local` the same state,
 * `regional` the same or a neighbouring region, `extendida` to or from the far ends of the
 * country (the Baja California peninsula, the Yucatán peninsula, Chiapas), `nacional` the rest.
 * International zones go by destination country (int-1 USA and Canada … int-7 rest of the world).
 */
export const DOMESTIC_ZONES = ['local', 'regional', 'nacional', 'extendida'] as const;
export const INTERNATIONAL_ZONES = ['int-1', 'int-2', 'int-3', 'int-4', 'int-5', 'int-6', 'int-7'] as const;
export const TARIFF_ZONES = [...DOMESTIC_ZONES, ...INTERNATIONAL_ZONES] as const;
export type TariffZone = (typeof TARIFF_ZONES)[number];

export const ZONE_LABELS: Readonly<Record<TariffZone, string>> = {
  local: 'Local (mismo estado)',
  regional: 'Regional',
  nacional: 'Nacional',
  extendida: 'Extendida',
  'int-1': 'Internacional 1: Estados Unidos y Canadá',
  'int-2': 'Internacional 2: Centroamérica y el Caribe',
  'int-3': 'Internacional 3: Sudamérica',
  'int-4': 'Internacional 4: Europa occidental',
  'int-5': 'Internacional 5: resto de Europa y Medio Oriente cercano',
  'int-6': 'Internacional 6: Asia y Oceanía',
  'int-7': 'Internacional 7: resto del mundo',
};

export const tariffZoneSchema = z.enum(TARIFF_ZONES, {
  error: `La zona debe ser una de: ${TARIFF_ZONES.join(', ')}.`,
});

// ---------------------------------------------------------------- shared field schemas

export const SERVICE_SCOPES = ['domestic', 'international'] as const;
export type ServiceScope = (typeof SERVICE_SCOPES)[number];
export const serviceScopeSchema = z.enum(SERVICE_SCOPES);

/** Prepaid guides loaded by an admin, or guides issued by the carrier's API. */
export const GUIDE_SOURCES = ['inventory', 'carrier_api'] as const;
export type GuideSource = (typeof GUIDE_SOURCES)[number];
export const guideSourceSchema = z.enum(GUIDE_SOURCES, { error: 'El origen de guías debe ser inventory o carrier_api.' });

export const SERVICE_PACKAGE_TYPES = ['document', 'box', 'pallet'] as const;
export const servicePackageTypeSchema = z.enum(SERVICE_PACKAGE_TYPES, {
  error: 'El tipo de envío debe ser document, box o pallet.',
});

/** Where the price of a service comes from: our tariff tables or the carrier's rating API. */
export const RATE_SOURCES = ['tariffs', 'api'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** A wire amount in MXN; at most two decimals. */
export const mxnAmountSchema = z.number();

/** A number an admin types: the message names the field when it is missing or not a number. */
function typedNumber(field: string) {
  return z.number({ error: (iss) => (iss.input === undefined ? `${field} es obligatorio.` : `${field} debe ser un número.`) });
}

/** An admin's change (`PATCH`): every field optional, but at least one of them sent. */
export function someFieldChanged<T extends z.ZodObject>(fields: T) {
  return fields.refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Envía al menos un campo para cambiar.' });
}

function hasAtMostTwoDecimals(v: number): boolean {
  return Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
}

/** An amount typed by an admin: MXN, not negative, at most two decimals. */
export function mxnInputSchema(field: string, max = 1_000_000) {
  return (
    typedNumber(field)
      .min(0, { error: `${field} no puede ser negativo.` })
      // A function: the number is formatted only when the message is needed (Intl is slow at load).
      .max(max, { error: () => `${field} debe ser como máximo ${max.toLocaleString('es-MX')}.` })
      .refine(hasAtMostTwoDecimals, { error: `${field} debe tener como máximo dos decimales.` })
  );
}

/** A percentage typed by an admin (12.5 = 12.5 %), two decimals at most. */
export function percentInputSchema(field: string, max: number) {
  return typedNumber(field)
    .min(0, { error: `${field} no puede ser negativo.` })
    .max(max, { error: `${field} debe ser como máximo ${max} %.` })
    .refine(hasAtMostTwoDecimals, { error: `${field} debe tener como máximo dos decimales.` });
}

/** A whole number of kilos typed by an admin, from 1 to `max`. */
export function wholeKgInputSchema(field: string, max: number) {
  return typedNumber(field)
    .int({ error: `${field} debe ser un número entero de kilos.` })
    .min(1, { error: `${field} debe ser al menos 1 kg.` })
    .max(max, { error: `${field} debe ser como máximo ${max} kg.` });
}

export const MAX_SERVICE_WEIGHT_KG = 2000;

/** A sobre up to this real weight pays the service's flat document price; heavier, the tariff. */
export const DOCUMENT_FLAT_MAX_KG = 1;
export const MAX_TRANSIT_DAYS = 30;
