import {
  CARRIER_CODES,
  CARRIER_NAMES,
  DOMESTIC_ZONES,
  INTERNATIONAL_ZONES,
  type CarrierCode,
  type GuideSource,
  type ServiceScope,
  type TariffZone,
} from '@envios/contracts/carriers';
import type { PackageType } from '@envios/contracts/quotes';
import { bracketEndCost, type Bracket } from './tariff-rules.js';

/**
 * The catalogue seeded on first start: the five carriers, each carrier's own service names and
 * demo tariffs in MXN (final prices, IVA included). Demo figures, not any carrier's price list:
 * each service has a 1–5 kg price that is the same nationwide, dearer brackets by zone above it
 * and a price per extra kilo in the last bracket; international services price by zone.
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

export interface SeedCatalogue {
  carriers: SeedCarrier[];
  services: SeedService[];
  /** Markup for everyone on every service, basis points. */
  globalMarkupBp: number;
}

const pesos = (v: number) => Math.round(v) * 100;

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
  return zones.flatMap((zone) =>
    zoneBrackets(zone, DOMESTIC_SHAPE, price15, (min) => (min <= 5 ? 1 : DOMESTIC_FACTOR[zone]), maxWeightKg),
  );
}

function internationalTariff(price1kg: number, maxWeightKg: number): Bracket[] {
  return INTERNATIONAL_ZONES.flatMap((zone) =>
    zoneBrackets(zone, INTERNATIONAL_SHAPE, price1kg, () => INTERNATIONAL_FACTOR[zone], maxWeightKg),
  );
}

type ServiceDraft = Omit<SeedService, 'sortOrder' | 'scope' | 'tariff'> & { scope?: ServiceScope; tariff: Bracket[] };

