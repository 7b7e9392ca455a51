import { randomUUID } from 'node:crypto';
import type { CountryListResponse, PostalSearchResponse } from '@envios/contracts/geography';
import { buildSnapshot, type CatalogueSnapshot } from '../modules/carriers/catalogue-snapshot.js';
import { demoCatalogue, type SeedCatalogue } from '../modules/carriers/demo-catalogue.js';

type CatalogueRows = Parameters<typeof buildSnapshot>[0];

/** The demo catalogue as the database would hand it back, without a database (unit and property tests). */
export function demoCatalogueRows(seed: SeedCatalogue = demoCatalogue()): CatalogueRows {
  const at = new Date('2026-01-15T12:00:00Z');
  const services = seed.services.map((s) => ({
    id: randomUUID(),
    carrierCode: s.carrierCode,
    name: s.name,
    scope: s.scope,
    transitDays: s.transitDays,
    maxWeightKg: s.maxWeightKg,
    volumetricDivisor: 5000,
    guideSource: s.guideSource,
    packageTypes: s.packageTypes,
    documentPriceCentavos: s.documentPriceCentavos,
    externalCode: s.externalCode,
    enabled: true,
    sortOrder: s.sortOrder,
    updatedAt: at,
  }));
  return {
    version: 1,
    carriers: seed.carriers.map((c) => ({
      code: c.code,
      name: c.name,
      enabled: true,
      remoteAreaSurchargeCentavos: c.remoteAreaSurchargeCentavos,
      insuranceRateBp: c.insuranceRateBp,
      insuranceMinCentavos: c.insuranceMinCentavos,
      sortOrder: c.sortOrder,
      updatedAt: at,
    })),
    services,
    tariffs: seed.services.flatMap((s, i) => s.tariff.map((b) => ({ id: randomUUID(), serviceId: services[i]!.id, ...b }))),
    remoteAreas: seed.carriers.flatMap((c) => c.remoteAreas.map((postalCode) => ({ carrierCode: c.code, postalCode }))),
    markups: [
      { id: randomUUID(), serviceId: null, userId: null, percentBp: seed.globalMarkupBp, fixedCentavos: 0, updatedAt: at },
      ...seed.services.flatMap((s, i) =>
        s.markupBp === undefined
          ? []
          : [{ id: randomUUID(), serviceId: services[i]!.id, userId: null, percentBp: s.markupBp, fixedCentavos: 0, updatedAt: at }],
      ),
    ],
  };
}

export function demoSnapshot(rows: CatalogueRows = demoCatalogueRows()): CatalogueSnapshot {
  return buildSnapshot(rows);
}

/** A few postal codes of the demo catalogue with their state, for a geography stand-in. */
const PLACES: Readonly<Record<string, { city: string; place: string; state: string; stateShort: string }>> = {
  '44100': { city: 'Guadalajara', place: 'Guadalajara Centro', state: 'Jalisco', stateShort: 'JAL' },
  '45100': { city: 'Zapopan', place: 'Zapopan Centro', state: 'Jalisco', stateShort: 'JAL' },
  '06600': { city: 'Ciudad de México', place: 'Juárez', state: 'Ciudad de México', stateShort: 'CDMX' },
  '64000': { city: 'Monterrey', place: 'Monterrey Centro', state: 'Nuevo León', stateShort: 'NL' },
  '77000': { city: 'Chetumal', place: 'Chetumal Centro', state: 'Quintana Roo', stateShort: 'QROO' },
  '22000': { city: 'Tijuana', place: 'Zona Centro', state: 'Baja California', stateShort: 'BC' },
  '97000': { city: 'Mérida', place: 'Mérida Centro', state: 'Yucatán', stateShort: 'YUC' },
};

/** A stand-in for the geography use cases (the real ones need the postal-code tables). */
export const fakeGeography = {
  lookupPostalCode({ country, code }: { country: string; code: string }): PostalSearchResponse {
    const p = country === 'MX' ? PLACES[code] : undefined;
    return {
      country_codes: p
        ? [{ postal_code: code, place_name: p.place, city: p.city, municipality: p.city, state: p.state, state_short: p.stateShort, country_code: 'MX' }]
        : [],
    };
  },
  listCountries(): CountryListResponse {
    return {
      country_codes: [
        { name: 'México', flag: '', calling_code: '+52', country_code: 'MX' },
        { name: 'Estados Unidos', flag: '', calling_code: '+1', country_code: 'US' },
        { name: 'España', flag: '', calling_code: '+34', country_code: 'ES' },
        { name: 'Japón', flag: '', calling_code: '+81', country_code: 'JP' },
        { name: 'Antártida', flag: '', calling_code: '+672', country_code: 'AQ' },
        { name: 'Hong Kong', flag: '', calling_code: '+852', country_code: 'HK' },
      ],
    };
  },
};
