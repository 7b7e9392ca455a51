import { DOMESTIC_ZONES, INTERNATIONAL_ZONES, type CarrierCode, type GuideSource, type ServiceScope, type TariffZone } from '@envios/contracts/carriers';
import type { PackageType } from '@envios/contracts/quotes';
import { bracketEndCost, type Bracket } from './tariff-rules.js';

/**
 * The demo tariffs each carrier's folder seeds its services with, in MXN (final prices, IVA
 * included). Demo figures, not any carrier's price list: each service has a 1–5 kg price that is
 * the same nationwide, dearer brackets by zone above it and a price per extra kilo in the last
 * bracket; international services price by zone.
 */
export interface SeedCarrier {
  code: CarrierCode;
  name: string;
  remoteAreaSurchargeCentavos: number;
  insuranceRateBp: number;
  insuranceMinCentavos: number;
  sortOrder: number;
  remoteAreas: string[];
}

export interface SeedService {
  carrierCode: CarrierCode;
  name: string;
  scope: ServiceScope;
  transitDays: number;
  maxWeightKg: number;
  guideSource: GuideSource;
  packageTypes: PackageType[];
  documentPriceCentavos: number | null;
  externalCode: string | null;
  sortOrder: number;
  tariff: Bracket[];
  /** Markup of this service for everyone, in basis points; none: the global markup applies. */
  markupBp?: number;
}

export const pesos = (v: number) => Math.round(v) * 100;

const DOMESTIC_FACTOR: Readonly<Record<(typeof DOMESTIC_ZONES)[number], number>> = {
  local: 1,
  regional: 1.15,
  nacional: 1.3,
  extendida: 1.55,
};

const INTERNATIONAL_FACTOR: Readonly<Record<(typeof INTERNATIONAL_ZONES)[number], number>> = {
  'int-1': 1,
  'int-2': 1.2,
  'int-3': 1.45,
  'int-4': 1.6,
  'int-5': 1.8,
  'int-6': 1.9,
  'int-7': 2.3,
};

/** Brackets as (min, max, base factor, extra-per-kg factor) of a reference price. */
type Shape = readonly (readonly [number, number, number, number])[];

const DOMESTIC_SHAPE: Shape = [
  [1, 5, 1, 0],
  [6, 10, 1.3, 0],
  [11, 20, 1.8, 0],
  [21, Infinity, 2.4, 0.06],
];

const INTERNATIONAL_SHAPE: Shape = [
  [1, 1, 1, 0],
  [2, 5, 1.25, 0.22],
  [6, 10, 2.2, 0.16],
  [11, 20, 3, 0.12],
  [21, Infinity, 4.2, 0.1],
];

/** A zone's brackets up to maxKg; a base never below the end of the previous bracket. */
function zoneBrackets(zone: TariffZone, shape: Shape, reference: number, factor: (minKg: number) => number, maxKg: number): Bracket[] {
  const out: Bracket[] = [];
  for (const [min, max, baseFactor, extraFactor] of shape) {
    if (min > maxKg) break;
    const f = factor(min);
    const previous = out.at(-1);
    const base = Math.max(pesos(reference * baseFactor * f), previous ? bracketEndCost(previous) : 0);
    out.push({ zone, minKg: min, maxKg: Math.min(max, maxKg), baseCentavos: base, extraKgCentavos: pesos(reference * extraFactor * f) });
  }
  return out;
}

/** 1–5 kg at `price15` in every zone; heavier brackets dearer by zone. */
function domesticTariff(price15: number, maxWeightKg: number, zones: readonly (typeof DOMESTIC_ZONES)[number][] = DOMESTIC_ZONES): Bracket[] {
  return zones.flatMap((zone) => zoneBrackets(zone, DOMESTIC_SHAPE, price15, (min) => (min <= 5 ? 1 : DOMESTIC_FACTOR[zone]), maxWeightKg));
}

function internationalTariff(price1kg: number, maxWeightKg: number): Bracket[] {
  return INTERNATIONAL_ZONES.flatMap((zone) => zoneBrackets(zone, INTERNATIONAL_SHAPE, price1kg, () => INTERNATIONAL_FACTOR[zone], maxWeightKg));
}

/** A service as a carrier's folder writes it: numbered and scoped by the demo catalogue. */
export type SeedServiceDraft = Omit<SeedService, 'sortOrder' | 'scope' | 'tariff'> & { scope?: ServiceScope; tariff: Bracket[] };

export function domestic(
  carrierCode: CarrierCode,
  name: string,
  o: {
    price15: number;
    transitDays: number;
    maxWeightKg: number;
    guideSource: GuideSource;
    packageTypes: PackageType[];
    documentPrice?: number;
    externalCode?: string;
    zones?: readonly (typeof DOMESTIC_ZONES)[number][];
  },
): SeedServiceDraft {
  return {
    carrierCode,
    name,
    transitDays: o.transitDays,
    maxWeightKg: o.maxWeightKg,
    guideSource: o.guideSource,
    packageTypes: o.packageTypes,
    documentPriceCentavos: o.documentPrice === undefined ? null : pesos(o.documentPrice),
    externalCode: o.externalCode ?? null,
    tariff: domesticTariff(o.price15, o.maxWeightKg, o.zones),
  };
}

export function international(
  carrierCode: CarrierCode,
  name: string,
  o: { price1kg: number; transitDays: number; maxWeightKg: number; packageTypes: PackageType[]; externalCode: string },
): SeedServiceDraft {
  return {
    carrierCode,
    name,
    scope: 'international',
    transitDays: o.transitDays,
    maxWeightKg: o.maxWeightKg,
    guideSource: 'carrier_api',
    packageTypes: o.packageTypes,
    documentPriceCentavos: null,
    externalCode: o.externalCode,
    tariff: internationalTariff(o.price1kg, o.maxWeightKg),
    markupBp: 1500,
  };
}

/** Documents and boxes, the package types of most services. */
export const DOC_BOX: PackageType[] = ['document', 'box'];
