/**
 * The weight rule carriers bill by, free of zod so a page that only computes it (the FAQ's
 * calculator) does not download the schemas. The quote uses these same functions.
 */

/** Carriers bill by max(real weight, L×A×H / 5000) per parcel. */
export const VOLUMETRIC_DIVISOR = 5000;

export interface ParcelMeasures {
  depth: number;
  width: number;
  height: number;
}

/** L×A×H / 5000 (or the service's divisor), in kg, unrounded. */
export function volumetricWeightKg(p: ParcelMeasures, divisor: number = VOLUMETRIC_DIVISOR): number {
  return (p.depth * p.width * p.height) / divisor;
}

/** The weight a carrier bills for one parcel: the larger of real and volumetric, in whole kg. */
export function billableWeightKg(p: ParcelMeasures & { weight: number }, divisor: number = VOLUMETRIC_DIVISOR): number {
  return Math.max(1, Math.ceil(Math.max(p.weight, volumetricWeightKg(p, divisor)) - 1e-9));
}

/** Measures are whole centimetres: a fraction goes up to the next one (10.2 → 11). */
export function roundUpCentimetres(cm: number): number {
  return Math.ceil(cm);
}

/** Weight goes up in steps of 0.1 kg (1.23 → 1.3); 1e-9 keeps 0.3 (0.30000000000000004 × 10) at 0.3. */
export function roundUpWeightKg(kg: number): number {
  return Math.ceil(kg * 10 - 1e-9) / 10;
}
