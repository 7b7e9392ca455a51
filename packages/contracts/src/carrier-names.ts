import { z } from 'zod';
import { CARRIER_CODES, CARRIER_NAMES, type CarrierCode } from './carrier-codes.js';

/**
 * The five carriers by code, name and logo, their services' names and transit texts, and the
 * provider selector's speed and carrier filters: the pure rules the web shares with the server.
 */

// ---------------------------------------------------------------- carriers

export { CARRIER_CODES, CARRIER_NAMES, type CarrierCode } from './carrier-codes.js';

export const carrierCodeSchema = z.enum(CARRIER_CODES, {
  error: 'La paquetería debe ser una de: dhl, redpack, fedex, ampm, estafeta.',
});

/** Where each carrier's logo is served (our own lettermark badges, SVG, long cache). */
export function carrierLogoUrl(code: CarrierCode): string {
  return `/api/v1/carriers/${code}/logo.svg`;
}

/**
 * The fixed service lists per carrier; "any other service is labelled Fedex".
 * `EXPRESS WORLDWIDE` (DHL's international service) is our addition, so that the rule does not
 * label it FedEx.
 */
export const FIXED_SERVICE_NAMES = {
  dhl: [
    'EXPRESS DOMESTIC 10:30',
    'EXPRESS DOMESTIC',
    'EXPRESS DOMESTIC DINAMICA',
    'EXPRESS DOMESTIC 12:00',
    'ECONOMY SELECT DOMESTIC',
    'EXPRESS DOMESTIC FLAT',
    'SAMEDAY SPRINTLINE',
    'EXPRESS WORLDWIDE',
  ],
  redpack: ['ECOEXPRESS'],
  ampm: ['ESTANDAR', 'EXPRESS'],
  estafeta: ['Envío Económico', 'Envío Express', 'TERRESTRE', 'DIA SIG'],
} as const satisfies Partial<Record<CarrierCode, readonly string[]>>;

/** Service names compare without case, accents or repeated spaces ("Envío Económico" = "ENVIO ECONOMICO"). */
export function normalizeServiceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

const CARRIER_BY_SERVICE = new Map<string, CarrierCode>(
  Object.entries(FIXED_SERVICE_NAMES).flatMap(([code, names]) => names.map((n) => [normalizeServiceName(n), code as CarrierCode] as const)),
);

/** The carrier a service name belongs to, by the fixed lists; any other name is FedEx. */
export function carrierCodeForServiceName(serviceName: string): CarrierCode {
  return CARRIER_BY_SERVICE.get(normalizeServiceName(serviceName)) ?? 'fedex';
}

/** The label shown for a service ('DHL', 'Redpack', 'FedEx', 'AM/PM', 'Estafeta'). */
export function carrierLabelForServiceName(serviceName: string): string {
  return CARRIER_NAMES[carrierCodeForServiceName(serviceName)];
}

// ---------------------------------------------------------------- transit texts and speed

/** The transit text mapped per service name. */
export const TRANSIT_TEXTS: Readonly<Record<string, string>> = {
  'EXPRESS DOMESTIC 10:30': 'Día siguiente hábil antes de las 10:30',
  'EXPRESS DOMESTIC 12:00': 'Día siguiente hábil antes de las 12:00',
  'EXPRESS DOMESTIC': 'Día siguiente hábil',
  'EXPRESS DOMESTIC DINAMICA': 'Día siguiente hábil',
  'EXPRESS DOMESTIC FLAT': 'Día siguiente hábil, precio fijo hasta 5 kg',
  'ECONOMY SELECT DOMESTIC': 'Económico: de 1 a 4 días hábiles',
  'SAMEDAY SPRINTLINE': 'Mismo día, dentro del estado',
  ECOEXPRESS: 'Económico: de 2 a 5 días hábiles',
  ESTANDAR: 'De 2 a 4 días hábiles',
  EXPRESS: 'Día siguiente hábil',
  'Envío Económico': 'Económico: de 1 a 4 días hábiles',
  'Envío Express': 'Día siguiente hábil',
  TERRESTRE: 'Terrestre: de 2 a 5 días hábiles',
  'DIA SIG': 'Día siguiente hábil',
  'FEDEX STANDARD OVERNIGHT': 'Día siguiente hábil',
  'FEDEX EXPRESS SAVER': 'De 1 a 3 días hábiles',
  'FEDEX 2DAY FREIGHT': 'Carga: de 2 a 3 días hábiles',
  'EXPRESS WORLDWIDE': 'Internacional: de 1 a 3 días hábiles',
  'FEDEX INTERNATIONAL PRIORITY': 'Internacional: de 1 a 3 días hábiles',
  'FEDEX INTERNATIONAL ECONOMY': 'Internacional: de 2 a 5 días hábiles',
};

const TRANSIT_BY_NAME = new Map(Object.entries(TRANSIT_TEXTS).map(([name, text]) => [normalizeServiceName(name), text]));

/** The transit text of a service; a name without one reads from its transit days. */
export function transitTextForService(serviceName: string, transitDays?: number): string {
  const known = TRANSIT_BY_NAME.get(normalizeServiceName(serviceName));
  if (known) return known;
  if (transitDays === undefined) return 'Tiempo de entrega por confirmar';
  if (transitDays <= 0) return 'Mismo día';
  if (transitDays === 1) return 'Día siguiente hábil';
  return `${transitDays} días hábiles`;
}

/** Speed filters on `total_transit_days`, inclusive ranges. */
export const SPEED_FILTERS = [
  { id: '1-2', label: '1 a 2 días', minDays: 0, maxDays: 2 },
  { id: '1-3', label: '1 a 3 días', minDays: 1, maxDays: 3 },
  { id: '2-5', label: '2 a 5 días', minDays: 2, maxDays: 5 },
  // The provider selector's own ranges: 'Día siguiente' (same day included) and '2 a 4'.
  { id: 'next-day', label: 'Día siguiente', minDays: 0, maxDays: 1 },
  { id: '2-4', label: '2 a 4 días', minDays: 2, maxDays: 4 },
] as const;
export type SpeedFilterId = (typeof SPEED_FILTERS)[number]['id'];

/** The filters the provider selector offers, in this order. */
export const PROVIDER_SELECTOR_SPEED_FILTERS: readonly SpeedFilterId[] = ['next-day', '1-2', '2-4', '2-5'];

/** With no filter chosen every option shows; otherwise an option shows when any chosen range holds it. */
export function matchesSpeedFilters(totalTransitDays: number, chosen: readonly SpeedFilterId[]): boolean {
  if (chosen.length === 0) return true;
  return SPEED_FILTERS.some((f) => chosen.includes(f.id) && totalTransitDays >= f.minDays && totalTransitDays <= f.maxDays);
}

/**
 * The provider filter (DHL, Redpack, FedEx, AM/PM, Estafeta, in `CARRIER_CODES`
 * order, labelled by `CARRIER_NAMES`). Filter options by their `carrier_code`; with none chosen,
 * all options show. Provider and speed filters combine (both must hold).
 */
export function matchesProviderFilters(carrierCode: CarrierCode, chosen: readonly CarrierCode[]): boolean {
  return chosen.length === 0 || chosen.includes(carrierCode);
}
