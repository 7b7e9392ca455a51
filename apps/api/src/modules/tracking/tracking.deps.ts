import type { FastifyBaseLogger } from 'fastify';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { TrackingResult, TrackingRoute } from '@envios/contracts/tracking';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { TrackingAdapter } from '../carriers/adapters/tracking-adapter.js';
import type { EventPublisher } from '../events/events.usecases.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import type { TrackingStateRow } from './tracking.repository.js';

/*
 * The tracking service's collaborators and shapes, apart from the façade: the parts
 * (tracking.answers, tracking.refresh, tracking.start) import them from here, so no part imports
 * the file that assembles it.
 */

/**
 * At most `perSecond` requests to each carrier from this process, spaced evenly. `acquire`
 * waits for the carrier's next slot, or answers false at once when that slot is further than
 * `maxWaitMs` away (the caller then does without the carrier).
 */
export interface CarrierLimiter {
  acquire(carrierCode: CarrierCode, maxWaitMs?: number): Promise<boolean>;
}

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
  /** Where `tracking.updated` is published, in the transaction that records a guide's new state (store write-back, webhooks…); the app always passes it. */
  events?: EventPublisher | undefined;
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
export type CheckRow = TrackingStateRow & { serviceName?: string | null };
