import type { CarrierCode } from '@envios/contracts/carriers';
import type { TrackingState } from '@envios/contracts/tracking';
import type { CarrierEvent, CarrierTracking, TrackingAdapter, TrackRequest } from '../adapters/tracking-adapter.js';
import { carrierProvider } from '../carrier-list.js';
import type { SandboxStep } from '../carrier-provider.js';

/**
 * The sandbox tracker: no carrier is asked; a guide's events are simulated from the
 * moment it was issued on a fixed schedule — picked up, in transit, out for delivery, delivered —
 * in each carrier's own words (its folder's `sandbox.trackingTexts`), so the spec's headline rules
 * (tracking-rules) give each carrier's texts. The schedule is deterministic per guide: the same guide at the same moment always
 * answers the same events.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface SandboxTrackingSteps {
  /** From the issue to the pick-up. */
  pickupAfterMs: number;
  /** From the pick-up to the first transit scan. */
  transitAfterMs: number;
  /** Days in transit before the delivery round; by default 1 to 3, fixed per guide. */
  transitDays?: number;
  /** From out for delivery to delivered. */
  deliveredAfterMs: number;
  /** Up to this much is added to each step, fixed per guide (0 for exact times). */
  jitterMs: number;
}

export const DEFAULT_SANDBOX_STEPS: SandboxTrackingSteps = {
  pickupAfterMs: 2 * HOUR,
  transitAfterMs: 6 * HOUR,
  deliveredAfterMs: 4 * HOUR,
  jitterMs: 45 * 60_000,
};

const STEPS: readonly SandboxStep[] = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'];

/** FNV-1a of the guide number: the per-guide choices of the schedule. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Every event the guide will have, oldest first, whether it happened yet or not. */
export function sandboxTrackingEvents(
  carrierCode: CarrierCode,
  request: Pick<TrackRequest, 'guideNumber' | 'issuedAt' | 'originCity' | 'destinationCity'>,
  steps: Partial<SandboxTrackingSteps> = {},
): CarrierEvent[] {
  const s = { ...DEFAULT_SANDBOX_STEPS, ...steps };
  const hash = hashOf(request.guideNumber);
  const transitDays = s.transitDays ?? 1 + (hash % 3);
  const jitter = (i: number) => (s.jitterMs > 0 ? hashOf(`${request.guideNumber}:${i}`) % (s.jitterMs + 1) : 0);
  const texts = carrierProvider(carrierCode).sandbox.trackingTexts;
  const gaps = [s.pickupAfterMs, s.transitAfterMs, transitDays * DAY, s.deliveredAfterMs];
  let at = request.issuedAt.getTime();
  return STEPS.map((step, i) => {
    at += gaps[i]! + jitter(i);
    const text = texts[step];
    const city = (text.at === 'o' ? request.originCity : request.destinationCity) ?? '';
    return { occurredAt: new Date(at), state: step satisfies TrackingState, code: text.code, description: text.text, location: city, piece: null };
  });
}

export function createSandboxTrackingAdapter(carrierCode: CarrierCode, steps: Partial<SandboxTrackingSteps> = {}): TrackingAdapter {
  return {
    carrierCode,
    sandbox: true,
    track(request: TrackRequest, signal: AbortSignal): Promise<CarrierTracking | null> {
      if (signal.aborted) return Promise.reject(signal.reason as Error);
      const now = request.now.getTime();
      const events = sandboxTrackingEvents(carrierCode, request, steps).filter((e) => e.occurredAt.getTime() <= now);
      return Promise.resolve({
        events,
        shipperCity: request.originCity ?? null,
        consigneeCity: request.destinationCity ?? null,
        pieces: null,
        publicUrl: null,
      });
    },
  };
}
