import {
  CARRIER_NAMES,
  carrierLogoUrl,
  transitTextForService,
  type CarrierCode,
  type ServiceScope,
} from '@envios/contracts/carriers';
import { checkPostalCodeFormat, COUNTRIES_WITHOUT_POSTAL_CODES } from '@envios/contracts/geography';
import { formatMXN, fromCentavos, toCentavos, type Centavos } from '@envios/contracts/money';
import {
  billableWeightKg,
  expandParcelsToGuides,
  REMOTE_AREA_LABEL,
  type ChargeLine,
  type Parcel,
  type QuoteRequest,
  type QuoteResponse,
  type ShippingOption,
  type UnavailableCarrier,
} from '@envios/contracts/quotes';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import {
  domesticZone,
  internationalZone,
  type CarrierAdapter,
  type Carriers,
  type CatalogueSnapshot,
  type ParcelGroup,
  type RatePlace,
  type RateRequest,
  type ServiceEntry,
  type ServiceRate,
} from '../carriers/carriers.usecases.js';
import type { Geography } from '../geography/geography.usecases.js';
import { addWorkingDays, planShipment } from './delivery-dates.js';
import { applyMarkup, insuranceCost } from './pricing.js';
import { quoteErrors } from './quotes.errors.js';
import { deepFreeze } from '../../shared/deep-freeze.js';

/** The caller's unpaid overweight of earlier shipments, in centavos (the shipments issue supplies it). */
// Our margin on a freight, for the overweight priced with the same tariff.
export { applyMarkup } from './pricing.js';
export type OverweightProvider = (userId: string) => Promise<Centavos>;

export const noOverweight: OverweightProvider = async () => 0;

interface Logger {
  warn(obj: object, msg: string): void;
}

export interface QuotingDeps {
  carriers: Pick<Carriers, 'snapshot' | 'sourcesFor'>;
  geography: Pick<Geography, 'lookupPostalCode' | 'listCountries'>;
  clock: Clock;
  /** Time limit of each carrier's rating call (the tariff engine answers from memory and needs none). */
  rateTimeoutMs: number;
  overweightOwed?: OverweightProvider | undefined;
  logger?: Logger | undefined;
  /**
   * Called before a quote asks a live carrier API (each a paid call), with `user:<id>` or
   * `ip:<address>`; throws (429) when that caller asked too often. Tariff quotes are never limited.
   */
  liveRateLimit?: ((clientKey: string) => Promise<void>) | undefined;
}

type Side = 'origin_direction' | 'destination_direction';

interface Task {
  carrierCode: CarrierCode;
  adapter: CarrierAdapter;
  services: ServiceEntry[];
}

type TaskResult = { ok: true; rates: ServiceRate[]; source: 'tariffs' | 'api' } | { ok: false; reason: 'timeout' | 'error' };

/** In-memory adapters answer at once; they get a signal that never fires. */
const NEVER_ABORTED = new AbortController().signal;

class RateTimeout extends Error {
  constructor() {
    super('rate timeout');
    this.name = 'RateTimeout';
  }
}

function parcelKey(p: Parcel): string {
  return `${p.depth}x${p.width}x${p.height}:${p.weight}`;
}

/** Guides carrying the same parcel are priced once (quoting 100 equal guides costs as much as one). */
function groupGuides(parcels: readonly Parcel[], guides: number): ParcelGroup[] {
  const groups = new Map<string, ParcelGroup>();
  for (const parcel of expandParcelsToGuides(parcels, guides)) {
    const key = parcelKey(parcel);
    const found = groups.get(key);
    if (found) found.guides++;
    else groups.set(key, { parcel, guides: 1 });
  }
  return [...groups.values()];
}

/** What every quote would otherwise recompute from the catalogue, prepared once per catalogue version. */
interface Prepared {
  /** Enabled services of enabled carriers by `${scope}|${packageType}`, in catalogue order. */
  candidates: Map<string, ServiceEntry[]>;
  /** Per service: the fixed parts of its option. */
  fixed: Map<string, { carrier: string; carrierCode: CarrierCode; logoUrl: string; sortCarrier: number; sortService: number; transitText: string }>;
}

const preparedBySnapshot = new WeakMap<CatalogueSnapshot, Prepared>();

/**
 * Answers of the tariff engine, per catalogue snapshot (a new version starts an empty cache) and
 * per everything that moves a price or a date: places, parcels, package type, insured value, the
 * caller (their markup), their owed overweight and the ship date, for at most a minute. Live
 * carrier answers are never cached. Kept answers are frozen: callers read them, never change them.
 */
