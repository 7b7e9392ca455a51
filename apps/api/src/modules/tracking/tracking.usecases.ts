import { createAnswerCache, createLookup } from './tracking.answers.js';
import type { Tracking, TrackingDeps } from './tracking.deps.js';
import { createRefresher } from './tracking.refresh.js';
import { findShipmentsWithoutTracking } from './tracking.repository.js';
import { MINUTE } from './tracking.schedule.js';
import { fromShipment, sandboxByDefault, startTracking } from './tracking.start.js';

/*
 * Tracking: every issued guide has one `tracking_states` row. Answers are
 * built from STORED events (fast path); a guide not checked for a while is refreshed inline with
 * a short time limit, and the refresh job (tracking.job.ts) keeps the rest current. A carrier that
 * fails is not asked again before its back-off ends, and never faster than its rate limit.
 */

export { carrierForRoute, failureBackoffMs, FIRST_CHECK_AFTER_MS, nextCheckDelayMs, TRACKING_MAX_AGE_MS } from './tracking.schedule.js';
export { createCarrierLimiter } from './tracking.refresh.js';
export type { CarrierLimiter, CheckOutcome, CheckRow, Tracking, TrackingDeps } from './tracking.deps.js';
export { startTracking, type StartTrackingInput } from './tracking.start.js';

// ---------------------------------------------------------------- the service

export function createTracking(deps: TrackingDeps): Tracking {
  const inlineTimeoutMs = deps.inlineTimeoutMs ?? 2_500;
  const freshForMs = deps.freshForMs ?? 10 * MINUTE;
  const cacheTtlMs = deps.cacheTtlMs ?? 15_000;
  const cache = createAnswerCache();
  const { invalidate } = cache;
  const refresher = createRefresher(deps, { freshForMs, invalidate });

  return {
    invalidate,
    check: refresher.checkOnce,
    lookup: createLookup(deps, cache, refresher, { inlineTimeoutMs, freshForMs, cacheTtlMs }),
    async backfill(batch = 500) {
      let total = 0;
      for (;;) {
        const missing = await findShipmentsWithoutTracking(deps.db, batch);
        let added = 0;
        for (const s of missing) if (await startTracking(deps.db, fromShipment(s, sandboxByDefault(deps.adapters, s.carrierCode)))) added += 1;
        total += added;
        // A full batch where nothing could be added (a number another shipment already tracks): stop.
        if (missing.length < batch || added === 0) return total;
      }
    },
  };
}
