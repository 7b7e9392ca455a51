import { TRACKING_ROUTES, type TrackingResult, type TrackingRoute } from '@envios/contracts/tracking';
import { headlineFor, typeForRoute } from '@envios/contracts/tracking-rules';
import { BoundedCache } from '../../shared/bounded-cache.js';
import { mexicoCityTime } from '../../shared/mexico-city-time.js';
import { trackingErrors } from './tracking.errors.js';
import type { Refresher } from './tracking.refresh.js';
import * as repo from './tracking.repository.js';
import { carrierForRoute } from './tracking.schedule.js';
import { fromShipment, sandboxByDefault, startTracking } from './tracking.start.js';
import type { Tracking, TrackingDeps } from './tracking.deps.js';

/*
 * The public answer of a lookup, built from STORED events (refreshed inline when old), and this
 * process's cache of built answers.
 */

const CACHE_MAX = 10_000;

/** This process's built answers, by guide and route. */
export interface AnswerCache {
  cacheKey: (guide: string, route: TrackingRoute | undefined) => string;
  /** A built answer still within its time to live. */
  get: (key: string) => TrackingResult | undefined;
  remember: (key: string, result: TrackingResult, ttlMs: number) => void;
  /** Forgets this process's built answers of a guide. */
  invalidate: (guide: string) => void;
}

export function createAnswerCache(): AnswerCache {
  // Each answer carries its own time to live (how long its stored events stay fresh).
  const cache = new BoundedCache<string, TrackingResult>({ maxEntries: CACHE_MAX, ttlMs: 0 });
  const cacheKey = (guide: string, route: TrackingRoute | undefined) => `${route ?? '*'}|${guide}`;
  function invalidate(guide: string): void {
    cache.delete(cacheKey(guide, undefined));
    for (const r of TRACKING_ROUTES) cache.delete(cacheKey(guide, r));
  }
  return {
    cacheKey,
    invalidate,
    remember: (key, result, ttlMs) => cache.set(key, result, { ttlMs }),
    get: (key) => cache.get(key),
  };
}

export interface AnswerOptions {
  inlineTimeoutMs: number;
  freshForMs: number;
  cacheTtlMs: number;
}

/** The lookup of `POST /tracking`: cached answers, one build per guide at a time. */
export function createLookup(deps: TrackingDeps, cache: AnswerCache, refresher: Refresher, options: AnswerOptions): Tracking['lookup'] {
  const { inlineTimeoutMs, freshForMs, cacheTtlMs } = options;
  const { cacheKey, remember } = cache;
  const { checkOnce, needsRefresh } = refresher;
  const builds = new Map<string, Promise<TrackingResult>>();

  async function build(row: repo.TrackingLookupRow, route: TrackingRoute | undefined, stale: boolean): Promise<TrackingResult> {
    const events = await repo.findEvents(deps.db, row.shipmentId);
    const answerRoute = route ?? row.route;
    const headline =
      answerRoute === row.route
        ? row.headline
        : headlineFor(
            answerRoute,
            [...events].reverse().map((e) => ({ status: e.description, state: e.state, code: e.code })),
          );
    return {
      status: 200,
      type: typeForRoute(answerRoute),
      route: answerRoute,
      carrier_code: row.carrierCode,
      guide: row.guideNumber,
      date: (events[0]?.occurredAt ?? row.issuedAt).toISOString(),
      package: row.pieces ?? 1,
      shipper: { city: row.shipperCity ?? '' },
      consignee: { city: row.consigneeCity ?? '' },
      shipment_event: events.map((e) => {
        const local = mexicoCityTime(e.occurredAt);
        return {
          date: local.date,
          time: local.time.slice(0, 5),
          status: e.description,
          state: e.state,
          location: e.location,
          package: e.piece,
          occurred_at: e.occurredAt.toISOString(),
        };
      }),
      state: row.state,
      headline,
      service_name: row.serviceName,
      sandbox: row.sandbox,
      stale,
      checked_at: row.checkedAt?.toISOString() ?? null,
      carrier_url: row.publicUrl,
    };
  }

  async function findRow(guide: string, route: TrackingRoute | undefined): Promise<repo.TrackingLookupRow | undefined> {
    let rows = await repo.findStatesByGuide(deps.db, guide);
    if (rows.length === 0) {
      // A guide issued before tracking started (or recorded a moment ago elsewhere): track it now.
      const shipment = await repo.findShipmentToTrackByGuide(deps.db, guide);
      if (!shipment) return undefined;
      await startTracking(deps.db, fromShipment(shipment, sandboxByDefault(deps.adapters, shipment.carrierCode)));
      rows = await repo.findStatesByGuide(deps.db, guide);
    }
    return route ? rows.find((r) => r.carrierCode === carrierForRoute(route)) : rows[0];
  }

  async function buildAnswer(guide: string, route: TrackingRoute | undefined, clientKey: string, key: string): Promise<TrackingResult> {
    const started = performance.now();
    await deps.limitLookup?.(clientKey);
    let row = await findRow(guide, route);
    if (!row) throw trackingErrors.notFound(guide);
    const now = deps.clock.now();
    let stale = row.failures > 0;
    if (needsRefresh(row, now)) {
      // The whole answer fits the time limit: the carrier gets what is left after the reads so
      // far, less a reserve for recording the outcome and building the answer.
      const reserve = Math.min(300, inlineTimeoutMs / 5);
      const outcome = await checkOnce(row, Math.max(50, inlineTimeoutMs - (performance.now() - started) - reserve));
      if (outcome === 'failed' || outcome === 'skipped') stale = true;
      else {
        stale = false;
        row = (await findRow(guide, route)) ?? row;
      }
    }
    const result = await build(row, route, stale);
    // Reused until the stored answer would need a refresh (at most the cache's life).
    const freshLeft = row.finished ? cacheTtlMs : (row.checkedAt ?? row.issuedAt).getTime() + freshForMs - now.getTime();
    remember(key, result, stale ? cacheTtlMs : Math.min(cacheTtlMs, freshLeft));
    return result;
  }

  return (guide, route, clientKey) => {
    const key = cacheKey(guide, route);
    const hit = cache.get(key);
    if (hit) return Promise.resolve(hit);
    // Concurrent lookups of one guide share one build (only the first counts against its caller's limit).
    const building = builds.get(key);
    if (building) return building;
    const p = buildAnswer(guide, route, clientKey, key).finally(() => builds.delete(key));
    builds.set(key, p);
    return p;
  };
}
