import type { ServiceScope, TariffZone } from '@envios/contracts/carriers';
import { toCentavos } from '@envios/contracts/money';
import { billableWeightKg, type Parcel, type QuoteRequest } from '@envios/contracts/quotes';
import {
  domesticZone,
  internationalZone,
  isRemoteArea,
  type CarrierAdapter,
  type CarrierEntry,
  type CarrierSources,
  type CatalogueSnapshot,
  type ParcelGroup,
  type RatePlace,
  type RateRequest,
  type ServiceEntry,
} from '../carriers/carriers.usecases.js';
import type { ShipPlan } from './delivery-dates.js';
import { quoteErrors } from './quotes.errors.js';

/*
 * Planning a quote: which carrier is asked for which services, through which source, with which
 * parcels. Pure: it reads the request, the resolved places and the catalogue in memory, and
 * decides; nothing is asked to anyone here.
 */

/** One call to make: a carrier's services through one of its sources (tariffs or its API). */
export interface RateTask {
  carrier: CarrierEntry;
  adapter: CarrierAdapter;
  /** The request this carrier answers: the services of this task only. */
  request: RateRequest;
}

export interface QuotePlan {
  scope: ServiceScope;
  zone: TariffZone;
  groups: ParcelGroup[];
  guides: number;
  shipDate: string;
  insuredCentavos: number | undefined;
  tasks: RateTask[];
  /** Every task is answered by the in-memory tariff engine (no live carrier API is asked). */
  inMemoryOnly: boolean;
}

export interface PlanInput {
  request: QuoteRequest;
  origin: RatePlace;
  destination: RatePlace;
  catalogue: CatalogueSnapshot;
  shipPlan: ShipPlan;
  sourcesFor: (code: CarrierEntry['code']) => CarrierSources;
}

/** The services a quote may offer, per carrier, for each scope and package type of a catalogue version. */
type Candidates = { carrier: CarrierEntry; services: ServiceEntry[] }[];
const candidatesBySnapshot = new WeakMap<CatalogueSnapshot, Map<string, Candidates>>();

function candidatesFor(catalogue: CatalogueSnapshot, scope: ServiceScope, packageType: QuoteRequest['package_type']): Candidates {
  let byKey = candidatesBySnapshot.get(catalogue);
  if (!byKey) candidatesBySnapshot.set(catalogue, (byKey = new Map<string, Candidates>()));
  const key = `${scope}|${packageType}`;
  let list = byKey.get(key);
  if (!list) {
    list = [];
    for (const carrier of catalogue.carriers) {
      if (!carrier.enabled) continue;
      const services = catalogue.services.filter((s) => s.carrierCode === carrier.code && s.enabled && s.scope === scope && s.packageTypeSet.has(packageType));
      if (services.length > 0) list.push({ carrier, services });
    }
    byKey.set(key, list);
  }
  return list;
}

function parcelKey(p: Parcel): string {
  return `${p.depth}x${p.width}x${p.height}:${p.weight}`;
}

/** Guides carrying the same parcel are priced once (quoting 100 equal guides costs as much as one). */
export function groupGuides(parcels: readonly Parcel[], guides: number): ParcelGroup[] {
  if (parcels.length === 1) return [{ parcel: parcels[0]!, guides }];
  const groups = new Map<string, ParcelGroup>();
  // The parcel list repeats until there is one parcel per guide.
  for (let i = 0; i < guides; i++) {
    const parcel = parcels[i % parcels.length]!;
    const key = parcelKey(parcel);
    const found = groups.get(key);
    if (found) found.guides++;
    else groups.set(key, { parcel, guides: 1 });
  }
  return [...groups.values()];
}

/** What identifies the parcels of a quote (for keeping its answer). */
export function groupsKey(groups: readonly ParcelGroup[]): string {
  let key = '';
  for (const g of groups) key += `${parcelKey(g.parcel)}*${g.guides},`;
  return key;
}

