/**
 * Carriers, their services and tariffs: the catalogue the quote is priced from, the
 * admin contracts that manage it, and the pure rules the web shares with the server (carrier
 * label by service name, transit text, the provider selector's speed filters).
 *
 * Money on the wire is decimal MXN with at most two decimals (the server keeps integer centavos);
 * percentages are decimal percent (12.5 = 12.5 %).
 */

export * from './carrier-names.js';
export * from './carrier-fields.js';
export * from './carrier-catalogue.js';
export * from './carrier-tariffs.js';

/** Stable error codes of the carriers module. */
export const carrierErrorCodes = {
  notFound: 'carriers.not_found',
  invalidTariff: 'carriers.invalid_tariff',
  invalidCsv: 'carriers.invalid_tariff_csv',
  unknownUser: 'carriers.unknown_user',
} as const;
