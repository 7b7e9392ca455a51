import { headlineFor } from '@envios/contracts/tracking-rules';
import type { CarrierTracking, TrackRequest } from './tracking-adapter.js';

/* What the trackers' tests share. */

export const HOUR = 3_600_000;
export const issuedAt = new Date('2026-01-15T16:00:00.000Z');

export function trackRequest(guideNumber: string, overrides: Partial<TrackRequest> = {}): TrackRequest {
  return { guideNumber, issuedAt, now: new Date('2026-01-20T00:00:00.000Z'), serviceName: null, ...overrides };
}

/** The error a promise rejects with (undefined when it resolves). */
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

/** The spec's headline a route shows for what the tracker answered. */
export const headlineOf = (route: Parameters<typeof headlineFor>[0], t: CarrierTracking | null) =>
  headlineFor(route, t?.events.map((e) => ({ status: e.description, state: e.state, code: e.code })) ?? []);
