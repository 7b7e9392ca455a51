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