function domestic(
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
): ServiceDraft {
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

function international(
  carrierCode: CarrierCode,
  name: string,
  o: { price1kg: number; transitDays: number; maxWeightKg: number; packageTypes: PackageType[]; externalCode: string },
): ServiceDraft {
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

const DOC_BOX: PackageType[] = ['document', 'box'];

export function demoCatalogue(): SeedCatalogue {
  const drafts: ServiceDraft[] = [
    // DHL: product codes of the MyDHL API where the service has one.
    domestic('dhl', 'EXPRESS DOMESTIC 10:30', { price15: 329, transitDays: 1, maxWeightKg: 70, guideSource: 'carrier_api', packageTypes: DOC_BOX, documentPrice: 199, externalCode: 'O' }),
    domestic('dhl', 'EXPRESS DOMESTIC 12:00', { price15: 289, transitDays: 1, maxWeightKg: 70, guideSource: 'carrier_api', packageTypes: DOC_BOX, documentPrice: 179, externalCode: '1' }),
    domestic('dhl', 'EXPRESS DOMESTIC', { price15: 249, transitDays: 1, maxWeightKg: 70, guideSource: 'carrier_api', packageTypes: DOC_BOX, documentPrice: 149, externalCode: 'N' }),
    domestic('dhl', 'EXPRESS DOMESTIC DINAMICA', { price15: 229, transitDays: 1, maxWeightKg: 70, guideSource: 'inventory', packageTypes: ['box'] }),
    domestic('dhl', 'ECONOMY SELECT DOMESTIC', { price15: 189, transitDays: 4, maxWeightKg: 70, guideSource: 'carrier_api', packageTypes: ['box'], externalCode: 'G' }),
    domestic('dhl', 'EXPRESS DOMESTIC FLAT', { price15: 239, transitDays: 1, maxWeightKg: 5, guideSource: 'inventory', packageTypes: DOC_BOX, documentPrice: 159 }),
    domestic('dhl', 'SAMEDAY SPRINTLINE', { price15: 459, transitDays: 0, maxWeightKg: 30, guideSource: 'carrier_api', packageTypes: DOC_BOX, documentPrice: 299, externalCode: '5', zones: ['local'] }),
    international('dhl', 'EXPRESS WORLDWIDE', { price1kg: 1150, transitDays: 3, maxWeightKg: 70, packageTypes: DOC_BOX, externalCode: 'P' }),
    domestic('redpack', 'ECOEXPRESS', { price15: 139, transitDays: 5, maxWeightKg: 60, guideSource: 'inventory', packageTypes: DOC_BOX, documentPrice: 99 }),
    // AM/PM does not reach the far ends of the country.
    domestic('ampm', 'ESTANDAR', { price15: 129, transitDays: 4, maxWeightKg: 50, guideSource: 'inventory', packageTypes: DOC_BOX, documentPrice: 89, zones: ['local', 'regional', 'nacional'] }),
    domestic('ampm', 'EXPRESS', { price15: 199, transitDays: 1, maxWeightKg: 50, guideSource: 'inventory', packageTypes: DOC_BOX, documentPrice: 129, zones: ['local', 'regional', 'nacional'] }),
    domestic('estafeta', 'Envío Económico', { price15: 149, transitDays: 4, maxWeightKg: 70, guideSource: 'inventory', packageTypes: DOC_BOX, documentPrice: 99 }),
    domestic('estafeta', 'Envío Express', { price15: 219, transitDays: 1, maxWeightKg: 70, guideSource: 'inventory', packageTypes: DOC_BOX, documentPrice: 139 }),
    domestic('estafeta', 'TERRESTRE', { price15: 169, transitDays: 5, maxWeightKg: 1000, guideSource: 'inventory', packageTypes: ['box', 'pallet'] }),
    domestic('estafeta', 'DIA SIG', { price15: 259, transitDays: 1, maxWeightKg: 70, guideSource: 'inventory', packageTypes: DOC_BOX, documentPrice: 159 }),
    // FedEx: serviceType of the FedEx Rate API.
    domestic('fedex', 'FEDEX STANDARD OVERNIGHT', { price15: 269, transitDays: 1, maxWeightKg: 68, guideSource: 'carrier_api', packageTypes: DOC_BOX, documentPrice: 169, externalCode: 'STANDARD_OVERNIGHT' }),
    domestic('fedex', 'FEDEX EXPRESS SAVER', { price15: 199, transitDays: 3, maxWeightKg: 68, guideSource: 'carrier_api', packageTypes: DOC_BOX, documentPrice: 139, externalCode: 'FEDEX_EXPRESS_SAVER' }),
    domestic('fedex', 'FEDEX 2DAY FREIGHT', { price15: 349, transitDays: 3, maxWeightKg: 1000, guideSource: 'carrier_api', packageTypes: ['box', 'pallet'], externalCode: 'FEDEX_2_DAY_FREIGHT' }),
    international('fedex', 'FEDEX INTERNATIONAL PRIORITY', { price1kg: 1090, transitDays: 3, maxWeightKg: 68, packageTypes: DOC_BOX, externalCode: 'FEDEX_INTERNATIONAL_PRIORITY' }),
    international('fedex', 'FEDEX INTERNATIONAL ECONOMY', { price1kg: 890, transitDays: 5, maxWeightKg: 68, packageTypes: ['box'], externalCode: 'INTERNATIONAL_ECONOMY' }),
  ];

  const carrierSettings: Record<CarrierCode, Omit<SeedCarrier, 'code' | 'name' | 'sortOrder'>> = {
    // Demo remote-area lists: a few rural codes, plus Chetumal and La Paz so the flag can be seen
    // with the demo postal-code catalogue.
    dhl: { remoteAreaSurchargeCentavos: pesos(199), insuranceRateBp: 180, insuranceMinCentavos: pesos(45), remoteAreas: ['77000', '23880', '29950', '77580'] },
    redpack: { remoteAreaSurchargeCentavos: pesos(120), insuranceRateBp: 200, insuranceMinCentavos: pesos(35), remoteAreas: ['23000', '77000', '29950'] },
    fedex: { remoteAreaSurchargeCentavos: pesos(185), insuranceRateBp: 180, insuranceMinCentavos: pesos(45), remoteAreas: ['77000', '23880', '29950'] },
    ampm: { remoteAreaSurchargeCentavos: pesos(110), insuranceRateBp: 200, insuranceMinCentavos: pesos(30), remoteAreas: ['23000', '77000'] },
    estafeta: { remoteAreaSurchargeCentavos: pesos(150), insuranceRateBp: 200, insuranceMinCentavos: pesos(35), remoteAreas: ['23000', '77000', '29950', '23880'] },
  };

  return {
    carriers: CARRIER_CODES.map((code, i) => ({ code, name: CARRIER_NAMES[code], sortOrder: i, ...carrierSettings[code] })),
    services: drafts.map((d, i) => ({ ...d, scope: d.scope ?? 'domestic', sortOrder: i })),
    globalMarkupBp: 1200,
  };
}
