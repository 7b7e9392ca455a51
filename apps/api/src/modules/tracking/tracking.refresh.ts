import { createHash } from 'node:crypto';
import { cityOnly } from '@envios/contracts/addresses';
import { CARRIER_NAMES, type CarrierCode } from '@envios/contracts/carriers';
import type { TrackingState } from '@envios/contracts/tracking';
import { headlineFor } from '@envios/contracts/tracking-rules';
import type { Executor } from '../../db/client.js';
import type { CarrierTracking, TrackingAdapter } from '../carriers/adapters/tracking-adapter.js';
import { trackingUpdateMail, trackingUpdateWhatsApp } from '../notifications/notifications.usecases.js';
import { setShipmentTrackingStatus } from '../shipments/shipments.usecases.js';
import * as repo from './tracking.repository.js';
import { failureBackoffMs, FINISHED_STATES, nextCheckDelayMs, NOTIFIED_STATES, TRACKING_MAX_AGE_MS } from './tracking.schedule.js';
import type { CarrierLimiter, CheckOutcome, CheckRow, TrackingDeps } from './tracking.deps.js';

/*
 * Checking a tracked guide with its carrier's adapter: within the carrier's rate limit and a hard
 * time limit, recording the events once, the back-off after a failure, and the owner's notices.
 */

// ---------------------------------------------------------------- per-carrier rate limit

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
  return createHash('sha256')
    .update(`${e.occurredAt.toISOString()}|${e.code}|${e.location}|${e.piece ?? ''}`)
    .digest('base64url')
    .slice(0, 32);
}

export interface Refresher {
  /** One carrier call per guide at a time in this process; concurrent lookups share it. */
  checkOnce: (row: CheckRow, timeoutMs: number) => Promise<CheckOutcome>;
  /** Whether a stored answer is old enough to ask the carrier again. */
  needsRefresh: (row: repo.TrackingStateRow, now: Date) => boolean;
}

/** `invalidate` forgets the built answers of a guide whose check recorded something. */
export function createRefresher(deps: TrackingDeps, options: { freshForMs: number; invalidate: (guide: string) => void }): Refresher {
  const { freshForMs, invalidate } = options;
  const inFlight = new Map<string, Promise<CheckOutcome>>();

  /** `headline` is the guide's one headline, the same text the modal, the page and the list show. */
  async function notifyOwner(
    tx: Executor,
    row: repo.TrackingStateRow,
    state: TrackingState,
    headline: string,
    detail: string,
  ): Promise<repo.TrackingRecipient | undefined> {
    const owner = await repo.findTrackingRecipient(tx, row.shipmentId);
    if (!owner) return undefined;
    const trackUrl = `${deps.appUrl.replace(/\/+$/, '')}/rastreo/${encodeURIComponent(row.guideNumber)}`;
    const carrier = CARRIER_NAMES[row.carrierCode];
    const stateLabel = headline;
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
        {
          key: `${key}:whatsapp`,
          to: owner.phone,
          text: trackingUpdateWhatsApp({ firstName: owner.firstName, guideNumber: row.guideNumber, carrier, stateLabel, trackUrl }),
        },
        tx,
      );
    }
    return owner;
  }

  /** Records one check's outcome in one transaction: events once, state, headline, next check, notice. */
  async function record(
    shipmentId: string,
    outcome: { kind: 'found'; tracking: CarrierTracking } | { kind: 'not_found' } | { kind: 'failed'; error: string },
  ): Promise<boolean> {
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
      // Without a carrier event (not found yet, or nothing reported) the guide stays 'Guía creada'.
      const headline = headlineFor(
        row.route,
        events.map((e) => ({ status: e.description, state: e.state, code: e.code })),
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
      // The lists show a status only once the carrier reported something ('Guía creada' before).
      await setShipmentTrackingStatus(tx, shipmentId, last ? headline : null, now);
      if (state !== row.state && NOTIFIED_STATES.has(state)) {
        const owner = await notifyOwner(tx, row, state, headline, last?.description ?? headline);
        await deps.events?.publish(tx, {
          type: 'tracking.updated',
          userId: owner?.userId ?? null,
          subjectId: shipmentId,
          data: {
            shipment_id: shipmentId,
            guide_number: row.guideNumber,
            carrier: row.carrierCode,
            state,
            headline,
            last_event: last ? { description: last.description, location: last.location, occurred_at: last.occurredAt.toISOString() } : null,
          },
        });
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

  return { checkOnce, needsRefresh };
}
