/**
 * The five carriers by code and name. Zod-free: pages that only name a carrier (the public
 * tracking page) import this without the validation library.
 */

/** The five carriers, in the order the provider filter lists them. */
export const CARRIER_CODES = ['dhl', 'redpack', 'fedex', 'ampm', 'estafeta'] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];

export const CARRIER_NAMES: Readonly<Record<CarrierCode, string>> = {
  dhl: 'DHL',
  redpack: 'Redpack',
  fedex: 'FedEx',
  ampm: 'AM/PM',
  estafeta: 'Estafeta',
};
