import { CARRIER_CODES, type CarrierCode } from '@envios/contracts/carriers';
import type { Config } from '../../../config/env.js';
import { carrierApisFromConfig } from '../carrier-apis.js';
import { createDhlExpressClient } from './dhl-express.js';
import { createDhlExpressGuideIssuer } from './dhl-express-shipping.js';
import { createFedexClient } from './fedex.js';
import { createFedexGuideIssuer } from './fedex-shipping.js';
import type { GuideIssuer } from './guide-issuer.js';
import { createSandboxGuideIssuer } from './sandbox-guide-issuer.js';

/**
 * The guide issuer of every carrier: the sandbox issuer unless the carrier's API credentials are
 * configured (DHL_* / FEDEX_*, the same ones rating uses), then the real client.
 */
export function guideIssuersFromConfig(
  config: Pick<Config, 'DHL_API_URL' | 'DHL_API_KEY' | 'DHL_API_SECRET' | 'DHL_ACCOUNT_NUMBER' | 'FEDEX_API_URL' | 'FEDEX_CLIENT_ID' | 'FEDEX_CLIENT_SECRET' | 'FEDEX_ACCOUNT_NUMBER'>,
  opts: { fetch?: typeof fetch; now?: () => Date } = {},
): Record<CarrierCode, GuideIssuer> {
  const apis = carrierApisFromConfig(config);
  const issuers = Object.fromEntries(CARRIER_CODES.map((code) => [code, createSandboxGuideIssuer(code)])) as Record<CarrierCode, GuideIssuer>;
  const withFetch = opts.fetch ? { fetch: opts.fetch } : {};
  if (apis.dhl) issuers.dhl = createDhlExpressGuideIssuer(createDhlExpressClient({ ...apis.dhl, ...withFetch }), opts.now ? { now: opts.now } : {});
  if (apis.fedex) issuers.fedex = createFedexGuideIssuer(createFedexClient({ ...apis.fedex, ...withFetch }));
  return issuers;
}
