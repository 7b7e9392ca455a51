import { checkPostalCodeFormat, COUNTRIES_WITHOUT_POSTAL_CODES } from '@envios/contracts/geography';
import type { Centavos } from '@envios/contracts/money';
import type { QuoteRequest, QuoteResponse } from '@envios/contracts/quotes';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { deepFreeze } from '../../shared/deep-freeze.js';
import type { AnswerCaching } from '../../shared/kept-answers.js';
import type { Carriers, RatePlace } from '../carriers/carriers.usecases.js';
import type { Geography } from '../geography/geography.usecases.js';
import { planShipment } from './delivery-dates.js';
import { buildAnswer } from './quote-options.js';
import { groupsKey, planQuote, type QuotePlan } from './quote-plan.js';
import { quoteErrors } from './quotes.errors.js';
import { rateAll } from './rate-racing.js';

// Our margin on a freight, for the overweight priced with the same tariff.
export { applyMarkup } from './pricing.js';

/** The caller's unpaid overweight of earlier shipments, in centavos (the shipments module supplies it). */
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
  /** Where the tariff engine's answers are kept (shared/kept-answers.ts). */
  caching: AnswerCaching;
}

type Side = 'origin_direction' | 'destination_direction';

/**
 * Answers of the tariff engine are kept for a minute, per everything that moves a price or a
 * date: the catalogue version, places, parcels, package type, insured value, the caller (their
 * margin), their owed overweight and the ship date, once the same quote was asked twice. Live
 * carrier answers are never kept. Kept answers are frozen: callers read them, never change them.
 */
const QUOTE_CACHE_MAX = 2_000;
/** A kept answer is reused for this long; its `quoted_at` says when it was computed. */
export const QUOTE_CACHE_TTL_MS = 60_000;

export type Quoting = ReturnType<typeof createQuoting>;

/**
 * `POST /api/v1/quoting`: resolves the places from the postal-code catalogue, asks every enabled
 * carrier in parallel (tariffs from memory, live APIs under a per-carrier time limit), applies our
 * margin, insurance and the caller's unpaid overweight, and answers the options by price.
 * The visitor path reads nothing from the database.
 */
export function createQuoting(deps: QuotingDeps) {
  const overweightOwed = deps.overweightOwed ?? noOverweight;
  const kept = deps.caching.create<QuoteResponse>('quotes', {
    budget: QUOTE_CACHE_MAX,
    remember: QUOTE_CACHE_MAX,
    ttlMs: QUOTE_CACHE_TTL_MS,
    freeze: deepFreeze,
  });
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
      if (!check.ok)
        throw quoteErrors.invalidPostalCode('destination_direction', input.postal_code.trim(), name, check.reason === 'invalid_format' ? check.example : '');
      postalCode = check.postalCode;
    }
    return { countryCode: country, postalCode, city: input.city, suburb: input.suburb, stateShort: '' };
  }

  function keptKey(plan: QuotePlan, origin: RatePlace, destination: RatePlace, request: QuoteRequest, callerId: string, owed: number): string {
    return `${origin.postalCode}|${destination.countryCode}|${destination.postalCode}|${plan.zone}|${request.package_type}|${groupsKey(plan.groups)}|${plan.insuredCentavos ?? ''}|${callerId}|${owed}|${plan.shipDate}`;
  }

  return {
    /**
     * `POST /api/v1/quoting`: resolves the places from the postal-code catalogue, plans which
     * carrier prices which services, asks them (tariffs from memory, live APIs under a per-carrier
     * time limit) and builds the options by price with our margin, insurance and the caller's
     * unpaid overweight. The visitor path reads nothing from the database.
     */
    async quote(request: QuoteRequest, caller: Caller | null, client?: { ip: string }): Promise<QuoteResponse> {
      const now = deps.clock.now();
      if (request.origin_direction.country_code !== 'MX') throw quoteErrors.originNotMexico();
      const origin = mexicanPlace('origin_direction', request.origin_direction);
      const destination =
        request.destination_direction.country_code === 'MX'
          ? mexicanPlace('destination_direction', request.destination_direction)
          : foreignPlace(request.destination_direction);
      const catalogue = deps.carriers.snapshot();
      const plan = planQuote({ request, origin, destination, catalogue, shipPlan: planShipment(now), sourcesFor: deps.carriers.sourcesFor });
      // A destination no carrier serves (Antarctica…): nothing to ask anyone.
      if (plan === undefined) return { options: [], unavailable_carriers: [], guides: request.cantidadGuias, quoted_at: now.toISOString() };

      // Started now, awaited last: the caller's overweight is read while the carriers answer.
      const overweight = caller ? overweightOwed(caller.id) : Promise.resolve(0);
      let key: string | undefined;
      let owedFirst = 0;
      if (plan.inMemoryOnly) {
        // Only the in-memory tariff engine's answers are kept; the owed amount is part of the key.
        owedFirst = await overweight;
        key = keptKey(plan, origin, destination, request, caller?.id ?? '', owedFirst);
        const hit = kept.get(key, String(catalogue.version), now.getTime());
        if (hit) return hit;
      } else if (deps.liveRateLimit) {
        // Nothing was asked yet: a refused caller costs no carrier call. The owed-overweight read is awaited so it never dangles.
        await deps.liveRateLimit(caller ? `user:${caller.id}` : `ip:${client?.ip ?? 'desconocida'}`).catch(async (error: unknown) => {
          await overweight.catch(() => 0);
          throw error;
        });
      }
      const outcomes = await rateAll(plan.tasks, { timeoutMs: deps.rateTimeoutMs, logger: deps.logger });
      const overweightCentavos = key === undefined ? await overweight : owedFirst;
      const answer = buildAnswer(catalogue, plan, outcomes, { callerId: caller?.id ?? null, overweightCentavos, quotedAt: now.toISOString() });
      // A failed in-memory carrier is an outage, not a price: such answers are not kept.
      // Kept from the second time it is asked: a quote asked once (most of them) costs no freezing and no room.
      if (key !== undefined && answer.unavailable_carriers.length === 0) return kept.offer(key, String(catalogue.version), answer, now.getTime());
      return answer;
    },
  };
}
