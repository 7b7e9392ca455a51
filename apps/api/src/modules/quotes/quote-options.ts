import { CARRIER_NAMES, carrierLogoUrl, transitTextForService, type CarrierCode, type RateSource } from '@envios/contracts/carriers';
import { formatMXN, fromCentavos } from '@envios/contracts/money';
import { REMOTE_AREA_LABEL, type ChargeLine, type QuoteResponse, type ShippingOption, type UnavailableCarrier } from '@envios/contracts/quotes';
import type { CatalogueSnapshot, ServiceEntry, ServiceRate } from '../carriers/carriers.usecases.js';
import { addWorkingDays } from './delivery-dates.js';
import { applyMarkup, insuranceCost, type MarkupRule } from './pricing.js';
import type { QuotePlan } from './quote-plan.js';
import type { RateOutcome } from './rate-racing.js';

/*
 * Building the answer from what the carriers said: our margin, the remote-area surcharge, the
 * insurance and the caller's unpaid overweight applied to each priced service, and the options
 * ordered by price.
 */

/** The parts of a service's option that only change with the catalogue, prepared once per version. */
interface FixedOption {
  service: ServiceEntry;
  carrier: string;
  carrierCode: CarrierCode;
  logoUrl: string;
  sortCarrier: number;
  sortService: number;
  transitText: string;
  insuranceRateBp: number;
  insuranceMinCentavos: number;
  /** The margin everyone pays on this service (no customer markup). */
  publicMarkup: MarkupRule;
}

const fixedBySnapshot = new WeakMap<CatalogueSnapshot, Map<string, FixedOption>>();

function fixedOptions(catalogue: CatalogueSnapshot): Map<string, FixedOption> {
  let fixed = fixedBySnapshot.get(catalogue);
  if (!fixed) {
    fixed = new Map();
    for (const service of catalogue.services) {
      const carrier = catalogue.carrierByCode.get(service.carrierCode);
      if (!carrier) continue;
      fixed.set(service.id, {
        service,
        carrier: carrier.name,
        carrierCode: carrier.code,
        logoUrl: carrierLogoUrl(carrier.code),
        sortCarrier: carrier.sortOrder,
        sortService: service.sortOrder,
        transitText: transitTextForService(service.name, service.transitDays),
        insuranceRateBp: carrier.insuranceRateBp,
        insuranceMinCentavos: carrier.insuranceMinCentavos,
        publicMarkup: catalogue.markupFor(service.id, null),
      });
    }
    fixedBySnapshot.set(catalogue, fixed);
  }
  return fixed;
}

/** Who the answer is for and what they owe: their margin and their unpaid overweight. */
export interface AnswerFor {
  callerId: string | null;
  overweightCentavos: number;
  quotedAt: string;
}

interface Line {
  code: ChargeLine['code'];
  label: string;
  price: number;
  quantity: number;
}

const CHARGE_ORDER: Readonly<Record<ChargeLine['code'], number>> = { base: 0, extra_kg: 1, remote_area: 2, insurance: 3, overweight: 4 };

/** Guides of different parcels with the same charge share one line (price × quantity). */
function addLine(lines: Line[], code: Line['code'], label: string, price: number, quantity: number): void {
  for (const l of lines) {
    if (l.code === code && l.price === price && l.label === label) {
      l.quantity += quantity;
      return;
    }
  }
  lines.push({ code, label, price, quantity });
}

/** An option with what it sorts by: total, then speed, then catalogue order. */
interface Ranked {
  total: number;
  sortCarrier: number;
  sortService: number;
  option: ShippingOption;
}

/** What every option of one answer shares, computed once. */
interface AnswerContext {
  plan: QuotePlan;
  catalogue: CatalogueSnapshot;
  who: AnswerFor;
  baseLabel: string;
  insuranceLabel: string;
  /** Delivery dates by transit days, from the ship date. */
  deliveryOn: Map<number, string>;
}

