import type { CarrierCode } from '@envios/contracts/carriers';
import type { CarrierApis } from '../carriers/carriers.usecases.js';
import type { GuideIssuer } from '../carriers/adapters/guide-issuer.js';
import type { TrackingAdapter } from '../carriers/adapters/tracking-adapter.js';
import { carrierFetch, timedCarrierCall, type Metrics } from './metrics.usecases.js';

/**
 * Carrier calls counted by carrier, operation, source and outcome, with their latency: rating
 * through the live APIs' HTTP clients (tariff quotes are answered from memory and are no call),
 * guide issuing and tracking through their adapters, sandbox ones labelled as such.
 */
export function instrumentCarrierApis(apis: CarrierApis, metrics: Metrics): CarrierApis {
  const out: CarrierApis = {};
  for (const [code, api] of Object.entries(apis) as [CarrierCode, CarrierApis[CarrierCode]][]) {
    out[code] = api ? { ...api, fetch: api.fetch ?? carrierFetch(metrics, code, 'rate') } : undefined;
  }
  return out;
}

export function instrumentGuideIssuers<T extends Partial<Record<CarrierCode, GuideIssuer>>>(issuers: T, metrics: Metrics): T {
  const out: Partial<Record<CarrierCode, GuideIssuer>> = {};
  for (const [code, issuer] of Object.entries(issuers) as [CarrierCode, GuideIssuer | undefined][]) {
    if (!issuer) continue;
    out[code] = {
      carrierCode: issuer.carrierCode,
      sandbox: issuer.sandbox,
      issue: (request, signal) =>
        timedCarrierCall(
          metrics,
          { carrier: code, operation: 'issue', source: issuer.sandbox ? 'sandbox' : 'api' },
          () => issuer.issue(request, signal),
          signal,
        ),
    };
  }
  return out as T;
}

export function instrumentTrackingAdapters<T extends Partial<Record<CarrierCode, TrackingAdapter>>>(adapters: T, metrics: Metrics): T {
  const out: Partial<Record<CarrierCode, TrackingAdapter>> = {};
  for (const [code, adapter] of Object.entries(adapters) as [CarrierCode, TrackingAdapter | undefined][]) {
    if (!adapter) continue;
    out[code] = {
      carrierCode: adapter.carrierCode,
      sandbox: adapter.sandbox,
      track: (request, signal) =>
        timedCarrierCall(
          metrics,
          { carrier: code, operation: 'track', source: request.sandbox === true || adapter.sandbox ? 'sandbox' : 'api' },
          () => adapter.track(request, signal),
          signal,
        ),
    };
  }
  return out as T;
}
