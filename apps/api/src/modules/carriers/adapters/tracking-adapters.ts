import { CARRIER_CODES, type CarrierCode } from '@envios/contracts/carriers';
import type { Config } from '../../../config/env.js';
import { carrierApisFromConfig } from '../carrier-apis.js';
import { createDhlExpressTrackingAdapter } from './dhl-express-tracking.js';
import { createPublicPageTrackingAdapter } from './estafeta-tracking.js';
import { createFedexClient } from './fedex.js';
import { createFedexTrackingAdapter } from './fedex-tracking.js';
import { createSandboxTrackingAdapter, type SandboxTrackingSteps } from './sandbox-tracking.js';
import type { TrackingAdapter } from './tracking-adapter.js';

/**
 * The tracking adapter of every carrier. Each one answers a sandbox guide
 * (`TrackRequest.sandbox`) with simulated events, always: a sandbox number means nothing to the
 * carrier. A real guide goes to the carrier's API when one is configured (DHL_* / FEDEX_*, the
 * same credentials rating and guide issuing use); without one it answers no events (never
 * invented ones) and the carrier's public tracking page where there is one (Estafeta, Redpack).
 * When the request does not say whether the guide is a sandbox one, a carrier without a
 * configured API simulates it.
 * `adapter.sandbox` is true when the carrier has no configured API.
 */
export function trackingAdaptersFromConfig(
  config: Pick<Config, 'DHL_API_URL' | 'DHL_API_KEY' | 'DHL_API_SECRET' | 'DHL_ACCOUNT_NUMBER' | 'FEDEX_API_URL' | 'FEDEX_CLIENT_ID' | 'FEDEX_CLIENT_SECRET' | 'FEDEX_ACCOUNT_NUMBER'>,
  opts: { fetch?: typeof fetch; sandboxSteps?: Partial<SandboxTrackingSteps> } = {},
): Record<CarrierCode, TrackingAdapter> {
  const apis = carrierApisFromConfig(config);
  const withFetch = opts.fetch ? { fetch: opts.fetch } : {};
  const live: Partial<Record<CarrierCode, TrackingAdapter>> = {};
  if (apis.dhl) live.dhl = createDhlExpressTrackingAdapter({ ...apis.dhl, ...withFetch });
  if (apis.fedex) live.fedex = createFedexTrackingAdapter(createFedexClient({ ...apis.fedex, ...withFetch }));
  return Object.fromEntries(
    CARRIER_CODES.map((code) => {
      const sandbox = createSandboxTrackingAdapter(code, opts.sandboxSteps);
      const api = live[code];
      const realWithoutApi = createPublicPageTrackingAdapter(code);
      const adapter: TrackingAdapter = {
        carrierCode: code,
        sandbox: !api,
        track(request, signal) {
          if (request.sandbox === true) return sandbox.track(request, signal);
          if (api) return api.track(request, signal);
          return request.sandbox === false ? realWithoutApi.track(request, signal) : sandbox.track(request, signal);
        },
      };
      return [code, adapter];
    }),
  ) as Record<CarrierCode, TrackingAdapter>;
}
