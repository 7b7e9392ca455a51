import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { cityOnly } from '@envios/contracts/addresses';
import { CARRIER_NAMES, type CarrierCode } from '@envios/contracts/carriers';
import { TRACKING_ROUTES, TRACKING_STATES, trackingStateLabels, type TrackingResult, type TrackingRoute, type TrackingState } from '@envios/contracts/tracking';
import { headlineFor, routeForService, typeForRoute } from '@envios/contracts/tracking-rules';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { CarrierTracking, TrackingAdapter } from '../carriers/adapters/tracking-adapter.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import { trackingUpdateMail, trackingUpdateWhatsApp } from '../notifications/templates/mail-templates.js';
import { mexicoCityTime } from '../../shared/mexico-city-time.js';
import {
  findShipmentsWithoutTracking,
  findShipmentToTrackByGuide,
  findTrackingRecipient,
  setShipmentTrackingStatus,
  type ShipmentToTrack,
} from '../shipments/shipments.tracking.js';
import { trackingErrors } from './tracking.errors.js';
import * as repo from './tracking.repository.js';

/*
 * Tracking (issue 7, DESIGN §6): every issued guide has one `tracking_states` row. Answers are
 * built from STORED events (fast path); a guide not checked for a while is refreshed inline with
 * a short time limit, and the refresh job (tracking.job.ts) keeps the rest current. A carrier that
 * fails is not asked again before its back-off ends, and never faster than its rate limit.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** States after which a guide is no longer checked. */
const FINISHED_STATES: ReadonlySet<TrackingState> = new Set(['delivered', 'cancelled', 'return_to_sender']);
/** States worth a notice to the owner (pending and unknown tell nothing new). */
const NOTIFIED_STATES: ReadonlySet<TrackingState> = new Set(TRACKING_STATES.filter((s) => s !== 'pending' && s !== 'unknown'));
/** A guide nobody moved in this long stops being checked. */
export const TRACKING_MAX_AGE_MS = 60 * DAY;
/** The first check after a guide is issued. */
export const FIRST_CHECK_AFTER_MS = HOUR;

/** How long until the next check in each state: more often near delivery. */
export function nextCheckDelayMs(state: TrackingState): number {
  switch (state) {
    case 'out_for_delivery':
      return 30 * MINUTE;
    case 'delivery_failed':
      return HOUR;
    case 'in_transit':
      return 2 * HOUR;
    default:
      return 4 * HOUR;
  }
}

/** Back-off after `failures` consecutive failed checks: 10 min, 30 min, 2 h, 6 h, then 12 h. */
export function failureBackoffMs(failures: number): number {
  const steps = [10 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR];
  return steps[Math.max(0, failures - 1)] ?? 12 * HOUR;
}

export function carrierForRoute(route: TrackingRoute): CarrierCode {
  return route === 'dhlApi' ? 'dhl' : route;
}

// ---------------------------------------------------------------- per-carrier rate limit

/**
 * At most `perSecond` requests to each carrier from this process, spaced evenly. `acquire`
 * waits for the carrier's next slot, or answers false at once when that slot is further than
 * `maxWaitMs` away (the caller then does without the carrier).
 */
export interface CarrierLimiter {
  acquire(carrierCode: CarrierCode, maxWaitMs?: number): Promise<boolean>;
}

export function createCarrierLimiter(perSecond: number): CarrierLimiter {
  const interval = 1000 / perSecond;
  const nextFree = new Map<CarrierCode, number>();
  return {
    async acquire(carrierCode, maxWaitMs = Number.POSITIVE_INFINITY) {
      const now = performance.now();
      const slot = Math.max(now, nextFree.get(carrierCode) ?? 0);
      if (slot - now > maxWaitMs) return false;
      nextFree.set(carrierCode, slot + interval);
      if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
      return true;
    },
  };
}

// ---------------------------------------------------------------- starting to track

