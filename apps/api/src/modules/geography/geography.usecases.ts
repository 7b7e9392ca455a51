import {
  checkPostalCodeFormat,
  type CountryListResponse,
  type PostalLookupParams,
  type PostalSearchQuery,
  type PostalSearchResponse,
  type PostalSuggestion,
  type ZipCodeQuery,
  type ZipCodeResponse,
} from '@envios/contracts/geography';
import type { Database } from '../../db/client.js';
import { findActiveCatalogueVersion, loadActiveCatalogue, seedCatalogueIfEmpty, type CatalogueState, type PostalCodeListing } from './geography.repository.js';
import { geographyErrors } from './geography.errors.js';
import { buildCountryList, countryName, isKnownCountry } from './countries.js';
import { demoPostalCodeRecords } from './demo-postal-codes.js';
import { PostalCodeIndex } from './postal-code-index.js';

export const DEFAULT_REFRESH_INTERVAL_MS = 5_000;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface GeographyDeps {
  db: Database;
  /** How often each process asks whether another one imported a new catalogue; 0 never asks. */
  refreshIntervalMs?: number;
  logger?: Logger;
  /** Whether answers may travel compressed (false with COMPRESSION_MIN_BYTES=0). */
  compress?: boolean;
}

export interface CatalogueInfo {
  version: number;
  source: CatalogueState['source'] | 'none';
  rowCount: number;
  postalCodeCount: number;
}

interface Snapshot {
  info: CatalogueInfo;
  byCountry: ReadonlyMap<string, PostalCodeIndex>;
}

const EMPTY: Snapshot = { info: { version: 0, source: 'none', rowCount: 0, postalCodeCount: 0 }, byCountry: new Map() };

/** Seeds the demo catalogue when there is none yet; true when this call seeded it. */
export async function seedDemoCatalogue(deps: { db: Database; now?: () => Date }): Promise<boolean> {
  const rows = demoPostalCodeRecords();
  const version = await seedCatalogueIfEmpty(
    deps.db,
    {
      source: 'demo',
      rowCount: rows.length,
      postalCodeCount: new Set(rows.map((r) => r.postalCode)).size,
      sourceFile: null,
      importedAt: (deps.now ?? (() => new Date()))(),
    },
    rows,
  );
  return version !== undefined;
}

/**
 * Builds the in-memory indexes from the rows. Repeated values (states, cities, municipalities) are
 * interned: the full catalogue then costs a few tens of MB instead of one string per cell.
 */
function buildSnapshot(state: CatalogueState, rows: PostalCodeListing[]): Snapshot {
  const pool = new Map<string, string>();
  const intern = (s: string) => {
    const found = pool.get(s);
    if (found !== undefined) return found;
    pool.set(s, s);
    return s;
  };
  const grouped = new Map<string, PostalSuggestion[]>();
  for (const r of rows) {
    const country = intern(r.countryCode);
    let list = grouped.get(country);
    if (!list) grouped.set(country, (list = []));
    list.push({
      postal_code: r.postalCode,
      place_name: r.settlement,
      city: intern(r.city),
      municipality: intern(r.municipality),
      state: intern(r.state),
      state_short: intern(r.stateShort),
      country_code: country,
    });
  }
  const byCountry = new Map([...grouped].map(([country, list]) => [country, new PostalCodeIndex(list)]));
  return {
    info: { version: state.version, source: state.source, rowCount: state.rowCount, postalCodeCount: state.postalCodeCount },
    byCountry,
  };
}

/** The postal code in its normal form when it has the country's format; a 400 naming `field` otherwise. */
function checkedPostalCode(country: string, value: string, field: string): string {
  const check = checkPostalCodeFormat(country, value);
  if (check.ok) return check.postalCode;
  throw check.reason === 'no_postal_codes'
    ? geographyErrors.noPostalCodes(field, countryName(country))
    : geographyErrors.invalidPostalCode(field, value.trim(), countryName(country), check.example);
}

