import type { FastifyBaseLogger } from 'fastify';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { TrackingResult, TrackingRoute, TrackingState } from '@envios/contracts/tracking';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { TrackingAdapter } from '../carriers/adapters/tracking-adapter.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import { findShipmentsWithoutTracking } from '../shipments/shipments.tracking.js';
import { createAnswerCache, createLookup } from './tracking.answers.js';
import { createRefresher, type CarrierLimiter } from './tracking.refresh.js';
import type * as repo from './tracking.repository.js';
import { MINUTE } from './tracking.schedule.js';
import { fromShipment, sandboxByDefault, startTracking } from './tracking.start.js';

/*
 * Tracking (issue 7, DESIGN §6): every issued guide has one `tracking_states` row. Answers are
 * built from STORED events (fast path); a guide not checked for a while is refreshed inline with
 * a short time limit, and the refresh job (tracking.job.ts) keeps the rest current. A carrier that
 * fails is not asked again before its back-off ends, and never faster than its rate limit.
 */

export { carrierForRoute, failureBackoffMs, FIRST_CHECK_AFTER_MS, nextCheckDelayMs, TRACKING_MAX_AGE_MS } from './tracking.schedule.js';
export { createCarrierLimiter, type CarrierLimiter } from './tracking.refresh.js';
export { startTracking, type StartTrackingInput } from './tracking.start.js';

// ---------------------------------------------------------------- the service

export interface TrackingDeps {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  /** Each carrier's tracking adapter (a sandbox guide's events are simulated by it, `TrackRequest.sandbox`). */
  adapters: Partial<Record<CarrierCode, TrackingAdapter>>;
  limiter: CarrierLimiter;
  /** Where the e-mails' tracking links point (APP_URL). */
  appUrl: string;
  /** Also send WhatsApp notices (WhatsApp Cloud configured). */
  whatsapp: boolean;
  /** Wakes the job worker after notices were queued. */
  wake?: () => void;
  /** Told in the transaction that records a guide's new state (a store order gets it written back). */
  onStateChange?: (tx: Executor, event: { shipmentId: string; guideNumber: string; carrierCode: CarrierCode; state: TrackingState }) => Promise<void>;
  /** Counts a lookup that reaches the database against the caller's limit (throws 429). */
  limitLookup?: (clientKey: string) => Promise<void>;
  /** Inline refresh budget of a lookup, limiter wait included (default 2.5 s). */
  inlineTimeoutMs?: number;
  /** A stored answer younger than this is not refreshed inline (default 10 min). */
  freshForMs?: number;
  /** How long this process reuses a built answer (default 15 s). */
  cacheTtlMs?: number;
  log?: FastifyBaseLogger;
}

export type CheckOutcome = 'updated' | 'not_found' | 'failed' | 'skipped';

export interface Tracking {
  /** The answer of `POST /tracking` (route undefined) and `POST /tracking/{route}`; 404 when unknown. */
  lookup(guideNumber: string, route: TrackingRoute | undefined, clientKey: string): Promise<TrackingResult>;
  /** Asks the carrier about one tracked guide and records what it says (the job; the inline refresh). */
  check(row: CheckRow, timeoutMs: number): Promise<CheckOutcome>;
  /** Starts tracking guides issued before tracking existed; answers how many. */
  backfill(batch?: number): Promise<number>;
  /** Forgets this process's built answers of a guide. */
  invalidate(guideNumber: string): void;
}

/** A tracked guide as a check reads it. */
export type CheckRow = repo.TrackingStateRow & { serviceName?: string | null };

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