export interface StartTrackingInput {
  shipmentId: string;
  guideNumber: string;
  carrierCode: CarrierCode;
  serviceName: string | null;
  /** Simulated guide (sandbox issuer or demo inventory): its events come from the sandbox. */
  sandbox: boolean;
  issuedAt: Date;
  /** The shipment's cities ("Estado, Ciudad" is cut to the city) and package count, when known. */
  shipperCity?: string | null;
  consigneeCity?: string | null;
  pieces?: number | null;
}

/**
 * Starts tracking an issued guide (called where the guide is recorded, in its transaction):
 * the first check comes an hour after issue. A shipment already tracked keeps its row.
 */
export async function startTracking(tx: Executor, input: StartTrackingInput): Promise<boolean> {
  const route = routeForService(input.carrierCode, input.serviceName);
  return repo.insertState(tx, {
    shipmentId: input.shipmentId,
    guideNumber: input.guideNumber,
    carrierCode: input.carrierCode,
    route,
    state: 'pending',
    headline: headlineFor(route, []),
    sandbox: input.sandbox,
    issuedAt: input.issuedAt,
    nextCheckAt: new Date(input.issuedAt.getTime() + FIRST_CHECK_AFTER_MS),
    shipperCity: input.shipperCity ? cityOnly(input.shipperCity) : null,
    consigneeCity: input.consigneeCity ? cityOnly(input.consigneeCity) : null,
    pieces: input.pieces ?? null,
    updatedAt: input.issuedAt,
  });
}

/** `sandboxByDefault`: a guide without a guide record is simulated when its carrier has no API. */
function fromShipment(s: ShipmentToTrack, sandboxByDefault: boolean): StartTrackingInput {
  return {
    shipmentId: s.shipmentId,
    guideNumber: s.guideNumber,
    carrierCode: s.carrierCode,
    serviceName: s.serviceName,
    sandbox: s.sandbox ?? sandboxByDefault,
    issuedAt: s.issuedAt,
    shipperCity: s.originCity,
    consigneeCity: s.destinationCity,
    pieces: s.pieces,
  };
}

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

interface CacheEntry {
  result: TrackingResult;
  expiresAt: number;
}
const CACHE_MAX = 10_000;

