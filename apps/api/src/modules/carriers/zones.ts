import type { TariffZone } from '@envios/contracts/carriers';

/**
 * Domestic zones from the origin and destination states (their `state_short`, as the geography
 * module answers it). The country is split into nine regions; a shipment inside one state is
 * `local`, inside one region or between neighbouring regions `regional`, to or from the far ends
 * (the Baja California peninsula, Quintana Roo, Yucatán, Campeche, Chiapas) `extendida`, and
 * anything else `nacional`.
 */
type Region = 'noroeste' | 'norte' | 'noreste' | 'occidente' | 'bajio' | 'centro' | 'golfo' | 'sur' | 'peninsula';

const REGION_BY_STATE: Readonly<Record<string, Region>> = {
  BC: 'noroeste',
  BCS: 'noroeste',
  SON: 'noroeste',
  SIN: 'noroeste',
  CHIH: 'norte',
  DGO: 'norte',
  COAH: 'norte',
  NL: 'noreste',
  TAMS: 'noreste',
  JAL: 'occidente',
  COL: 'occidente',
  NAY: 'occidente',
  MICH: 'occidente',
  AGS: 'occidente',
  ZAC: 'occidente',
  GTO: 'bajio',
  QRO: 'bajio',
  SLP: 'bajio',
  CDMX: 'centro',
  MEX: 'centro',
  MOR: 'centro',
  HGO: 'centro',
  PUE: 'centro',
  TLAX: 'centro',
  VER: 'golfo',
  TAB: 'golfo',
  GRO: 'sur',
  OAX: 'sur',
  CHIS: 'sur',
  CAMP: 'peninsula',
  YUC: 'peninsula',
  QROO: 'peninsula',
};

const NEIGHBOURS: readonly (readonly [Region, Region])[] = [
  ['noroeste', 'norte'],
  ['norte', 'noreste'],
  ['norte', 'occidente'],
  ['noreste', 'bajio'],
  ['occidente', 'bajio'],
  ['occidente', 'centro'],
  ['bajio', 'centro'],
  ['centro', 'golfo'],
  ['centro', 'sur'],
  ['golfo', 'sur'],
  ['golfo', 'peninsula'],
];

const EXTENDED_STATES: ReadonlySet<string> = new Set(['BC', 'BCS', 'QROO', 'YUC', 'CAMP', 'CHIS']);

export function isKnownState(stateShort: string): boolean {
  return Object.hasOwn(REGION_BY_STATE, stateShort);
}

export function domesticZone(originState: string, destinationState: string): TariffZone | undefined {
  const a = REGION_BY_STATE[originState];
  const b = REGION_BY_STATE[destinationState];
  if (!a || !b) return undefined;
  if (originState === destinationState) return 'local';
  if (a === b || NEIGHBOURS.some(([x, y]) => (x === a && y === b) || (x === b && y === a))) return 'regional';
  if (EXTENDED_STATES.has(originState) || EXTENDED_STATES.has(destinationState)) return 'extendida';
  return 'nacional';
}

const INTERNATIONAL: Readonly<Record<Exclude<TariffZone, 'local' | 'regional' | 'nacional' | 'extendida' | 'int-7'>, string>> = {
  'int-1': 'US CA',
  'int-2': 'GT BZ SV HN NI CR PA CU DO PR JM HT BS BB TT KY AW CW BM VI VG AG DM GD KN LC VC MQ GP SX MF BL BQ TC AI MS',
  'int-3': 'CO VE EC PE BR CL AR UY PY BO GY SR GF FK',
  'int-4': 'ES PT FR DE IT GB IE NL BE LU CH AT DK SE NO FI IS MC AD SM VA LI MT GI FO AX GG JE IM',
  'int-5': 'PL CZ SK HU RO BG GR HR SI RS BA ME MK AL EE LV LT UA BY MD RU TR CY IL XK',
  'int-6': 'CN JP KR TW HK MO SG MY TH VN PH ID AU NZ IN',
};

const ZONE_BY_COUNTRY = new Map<string, TariffZone>(
  Object.entries(INTERNATIONAL).flatMap(([zone, list]) => list.split(' ').map((c) => [c, zone as TariffZone] as const)),
);

/**
 * Destinations our carriers do not deliver to: uninhabited territories, Antarctica, and North
 * Korea. Every other country of the ISO list is served (240 destinations besides Mexico).
 */
export const NOT_SERVED_COUNTRIES: ReadonlySet<string> = new Set(['AQ', 'BV', 'HM', 'GS', 'TF', 'UM', 'IO', 'KP']);

/** The international zone of a destination; undefined for Mexico and countries not served. */
export function internationalZone(countryCode: string): TariffZone | undefined {
  if (countryCode === 'MX' || NOT_SERVED_COUNTRIES.has(countryCode)) return undefined;
  return ZONE_BY_COUNTRY.get(countryCode) ?? 'int-7';
}