const QUOTE_CACHE_MAX = 2_000;
/** A kept answer is reused for this long; its `quoted_at` says when it was computed. */
export const QUOTE_CACHE_TTL_MS = 60_000;
const quoteCacheBySnapshot = new WeakMap<CatalogueSnapshot, Map<string, { answer: QuoteResponse; at: number }>>();

function quoteCacheFor(catalogue: CatalogueSnapshot) {
  let cache = quoteCacheBySnapshot.get(catalogue);
  if (!cache) {
    cache = new Map();
    quoteCacheBySnapshot.set(catalogue, cache);
  }
  return cache;
}


function prepare(catalogue: CatalogueSnapshot): Prepared {
  let prepared = preparedBySnapshot.get(catalogue);
  if (!prepared) {
    const fixed: Prepared['fixed'] = new Map();
    for (const s of catalogue.services) {
      const carrier = catalogue.carrierByCode.get(s.carrierCode);
      if (!carrier) continue;
      fixed.set(s.id, {
        carrier: carrier.name,
        carrierCode: carrier.code,
        logoUrl: carrierLogoUrl(carrier.code),
        sortCarrier: carrier.sortOrder,
        sortService: s.sortOrder,
        transitText: transitTextForService(s.name, s.transitDays),
      });
    }
    prepared = { candidates: new Map(), fixed };
    preparedBySnapshot.set(catalogue, prepared);
  }
  return prepared;
}

function candidatesFor(catalogue: CatalogueSnapshot, scope: ServiceScope, packageType: QuoteRequest['package_type']): ServiceEntry[] {
  const prepared = prepare(catalogue);
  const key = `${scope}|${packageType}`;
  let list = prepared.candidates.get(key);
  if (!list) {
    list = catalogue.services.filter((s) => s.enabled && s.scope === scope && s.packageTypeSet.has(packageType) && catalogue.carrierByCode.get(s.carrierCode)?.enabled);
    prepared.candidates.set(key, list);
  }
  return list;
}

/** An option with what it sorts by: total, then speed, then catalogue order. */
interface Ranked {
  total: number;
  sortCarrier: number;
  sortService: number;
  option: ShippingOption;
}

const CHARGE_ORDER: Readonly<Record<ChargeLine['code'], number>> = { base: 0, extra_kg: 1, remote_area: 2, insurance: 3, overweight: 4 };

function unavailableEntry(catalogue: CatalogueSnapshot, code: CarrierCode, reason: 'timeout' | 'error'): UnavailableCarrier {
  const name = catalogue.carrierByCode.get(code)?.name ?? CARRIER_NAMES[code];
  return {
    carrier_code: code,
    carrier: name,
    reason,
    message:
      reason === 'timeout'
        ? `${name} no respondió a tiempo; intenta cotizar de nuevo en unos minutos para ver sus opciones.`
        : `${name} no está disponible en este momento; intenta cotizar de nuevo en unos minutos para ver sus opciones.`,
  };
}

export type Quoting = ReturnType<typeof createQuoting>;

/**
 * `POST /api/v1/quoting`: resolves the places from the postal-code catalogue, asks every enabled
 * carrier in parallel (tariffs from memory, live APIs under a per-carrier time limit), applies our
 * margin, insurance and the caller's unpaid overweight, and answers the options by price.
 * The visitor path reads nothing from the database.
 */