/** A country without a catalogue answers the well-formed code alone. */
function bareSuggestion(country: string, postalCode: string): PostalSuggestion {
  return { postal_code: postalCode, place_name: '', city: '', municipality: '', state: '', state_short: '', country_code: country };
}

function requireKnownCountry(country: string): void {
  if (!isKnownCountry(country)) throw geographyErrors.unknownCountry(country);
}

export type Geography = ReturnType<typeof createGeography>;

/**
 * Postal codes and countries, answered from memory. The catalogue is loaded from the database at
 * start and reloaded whenever its version changes: every process polls the version (one indexed
 * row) so an import made by any process, or by the CLI, reaches all of them within one interval.
 */
export function createGeography(deps: GeographyDeps) {
  const { db, logger } = deps;
  const interval = deps.refreshIntervalMs ?? DEFAULT_REFRESH_INTERVAL_MS;
  let snapshot = EMPTY;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<boolean> | undefined;
  let countries: CountryListResponse | undefined;

  async function load(): Promise<boolean> {
    const started = performance.now();
    const loaded = await loadActiveCatalogue(db);
    if (!loaded) return false;
    if (loaded.state.version === snapshot.info.version) return false;
    snapshot = buildSnapshot(loaded.state, loaded.rows);
    logger?.info({ ...snapshot.info, ms: Math.round(performance.now() - started) }, 'catálogo de códigos postales cargado en memoria');
    return true;
  }

  /** Reloads when the active version differs from the one in memory; true when it reloaded. */
  function refresh(): Promise<boolean> {
    inFlight ??= (async () => {
      try {
        const version = await findActiveCatalogueVersion(db);
        return version !== undefined && version !== snapshot.info.version ? await load() : false;
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  function indexFor(country: string): PostalCodeIndex | undefined {
    return snapshot.byCountry.get(country);
  }

  return {
    /** Whether the routes may send their prepared answers compressed. */
    compress: deps.compress ?? true,

    /** Seeds the demo set when the database has no catalogue, loads it, and starts polling. */
    async start(): Promise<void> {
      if (await seedDemoCatalogue({ db })) logger?.info({}, 'catálogo de códigos postales de demostración creado');
      await refresh();
      if (snapshot.info.source === 'demo') {
        logger?.warn({}, 'se usa el catálogo de códigos postales de demostración; importa el oficial con npm run postal-codes:import -- <archivo>');
      }
      if (interval > 0 && !timer) {
        timer = setInterval(() => {
          refresh().catch((error: unknown) => logger?.warn({ err: error }, 'no se pudo actualizar el catálogo de códigos postales'));
        }, interval);
        timer.unref();
      }
    },

    /** Stops polling and waits for a reload under way, so the database can close after it. */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await inFlight?.catch(() => undefined);
    },

    refresh,

    catalogueInfo(): CatalogueInfo {
      return snapshot.info;
    },

    searchPostalCodes(query: PostalSearchQuery): PostalSearchResponse {
      requireKnownCountry(query.country);
      const index = indexFor(query.country);
      if (index) return { country_codes: index.search(query.search) };
      return { country_codes: [bareSuggestion(query.country, checkedPostalCode(query.country, query.search, 'search'))] };
    },

    findZipCode(query: ZipCodeQuery): ZipCodeResponse {
      requireKnownCountry(query.country);
      const settlements = lookup(query.country, query.zipCode, 'zipCode');
      return {
        zip_codes: settlements.map(({ place_name, ...rest }) => ({ ...rest, parish: place_name })),
      };
    },

    lookupPostalCode(params: PostalLookupParams): PostalSearchResponse {
      requireKnownCountry(params.country);
      return { country_codes: lookup(params.country, params.code, 'code') };
    },

    listCountries(): CountryListResponse {
      countries ??= { country_codes: buildCountryList() };
      return countries;
    },
  };

  function lookup(country: string, value: string, field: string): PostalSuggestion[] {
    const postalCode = checkedPostalCode(country, value, field);
    const index = indexFor(country);
    return index ? index.lookup(postalCode) : [bareSuggestion(country, postalCode)];
  }
}
