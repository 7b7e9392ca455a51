/**
 * The money rules of a quote, in integer centavos only. Every rounding is half up on an exact
 * integer division, so the same inputs always give the same centavo.
 */

/** n / d rounded half up, for n ≥ 0 and d > 0. */
export function divideRoundHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

export interface Freight {
  baseCentavos: number;
  extraCentavos: number;
}

export interface MarkupRule {
  percentBp: number;
  fixedCentavos: number;
}

/**
 * Our margin on the freight: total = round(cost × (1 + bp/10000)) + fixed, split back into base
 * and extra kilos (the extra line marked up on its own, the base takes the rest). Rounding the
 * total once keeps the marked-up price a non-decreasing function of the carrier cost.
 */
export function applyMarkup(cost: Freight, markup: MarkupRule): Freight {
  const factor = 10_000 + markup.percentBp;
  const total = divideRoundHalfUp((cost.baseCentavos + cost.extraCentavos) * factor, 10_000) + markup.fixedCentavos;
  const extra = divideRoundHalfUp(cost.extraCentavos * factor, 10_000);
  return { baseCentavos: total - extra, extraCentavos: extra };
}

/** Insurance of one guide: the carrier's rate on the insured value, never below its minimum. */
export function insuranceCost(insuredValueCentavos: number, rateBp: number, minimumCentavos: number): number {
  return Math.max(minimumCentavos, divideRoundHalfUp(insuredValueCentavos * rateBp, 10_000));
}