export function createQuoting(deps: QuotingDeps) {
  const overweightOwed = deps.overweightOwed ?? noOverweight;
  let countries: ReadonlyMap<string, string> | undefined;

  function countryNames(): ReadonlyMap<string, string> {
    countries ??= new Map(deps.geography.listCountries().country_codes.map((c) => [c.country_code, c.name]));
    return countries;
  }

  function mexicanPlace(side: Side, input: QuoteRequest[Side]): RatePlace {
    const check = checkPostalCodeFormat('MX', input.postal_code);
    if (!check.ok) throw quoteErrors.invalidPostalCode(side, input.postal_code.trim(), 'México', '44100');
    const settlements = deps.geography.lookupPostalCode({ country: 'MX', code: check.postalCode }).country_codes;
    const found = settlements.find((s) => s.state_short !== '');
    if (!found) throw quoteErrors.unknownPostalCode(side, check.postalCode);
    const suburb = input.suburb && settlements.some((s) => s.place_name === input.suburb) ? input.suburb : found.place_name;
    return { countryCode: 'MX', postalCode: check.postalCode, city: input.city || found.city, suburb, stateShort: found.state_short };
  }

  function foreignPlace(input: QuoteRequest['destination_direction']): RatePlace {
    const country = input.country_code;
    const name = countryNames().get(country);
    if (!name) throw quoteErrors.unknownCountry(country);
    let postalCode = '';
    if (!COUNTRIES_WITHOUT_POSTAL_CODES.has(country)) {
      const check = checkPostalCodeFormat(country, input.postal_code);
      if (!check.ok) throw quoteErrors.invalidPostalCode('destination_direction', input.postal_code.trim(), name, check.reason === 'invalid_format' ? check.example : '');
      postalCode = check.postalCode;
    }
    return { countryCode: country, postalCode, city: input.city, suburb: input.suburb, stateShort: '' };
  }

  /** The candidates must carry every parcel; when none can, the heaviest parcel is named (400). */
  function assertSomeServiceCarries(candidates: readonly ServiceEntry[], groups: readonly ParcelGroup[], parcels: readonly Parcel[]): void {
    if (candidates.length === 0) return;
    const fits = candidates.some((s) => groups.every((g) => billableWeightKg(g.parcel, s.volumetricDivisor) <= s.maxWeightKg));
    if (fits) return;
    const maxKg = Math.max(...candidates.map((s) => s.maxWeightKg));
    let worst = 0;
    parcels.forEach((p, i) => {
      if (billableWeightKg(p) > billableWeightKg(parcels[worst]!)) worst = i;
    });
    const heaviest = parcels[worst]!;
    const kg = billableWeightKg(heaviest);
    throw quoteErrors.tooHeavy(worst, kg, kg > Math.ceil(heaviest.weight - 1e-9), maxKg);
  }

  async function run(task: Task, request: RateRequest): Promise<TaskResult> {
    const scoped: RateRequest = { ...request, services: task.services };
    if (task.adapter.inMemory) {
      try {
        return { ok: true, rates: await task.adapter.rate(scoped, NEVER_ABORTED), source: task.adapter.source };
      } catch (error) {
        deps.logger?.warn({ err: error, carrier: task.carrierCode }, 'la tarifa de la paquetería falló');
        return { ok: false, reason: 'error' };
      }
    }
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The race keeps the promise: an adapter that ignores its signal still cannot hold the answer.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const timeout = new RateTimeout();
        controller.abort(timeout);
        reject(timeout);
      }, deps.rateTimeoutMs);
    });
    try {
      const rates = await Promise.race([task.adapter.rate(scoped, controller.signal), deadline]);
      return { ok: true, rates, source: task.adapter.source };
    } catch (error) {
      const reason = controller.signal.aborted ? 'timeout' : 'error';
      deps.logger?.warn({ err: error, carrier: task.carrierCode, reason }, 'la paquetería no cotizó');
      return { ok: false, reason };
    } finally {
      clearTimeout(timer);
    }
  }

  interface OptionContext {
    request: QuoteRequest;
    groups: ParcelGroup[];
    destination: RatePlace;
    scope: ServiceScope;
    caller: Caller | null;
    shipDate: string;
    guides: number;
    insuredCentavos: number | undefined;
    overweightCentavos: number;
  }

  /** One priced service as the caller sees it: our margin, remote area, insurance and overweight applied. */
  function buildOption(catalogue: CatalogueSnapshot, rate: ServiceRate, source: 'tariffs' | 'api', ctx: OptionContext): Ranked | undefined {
    const service = catalogue.serviceById.get(rate.serviceId);
    const carrier = service && catalogue.carrierByCode.get(service.carrierCode);
    const fixed = prepare(catalogue).fixed.get(rate.serviceId);
    if (!service || !carrier || !fixed || rate.costs.length !== ctx.groups.length) return undefined;
    const markup = catalogue.markupFor(service.id, ctx.caller?.id ?? null);
    const insurance = ctx.insuredCentavos === undefined ? 0 : insuranceCost(ctx.insuredCentavos, carrier.insuranceRateBp, carrier.insuranceMinCentavos);
    const lines: { code: ChargeLine['code']; label: string; price: number; quantity: number }[] = [];
    // Guides of different parcels with the same charge share one line (price × quantity).
    const addLine = (code: ChargeLine['code'], label: string, price: number, quantity: number, keepZero = false) => {
      if (price <= 0 && !keepZero) return;
      const found = lines.find((l) => l.code === code && l.label === label && l.price === price);
      if (found) found.quantity += quantity;
      else lines.push({ code, label, price, quantity });
    };
    const document = ctx.request.package_type === 'document';
    let net = 0;
    let billable = 0;
    let isRemote = ctx.scope === 'domestic' && carrier.remoteAreas.has(ctx.destination.postalCode);
    let pricePerGuide: number | null | undefined;
    for (let i = 0; i < rate.costs.length; i++) {
      const cost = rate.costs[i]!;
      const n = ctx.groups[i]!.guides;
      const freight = applyMarkup({ baseCentavos: cost.baseCentavos, extraCentavos: cost.extraCentavos }, markup);
      const guide = freight.baseCentavos + freight.extraCentavos + cost.remoteCentavos + insurance;
      // The base line stays even at zero, so every option says what it charges for.
      addLine('base', `${document ? 'Tarifa de sobre' : 'Tarifa base'} (${cost.billableKg} kg)`, freight.baseCentavos, n, true);
      if (freight.extraCentavos > 0) addLine('extra_kg', `Kilos adicionales (${cost.extraKg} kg)`, freight.extraCentavos, n);
      if (cost.remoteCentavos > 0) addLine('remote_area', REMOTE_AREA_LABEL, cost.remoteCentavos, n);
      if (ctx.insuredCentavos !== undefined) addLine('insurance', `Seguro (valor declarado ${formatMXN(ctx.insuredCentavos)})`, insurance, n);
      isRemote ||= cost.isRemote;
      net += guide * n;
      billable += cost.billableKg * n;
      pricePerGuide = pricePerGuide === undefined || pricePerGuide === guide ? guide : null;
    }
    if (ctx.overweightCentavos > 0) addLine('overweight', 'Sobrepeso de envíos anteriores', ctx.overweightCentavos, 1);
    lines.sort((a, b) => CHARGE_ORDER[a.code] - CHARGE_ORDER[b.code]);
    const transitDays = rate.transitDays ?? service.transitDays;
    const total = net + ctx.overweightCentavos;
    return {
      total,
      sortCarrier: fixed.sortCarrier,
      sortService: fixed.sortService,
      option: {
        carrier: fixed.carrier,
        carrier_code: fixed.carrierCode,
        carrier_service_name: service.name,
        service_id: service.id,
        carrier_logo_url: fixed.logoUrl,
        carrier_logo_url_svg: fixed.logoUrl,
        total_amount: fromCentavos(total),
        net_total_amount: fromCentavos(net),
        price_per_guide: pricePerGuide === undefined || pricePerGuide === null ? null : fromCentavos(pricePerGuide),
        overweight_amount: fromCentavos(ctx.overweightCentavos),
        guides: ctx.guides,
        currency: 'MXN',
        date: ctx.shipDate,
        estimated_delivery: addWorkingDays(ctx.shipDate, transitDays),
        total_transit_days: transitDays,
        transit_text: transitDays === service.transitDays ? fixed.transitText : transitTextForService(service.name, transitDays),
        is_remote: isRemote,
        billable_weight_kg: billable,
        source,
        services: lines.map((l) => ({ code: l.code, service_name: l.label, price: fromCentavos(l.price), quantity: l.quantity, amount: fromCentavos(l.price * l.quantity) })),
      },
    };
  }

  return {
    async quote(request: QuoteRequest, caller: Caller | null, client?: { ip: string }): Promise<QuoteResponse> {
      const now = deps.clock.now();
      if (request.origin_direction.country_code !== 'MX') throw quoteErrors.originNotMexico();
      const origin = mexicanPlace('origin_direction', request.origin_direction);
      const domestic = request.destination_direction.country_code === 'MX';
      const destination = domestic ? mexicanPlace('destination_direction', request.destination_direction) : foreignPlace(request.destination_direction);
      const guides = request.cantidadGuias;
      if (request.parcels.length > guides) throw quoteErrors.tooManyParcels(request.parcels.length, guides);
      const groups = groupGuides(request.parcels, guides);
      const scope: ServiceScope = domestic ? 'domestic' : 'international';
      const zone = domestic ? domesticZone(origin.stateShort, destination.stateShort) : internationalZone(destination.countryCode);

      // A destination no carrier serves (Antarctica…): nothing to ask anyone.
      if (zone === undefined) return { options: [], unavailable_carriers: [], guides, quoted_at: now.toISOString() };

      const catalogue = deps.carriers.snapshot();
      const candidates = candidatesFor(catalogue, scope, request.package_type);
      assertSomeServiceCarries(candidates, groups, request.parcels);

      // Started now, awaited last: the caller's overweight is read while the carriers answer.
      const overweight = caller ? overweightOwed(caller.id) : Promise.resolve(0);
      const plan = planShipment(now);
      const rateRequest: RateRequest = {
        origin,
        destination,
        scope,
        zone,
        packageType: request.package_type,
        parcels: groups,
        services: [],
        shipDate: plan.shipDate,
        shipDateTimeLocal: plan.shipDateTimeLocal,
        insuredValueCentavos: request.insured_value === undefined ? undefined : toCentavos(request.insured_value),
      };
      const tasks: Task[] = [];
      for (const carrier of catalogue.carriers) {
        const services = candidates.filter(
          (s) => s.carrierCode === carrier.code && groups.every((g) => billableWeightKg(g.parcel, s.volumetricDivisor) <= s.maxWeightKg),
        );
        if (services.length === 0) continue;
        const sources = deps.carriers.sourcesFor(carrier.code);
        const viaApi = sources.api ? services.filter((s) => s.externalCode) : [];
        const viaTariffs = services.filter((s) => !viaApi.includes(s));
        if (viaTariffs.length > 0) tasks.push({ carrierCode: carrier.code, adapter: sources.tariffs, services: viaTariffs });
        if (sources.api && viaApi.length > 0) tasks.push({ carrierCode: carrier.code, adapter: sources.api, services: viaApi });
      }
      // Only the in-memory tariff engine is cached; a live carrier's answer is asked every time.
      const cacheable = tasks.every((t) => t.adapter.inMemory);
      const overweightCentavos = cacheable ? await overweight : 0;
      const cacheKey = cacheable
        ? [
            origin.postalCode,
            destination.countryCode,
            destination.postalCode,
            zone,
            request.package_type,
            groups.map((g) => `${parcelKey(g.parcel)}*${g.guides}`).join(','),
            rateRequest.insuredValueCentavos ?? '',
            caller?.id ?? '',
            overweightCentavos,
            plan.shipDate,
          ].join('|')
        : '';
      const cache = quoteCacheFor(catalogue);
      const hit = cacheable ? cache.get(cacheKey) : undefined;
      if (hit && now.getTime() - hit.at < QUOTE_CACHE_TTL_MS && now.getTime() >= hit.at) {
        // Recently used entries move to the end, so the oldest is the one evicted.
        cache.delete(cacheKey);
        cache.set(cacheKey, hit);
        return hit.answer;
      }

      if (!cacheable && deps.liveRateLimit) {
        // Nothing was asked yet: a refused caller costs no carrier call. The owed-overweight read is awaited so it never dangles.
        await deps.liveRateLimit(caller ? `user:${caller.id}` : `ip:${client?.ip ?? 'desconocida'}`).catch(async (error: unknown) => {
          await overweight.catch(() => 0);
          throw error;
        });
      }
      const results = await Promise.all(tasks.map((task) => run(task, rateRequest)));
      const owed = cacheable ? overweightCentavos : await overweight;

      const ctx: OptionContext = {
        request,
        groups,
        destination,
        scope,
        caller,
        shipDate: plan.shipDate,
        guides,
        insuredCentavos: rateRequest.insuredValueCentavos,
        overweightCentavos: owed,
      };
      const ranked: Ranked[] = [];
      const unavailable: UnavailableCarrier[] = [];
      for (let i = 0; i < results.length; i++) {
        const result = results[i]!;
        const task = tasks[i]!;
        if (!result.ok) {
          if (!unavailable.some((u) => u.carrier_code === task.carrierCode)) unavailable.push(unavailableEntry(catalogue, task.carrierCode, result.reason));
          continue;
        }
        for (const rate of result.rates) {
          const built = buildOption(catalogue, rate, result.source, ctx);
          if (built) ranked.push(built);
        }
      }
      ranked.sort(
        (a, b) =>
          a.total - b.total ||
          a.option.total_transit_days - b.option.total_transit_days ||
          a.sortCarrier - b.sortCarrier ||
          a.sortService - b.sortService,
      );
      const answer: QuoteResponse = { options: ranked.map((r) => r.option), unavailable_carriers: unavailable, guides, quoted_at: now.toISOString() };
      // A failed in-memory carrier is an outage, not a price: such answers are not kept.
      if (cacheable && unavailable.length === 0) {
        cache.delete(cacheKey);
        if (cache.size >= QUOTE_CACHE_MAX) cache.delete(cache.keys().next().value!);
        cache.set(cacheKey, { answer: deepFreeze(answer), at: now.getTime() });
      }
      return answer;
    },
  };
}
