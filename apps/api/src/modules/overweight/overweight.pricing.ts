import { ZONE_LABELS, type TariffZone } from '@envios/contracts/carriers';
import { formatMXN, fromCentavos } from '@envios/contracts/money';
import type { OverweightRule } from '@envios/contracts/overweight';
import { billableWeightKg } from '@envios/contracts/quotes';
import { freightCost, type Bracket } from '../carriers/carriers.usecases.js';
import { applyMarkup } from '../quotes/quotes.usecases.js';

/**
 * How an overweight is priced: the service's own tariff for the route's zone (the brackets the
 * quote used, with the customer's margin), at the billable weight the carrier measured minus at
 * the billable weight the guide was bought for. The difference is the suggested 'Costo'; per kilo
 * it is what each extra kilo costs. Pure: the catalogue comes in, nothing is read.
 */

/** The whole kilos a carrier bills for what it measured: the larger of real and volumetric, at least 1. */
export function measuredBillableKg(
  m: { weight: number; height?: number | undefined; width?: number | undefined; depth?: number | undefined },
  divisor: number,
): number {
  const dims =
    m.height !== undefined && m.width !== undefined && m.depth !== undefined
      ? { height: m.height, width: m.width, depth: m.depth }
      : { height: 0, width: 0, depth: 0 };
  return billableWeightKg({ weight: m.weight, ...dims }, divisor);
}

export interface PricingInput {
  declaredKg: number;
  measuredKg: number;
  brackets: readonly Bracket[] | undefined;
  zone: TariffZone | undefined;
  markupPercentBp: number;
  serviceName: string;
  carrierName: string;
}

function priced(brackets: readonly Bracket[], kg: number, percentBp: number): number | undefined {
  const cost = freightCost(brackets, kg);
  if (!cost) return undefined;
  // Only the percentage: a fixed margin per guide is charged once, with the guide.
  const marked = applyMarkup(cost, { percentBp, fixedCentavos: 0 });
  return marked.baseCentavos + marked.extraCentavos;
}

/** The rule and the cost in centavos, or undefined when the tariff cannot price it (no zone, no bracket for the weight). */
export function priceOverweight(input: PricingInput): { rule: OverweightRule; costCentavos: number } | undefined {
  const extraKg = Math.max(0, input.measuredKg - input.declaredKg);
  if (!input.zone || !input.brackets || input.brackets.length === 0 || input.declaredKg <= 0) return undefined;
  const declared = priced(input.brackets, input.declaredKg, input.markupPercentBp);
  const measured = priced(input.brackets, input.measuredKg, input.markupPercentBp);
  if (declared === undefined || measured === undefined) return undefined;
  const costCentavos = extraKg === 0 ? 0 : Math.max(0, measured - declared);
  const perKg = extraKg === 0 ? 0 : Math.round(costCentavos / extraKg);
  const zoneLabel = ZONE_LABELS[input.zone];
  const text =
    extraKg === 0
      ? `Lo medido cabe en los ${input.declaredKg} kg declarados: no hay kilos adicionales que cobrar.`
      : `Tarifa ${input.carrierName} ${input.serviceName}, zona ${zoneLabel}: ${input.declaredKg} kg declarados cuestan ${formatMXN(declared)} y ` +
        `${input.measuredKg} kg medidos ${formatMXN(measured)}; la diferencia de ${extraKg} kg es ${formatMXN(costCentavos)} (${formatMXN(perKg)} por kg adicional).`;
  return {
    costCentavos,
    rule: {
      service_name: input.serviceName,
      carrier: input.carrierName,
      zone: input.zone,
      zone_label: zoneLabel,
      declared_kg: input.declaredKg,
      measured_kg: input.measuredKg,
      declared_cost: fromCentavos(declared),
      measured_cost: fromCentavos(measured),
      per_kg: fromCentavos(perKg),
      text,
    },
  };
}
