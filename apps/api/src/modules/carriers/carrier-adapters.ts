import type { CarrierCode } from '@envios/contracts/carriers';
import type { CarrierAdapter } from './adapters/carrier-adapter.js';
import type { GuideIssuer } from './adapters/guide-issuer.js';
import { createPublicPageTrackingAdapter } from './adapters/public-page-tracking.js';
import type { TrackingAdapter } from './adapters/tracking-adapter.js';
import { CARRIER_PROVIDERS } from './carrier-list.js';
import type { CarrierApiConfig, CarrierEnv, CarrierProvider } from './carrier-provider.js';
import { createSandboxGuideIssuer } from './sandbox/sandbox-guide-issuer.js';
import { createSandboxTrackingAdapter, type SandboxTrackingSteps } from './sandbox/sandbox-tracking.js';

/*
 * What quoting, the guides job and tracking get from the carrier list: each carrier's live API
 * when its credentials are configured (config/env.ts checks they come complete), the sandbox or
 * our tariffs otherwise. Nothing here names a carrier.
 */

/** The configured credentials of every carrier with an API; undefined where they are not set. */
export type CarrierApis = Partial<Record<CarrierCode, CarrierApiConfig | undefined>>;

/** The live APIs whose credentials are configured, by carrier (`{ dhl: undefined, fedex: … }`). */
export function carrierApisFromConfig(config: CarrierEnv): CarrierApis {
  return Object.fromEntries(CARRIER_PROVIDERS.flatMap((p) => (p.api ? [[p.code, p.api.fromConfig(config)]] : [])));
}

/** The rating adapters of the carriers whose API is configured (the tariff engine prices the rest). */
export function createApiAdapters(apis: CarrierApis | undefined): Map<CarrierCode, CarrierAdapter> {
  const apiAdapters = new Map<CarrierCode, CarrierAdapter>();
  for (const p of CARRIER_PROVIDERS) {
    const config = apis?.[p.code];
    if (config && p.api?.rates) apiAdapters.set(p.code, p.api.rates(config));
  }
  return apiAdapters;
}

/** A carrier's configured credentials, with the fetch the caller hands in (tests). */
function liveConfig(config: CarrierEnv, provider: CarrierProvider, fetch: typeof globalThis.fetch | undefined): CarrierApiConfig | undefined {
  const api = provider.api?.fromConfig(config);
  return api && (fetch ? { ...api, fetch } : api);
}

/**
 * The guide issuer of every carrier: the sandbox issuer unless the carrier creates guides through
 * its API and its credentials are configured (the same ones rating uses), then the real client.
 */
export function guideIssuersFromConfig(config: CarrierEnv, opts: { fetch?: typeof fetch; now?: () => Date } = {}): Record<CarrierCode, GuideIssuer> {
  return Object.fromEntries(
    CARRIER_PROVIDERS.map((p) => {
      const api = liveConfig(config, p, opts.fetch);
      const issuer = api && p.api?.guides ? p.api.guides(api, opts.now ? { now: opts.now } : {}) : createSandboxGuideIssuer(p.code);
      return [p.code, issuer];
    }),
  ) as Record<CarrierCode, GuideIssuer>;
}

/**
 * The tracking adapter of every carrier. Each one answers a sandbox guide
 * (`TrackRequest.sandbox`) with simulated events, always: a sandbox number means nothing to the
 * carrier. A real guide goes to the carrier's API when one is configured (the same credentials
 * rating and guide issuing use); without one it answers no events (never invented ones) and the
 * carrier's public tracking page where there is one (Estafeta, Redpack). When the request does
 * not say whether the guide is a sandbox one, a carrier without a configured API simulates it.
 * `adapter.sandbox` is true when the carrier has no configured API.
 */
export function trackingAdaptersFromConfig(
  config: CarrierEnv,
  opts: { fetch?: typeof fetch; sandboxSteps?: Partial<SandboxTrackingSteps> } = {},
): Record<CarrierCode, TrackingAdapter> {
  return Object.fromEntries(
    CARRIER_PROVIDERS.map((p) => {
      const sandbox = createSandboxTrackingAdapter(p.code, opts.sandboxSteps);
      const liveApi = liveConfig(config, p, opts.fetch);
      const api = liveApi && p.api?.tracking ? p.api.tracking(liveApi) : undefined;
      const realWithoutApi = createPublicPageTrackingAdapter(p.code, p.publicTrackingUrl?.bind(p));
      const adapter: TrackingAdapter = {
        carrierCode: p.code,
        sandbox: !api,
        track(request, signal) {
          if (request.sandbox === true) return sandbox.track(request, signal);
          if (api) return api.track(request, signal);
          return request.sandbox === false ? realWithoutApi.track(request, signal) : sandbox.track(request, signal);
        },
      };
      return [p.code, adapter];
    }),
  ) as Record<CarrierCode, TrackingAdapter>;
}