class CarrierTimeoutError extends Error {
  constructor(ms: number) {
    super(`la paquetería no respondió en ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** Calls the adapter with a hard time limit, even if it ignores its signal. */
async function trackWithin(adapter: TrackingAdapter, request: Parameters<TrackingAdapter['track']>[0], timeoutMs: number): Promise<CarrierTracking | null> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new CarrierTimeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([adapter.track(request, controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function fingerprint(e: { occurredAt: Date; code: string; location: string; piece: string | null }): string {
  return createHash('sha256').update(`${e.occurredAt.toISOString()}|${e.code}|${e.location}|${e.piece ?? ''}`).digest('base64url').slice(0, 32);
}

export function createTracking(deps: TrackingDeps): Tracking {
  const inlineTimeoutMs = deps.inlineTimeoutMs ?? 2_500;
  const freshForMs = deps.freshForMs ?? 10 * MINUTE;
  const cacheTtlMs = deps.cacheTtlMs ?? 15_000;
  const cache = new Map<string, CacheEntry>();
  const inFlight = new Map<string, Promise<CheckOutcome>>();
  const builds = new Map<string, Promise<TrackingResult>>();

  const sandboxByDefault = (code: CarrierCode) => deps.adapters[code]?.sandbox ?? true;
  const cacheKey = (guide: string, route: TrackingRoute | undefined) => `${route ?? '*'}|${guide}`;
  function invalidate(guide: string): void {
    cache.delete(cacheKey(guide, undefined));
    for (const r of TRACKING_ROUTES) cache.delete(cacheKey(guide, r));
  }
  function remember(key: string, result: TrackingResult, ttlMs: number): void {
    if (ttlMs <= 0) return;
    if (cache.size >= CACHE_MAX) {
      // Oldest insertions first (Map order): drop a tenth.
      let n = CACHE_MAX / 10;
      for (const k of cache.keys()) {
        cache.delete(k);
        if (--n <= 0) break;
      }
    }
    cache.set(key, { result, expiresAt: performance.now() + ttlMs });
  }

  async function notifyOwner(tx: Executor, row: repo.TrackingStateRow, state: TrackingState, detail: string): Promise<void> {
    const owner = await findTrackingRecipient(tx, row.shipmentId);
    if (!owner) return;
    const trackUrl = `${deps.appUrl.replace(/\/+$/, '')}/rastreo/${encodeURIComponent(row.guideNumber)}`;
    const carrier = CARRIER_NAMES[row.carrierCode];
    const stateLabel = trackingStateLabels[state];
    const key = `tracking:${row.shipmentId}:${state}`;
    await deps.notifier.sendEmail(
      {
        key,
        to: owner.email,
        mail: trackingUpdateMail({
          firstName: owner.firstName,
          numberOfOrder: owner.numberOfOrder,
          guideNumber: row.guideNumber,
          carrier,
          stateLabel,
          detail,
          destinationCity: cityOnly(owner.destinationCity),
          trackUrl,
          sandbox: row.sandbox,
        }),
      },
      tx,
    );
    if (deps.whatsapp && owner.phone) {
      await deps.notifier.sendWhatsApp(
        { key: `${key}:whatsapp`, to: owner.phone, text: trackingUpdateWhatsApp({ firstName: owner.firstName, guideNumber: row.guideNumber, carrier, stateLabel, trackUrl }) },
        tx,
      );
    }
  }

  /** Records one check's outcome in one transaction: events once, state, headline, next check, notice. */
  async function record(shipmentId: string, outcome: { kind: 'found'; tracking: CarrierTracking } | { kind: 'not_found' } | { kind: 'failed'; error: string }): Promise<boolean> {
    const now = deps.clock.now();
    let notified = false;
    const guide = await deps.db.transaction(async (tx) => {
      const row = await repo.lockState(tx, shipmentId);
      if (!row || row.finished) return undefined;
      if (outcome.kind === 'failed') {
        const failures = row.failures + 1;
        await repo.updateState(tx, shipmentId, {
          failures,
          lastError: outcome.error.slice(0, 500),
          nextCheckAt: new Date(now.getTime() + failureBackoffMs(failures)),
          updatedAt: now,
        });
        return row.guideNumber;
      }
      const tracking = outcome.kind === 'found' ? outcome.tracking : undefined;
      if (tracking) {
        await repo.insertEvents(
          tx,
          tracking.events.map((e) => ({
            shipmentId,
            occurredAt: e.occurredAt,
            state: e.state,
            code: e.code.slice(0, 100),
            description: e.description.slice(0, 500),
            location: e.location.slice(0, 200),
            piece: e.piece,
            fingerprint: fingerprint(e),
          })),
        );
      }
      const events = await repo.findEventsOldestFirst(tx, shipmentId);
      const last = events.at(-1);
      const state: TrackingState = last?.state ?? row.state;
      const headline = headlineFor(
        row.route,
        events.map((e) => ({ status: e.description, state: e.state, code: e.code })),
        { notFound: outcome.kind === 'not_found' && events.length === 0 },
      );
      const tooOld = now.getTime() - (last?.occurredAt ?? row.issuedAt).getTime() > TRACKING_MAX_AGE_MS;
      const finished = FINISHED_STATES.has(state) || tooOld;
      await repo.updateState(tx, shipmentId, {
        state,
        headline,
        lastEventAt: last?.occurredAt ?? null,
        checkedAt: now,
        failures: 0,
        lastError: null,
        finished,
        nextCheckAt: finished ? null : new Date(now.getTime() + nextCheckDelayMs(state)),
        shipperCity: row.shipperCity ?? tracking?.shipperCity ?? null,
        consigneeCity: row.consigneeCity ?? tracking?.consigneeCity ?? null,
        pieces: row.pieces ?? tracking?.pieces ?? null,
        publicUrl: tracking?.publicUrl ?? row.publicUrl,
        updatedAt: now,
      });
      await setShipmentTrackingStatus(tx, shipmentId, headline, now);
      if (state !== row.state && NOTIFIED_STATES.has(state)) {
        await notifyOwner(tx, row, state, last?.description ?? headline);
        notified = true;
      }
      return row.guideNumber;
    });
    if (guide) invalidate(guide);
    if (notified) deps.wake?.();
    return notified;
  }

  async function check(row: CheckRow, timeoutMs: number): Promise<CheckOutcome> {
    const adapter = deps.adapters[row.carrierCode];
    if (!adapter) return 'skipped';
    const started = performance.now();
    if (!(await deps.limiter.acquire(row.carrierCode, timeoutMs / 2))) return 'skipped';
    const left = Math.max(1, timeoutMs - (performance.now() - started));
    let tracking: CarrierTracking | null;
    try {
      tracking = await trackWithin(
        adapter,
        {
          guideNumber: row.guideNumber,
          issuedAt: row.issuedAt,
          now: deps.clock.now(),
          serviceName: row.serviceName ?? null,
          sandbox: row.sandbox,
          originCity: row.shipperCity,
          destinationCity: row.consigneeCity,
        },
        left,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.log?.warn({ shipmentId: row.shipmentId, carrier: row.carrierCode, err: message }, 'la paquetería no respondió el rastreo');
      await record(row.shipmentId, { kind: 'failed', error: message });
      return 'failed';
    }
    if (!tracking) {
      await record(row.shipmentId, { kind: 'not_found' });
      return 'not_found';
    }
    await record(row.shipmentId, { kind: 'found', tracking });
    return 'updated';
  }

  /** One carrier call per guide at a time in this process; concurrent lookups share it. */
  function checkOnce(row: CheckRow, timeoutMs: number): Promise<CheckOutcome> {
    const running = inFlight.get(row.shipmentId);
    if (running) return running;
    const p = check(row, timeoutMs).finally(() => inFlight.delete(row.shipmentId));
    inFlight.set(row.shipmentId, p);
    return p;
  }

  function needsRefresh(row: repo.TrackingStateRow, now: Date): boolean {
    if (row.finished) return false;
    // Within a back-off, the carrier is not asked again (the job tries when it ends).
    if (row.failures > 0 && row.nextCheckAt && row.nextCheckAt > now) return false;
    const seen = row.checkedAt ?? row.issuedAt;
    return now.getTime() - seen.getTime() >= freshForMs;
  }

  async function build(row: repo.TrackingLookupRow, route: TrackingRoute | undefined, stale: boolean): Promise<TrackingResult> {
    const events = await repo.findEvents(deps.db, row.shipmentId);
    const answerRoute = route ?? row.route;
    const headline =
      answerRoute === row.route
        ? row.headline
        : headlineFor(
            answerRoute,
            [...events].reverse().map((e) => ({ status: e.description, state: e.state, code: e.code })),
            { notFound: events.length === 0 && row.checkedAt !== null },
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
      const shipment = await findShipmentToTrackByGuide(deps.db, guide);
      if (!shipment) return undefined;
      await startTracking(deps.db, fromShipment(shipment, sandboxByDefault(shipment.carrierCode)));
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

  return {
    invalidate,
    check: checkOnce,
    lookup(guide, route, clientKey) {
      const key = cacheKey(guide, route);
      const hit = cache.get(key);
      if (hit && hit.expiresAt > performance.now()) return Promise.resolve(hit.result);
      if (hit) cache.delete(key);
      // Concurrent lookups of one guide share one build (only the first counts against its caller's limit).
      const building = builds.get(key);
      if (building) return building;
      const p = buildAnswer(guide, route, clientKey, key).finally(() => builds.delete(key));
      builds.set(key, p);
      return p;
    },
    async backfill(batch = 500) {
      let total = 0;
      for (;;) {
        const missing = await findShipmentsWithoutTracking(deps.db, batch);
        let added = 0;
        for (const s of missing) if (await startTracking(deps.db, fromShipment(s, sandboxByDefault(s.carrierCode)))) added += 1;
        total += added;
        // A full batch where nothing could be added (a number another shipment already tracks): stop.
        if (missing.length < batch || added === 0) return total;
      }
    },
  };
}