/**
 * The heaviest billable weight of the quote's parcels under a volumetric divisor. Services share
 * a handful of divisors, so each is computed once per quote.
 */
function heaviestBillable(groups: readonly ParcelGroup[]) {
  const byDivisor = new Map<number, number>();
  return (divisor: number): number => {
    let kg = byDivisor.get(divisor);
    if (kg === undefined) {
      kg = 0;
      for (const g of groups) kg = Math.max(kg, billableWeightKg(g.parcel, divisor));
      byDivisor.set(divisor, kg);
    }
    return kg;
  };
}

/** No candidate can carry every parcel: the heaviest parcel is named, with the largest maximum on offer (400). */
function tooHeavy(candidates: readonly { services: ServiceEntry[] }[], parcels: readonly Parcel[]): Error {
  const maxKg = Math.max(...candidates.flatMap((c) => c.services.map((s) => s.maxWeightKg)));
  let worst = 0;
  parcels.forEach((p, i) => {
    if (billableWeightKg(p) > billableWeightKg(parcels[worst]!)) worst = i;
  });
  const heaviest = parcels[worst]!;
  const kg = billableWeightKg(heaviest);
  return quoteErrors.tooHeavy(worst, kg, kg > Math.ceil(heaviest.weight - 1e-9), maxKg);
}

/**
 * The plan of a quote, or undefined when no carrier serves the destination (Antarctica…).
 * A service is asked only when it carries every parcel; when none can, the quote is refused.
 * A carrier with a live API prices through it the services the API knows (those with an external
 * code), and the rest from our tariffs.
 */
export function planQuote({ request, origin, destination, catalogue, shipPlan, sourcesFor }: PlanInput): QuotePlan | undefined {
  const guides = request.cantidadGuias;
  if (request.parcels.length > guides) throw quoteErrors.tooManyParcels(request.parcels.length, guides);
  const domestic = destination.countryCode === 'MX';
  const zone = domestic ? domesticZone(origin.stateShort, destination.stateShort) : internationalZone(destination.countryCode);
  if (zone === undefined) return undefined;
  const scope: ServiceScope = domestic ? 'domestic' : 'international';
  const groups = groupGuides(request.parcels, guides);
  const heaviest = heaviestBillable(groups);
  const candidates = candidatesFor(catalogue, scope, request.package_type);
  const insuredCentavos = request.insured_value === undefined ? undefined : toCentavos(request.insured_value);

  const tasks: RateTask[] = [];
  let inMemoryOnly = true;
  let anyFits = false;
  for (const { carrier, services } of candidates) {
    const carried = services.filter((s) => heaviest(s.volumetricDivisor) <= s.maxWeightKg);
    if (carried.length === 0) continue;
    anyFits = true;
    const base: RateRequest = {
      origin,
      destination,
      scope,
      zone,
      packageType: request.package_type,
      parcels: groups,
      services: carried,
      shipDate: shipPlan.shipDate,
      shipDateTimeLocal: shipPlan.shipDateTimeLocal,
      insuredValueCentavos: insuredCentavos,
      destinationIsRemote: isRemoteArea(carrier, scope, destination.postalCode),
    };
    const sources = sourcesFor(carrier.code);
    const viaApi = sources.api ? carried.filter((s) => s.externalCode) : [];
    if (viaApi.length === 0) {
      tasks.push({ carrier, adapter: sources.tariffs, request: base });
      continue;
    }
    const viaTariffs = carried.filter((s) => !s.externalCode);
    if (viaTariffs.length > 0) tasks.push({ carrier, adapter: sources.tariffs, request: { ...base, services: viaTariffs } });
    tasks.push({ carrier, adapter: sources.api!, request: { ...base, services: viaApi } });
  }
  if (candidates.length > 0 && !anyFits) throw tooHeavy(candidates, request.parcels);
  for (const task of tasks) inMemoryOnly &&= task.adapter.inMemory;
  return { scope, zone, groups, guides, shipDate: shipPlan.shipDate, insuredCentavos, tasks, inMemoryOnly };
}
