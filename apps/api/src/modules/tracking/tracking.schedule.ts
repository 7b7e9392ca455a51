import type { CarrierCode } from '@envios/contracts/carriers';
import { TRACKING_STATES, type TrackingRoute, type TrackingState } from '@envios/contracts/tracking';

/* When a tracked guide is checked again, and when it stops being checked. */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** States after which a guide is no longer checked. */
export const FINISHED_STATES: ReadonlySet<TrackingState> = new Set(['delivered', 'cancelled', 'return_to_sender']);
/** States worth a notice to the owner (pending and unknown tell nothing new). */
export const NOTIFIED_STATES: ReadonlySet<TrackingState> = new Set(TRACKING_STATES.filter((s) => s !== 'pending' && s !== 'unknown'));
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