function buildOption(ctx: AnswerContext, fixed: FixedOption, rate: ServiceRate, source: RateSource, remoteListed: boolean): Ranked | undefined {
  const { plan, who } = ctx;
  const { service } = fixed;
  if (rate.costs.length !== plan.groups.length) return undefined;
  const markup = who.callerId === null ? fixed.publicMarkup : ctx.catalogue.markupFor(service.id, who.callerId);
  const insurance = plan.insuredCentavos === undefined ? 0 : insuranceCost(plan.insuredCentavos, fixed.insuranceRateBp, fixed.insuranceMinCentavos);
  const lines: Line[] = [];
  let net = 0;
  let billable = 0;
  let isRemote = remoteListed;
  let pricePerGuide: number | null | undefined;
  for (let i = 0; i < rate.costs.length; i++) {
    const cost = rate.costs[i]!;
    const n = plan.groups[i]!.guides;
    const freight = applyMarkup(cost, markup);
    const guide = freight.baseCentavos + freight.extraCentavos + cost.remoteCentavos + insurance;
    // The base line stays even at zero, so every option says what it charges for.
    addLine(lines, 'base', `${ctx.baseLabel} (${cost.billableKg} kg)`, freight.baseCentavos, n);
    if (freight.extraCentavos > 0) addLine(lines, 'extra_kg', `Kilos adicionales (${cost.extraKg} kg)`, freight.extraCentavos, n);
    if (cost.remoteCentavos > 0) addLine(lines, 'remote_area', REMOTE_AREA_LABEL, cost.remoteCentavos, n);
    if (plan.insuredCentavos !== undefined && insurance > 0) addLine(lines, 'insurance', ctx.insuranceLabel, insurance, n);
    isRemote ||= cost.isRemote;
    net += guide * n;
    billable += cost.billableKg * n;
    pricePerGuide = pricePerGuide === undefined || pricePerGuide === guide ? guide : null;
  }
  if (who.overweightCentavos > 0) lines.push({ code: 'overweight', label: 'Sobrepeso de envíos anteriores', price: who.overweightCentavos, quantity: 1 });
  // Several parcels interleave their lines: base lines first, then extra kilos, and so on.
  if (plan.groups.length > 1) lines.sort((a, b) => CHARGE_ORDER[a.code] - CHARGE_ORDER[b.code]);
  const transitDays = rate.transitDays ?? service.transitDays;
  let delivery = ctx.deliveryOn.get(transitDays);
  if (delivery === undefined) ctx.deliveryOn.set(transitDays, (delivery = addWorkingDays(plan.shipDate, transitDays)));
  const total = net + who.overweightCentavos;
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
      overweight_amount: fromCentavos(who.overweightCentavos),
      guides: plan.guides,
      currency: 'MXN',
      date: plan.shipDate,
      estimated_delivery: delivery,
      total_transit_days: transitDays,
      transit_text: transitDays === service.transitDays ? fixed.transitText : transitTextForService(service.name, transitDays),
      is_remote: isRemote,
      billable_weight_kg: billable,
      source,
      services: lines.map((l) => ({
        code: l.code,
        service_name: l.label,
        price: fromCentavos(l.price),
        quantity: l.quantity,
        amount: fromCentavos(l.price * l.quantity),
      })),
    },
  };
}

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

function byPriceThenSpeed(a: Ranked, b: Ranked): number {
  return a.total - b.total || a.option.total_transit_days - b.option.total_transit_days || a.sortCarrier - b.sortCarrier || a.sortService - b.sortService;
}

/** The answer of a planned quote: its options cheapest first, and the carriers that did not answer. */
export function buildAnswer(catalogue: CatalogueSnapshot, plan: QuotePlan, outcomes: readonly RateOutcome[], who: AnswerFor): QuoteResponse {
  const fixed = fixedOptions(catalogue);
  const ctx: AnswerContext = {
    plan,
    catalogue,
    who,
    baseLabel: plan.tasks[0]?.request.packageType === 'document' ? 'Tarifa de sobre' : 'Tarifa base',
    insuranceLabel: plan.insuredCentavos === undefined ? '' : `Seguro (valor declarado ${formatMXN(plan.insuredCentavos)})`,
    deliveryOn: new Map(),
  };
  const ranked: Ranked[] = [];
  const unavailable: UnavailableCarrier[] = [];
  for (let i = 0; i < outcomes.length; i++) {
    const outcome = outcomes[i]!;
    const task = plan.tasks[i]!;
    if (!outcome.ok) {
      if (!unavailable.some((u) => u.carrier_code === task.carrier.code)) unavailable.push(unavailableEntry(catalogue, task.carrier.code, outcome.reason));
      continue;
    }
    for (const rate of outcome.rates) {
      const f = fixed.get(rate.serviceId);
      // A rate for a service no longer in the catalogue is ignored.
      if (f === undefined) continue;
      const built = buildOption(ctx, f, rate, outcome.source, task.request.destinationIsRemote);
      if (built) ranked.push(built);
    }
  }
  ranked.sort(byPriceThenSpeed);
  const options = new Array<ShippingOption>(ranked.length);
  for (let i = 0; i < ranked.length; i++) options[i] = ranked[i]!.option;
  return { options, unavailable_carriers: unavailable, guides: plan.guides, quoted_at: who.quotedAt };
}
