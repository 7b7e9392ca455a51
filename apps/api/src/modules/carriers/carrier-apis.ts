import type { Config } from '../../config/env.js';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { CarrierAdapter } from './adapters/carrier-adapter.js';
import { createDhlExpressAdapter, createDhlExpressClient } from './adapters/dhl-express.js';
import { createFedexAdapter, createFedexClient } from './adapters/fedex.js';
import type { CarriersDeps } from './carriers.deps.js';

/** The live rating APIs whose credentials are configured (config/env.ts checks they come complete). */
export function carrierApisFromConfig(config: Pick<
  Config,
  'DHL_API_URL' | 'DHL_API_KEY' | 'DHL_API_SECRET' | 'DHL_ACCOUNT_NUMBER' | 'FEDEX_API_URL' | 'FEDEX_CLIENT_ID' | 'FEDEX_CLIENT_SECRET' | 'FEDEX_ACCOUNT_NUMBER'
>): NonNullable<CarriersDeps['apis']> {
  return {
    dhl:
      config.DHL_API_KEY && config.DHL_API_SECRET && config.DHL_ACCOUNT_NUMBER
        ? { baseUrl: config.DHL_API_URL, apiKey: config.DHL_API_KEY, apiSecret: config.DHL_API_SECRET, accountNumber: config.DHL_ACCOUNT_NUMBER }
        : undefined,
    fedex:
      config.FEDEX_CLIENT_ID && config.FEDEX_CLIENT_SECRET && config.FEDEX_ACCOUNT_NUMBER
        ? { baseUrl: config.FEDEX_API_URL, clientId: config.FEDEX_CLIENT_ID, clientSecret: config.FEDEX_CLIENT_SECRET, accountNumber: config.FEDEX_ACCOUNT_NUMBER }
        : undefined,
  };
}

/** The rating adapters of the carriers whose API is configured. */
export function createApiAdapters(apis: CarriersDeps['apis']): Map<CarrierCode, CarrierAdapter> {
  const apiAdapters = new Map<CarrierCode, CarrierAdapter>();
  if (apis?.dhl) apiAdapters.set('dhl', createDhlExpressAdapter(createDhlExpressClient(apis.dhl)));
  if (apis?.fedex) apiAdapters.set('fedex', createFedexAdapter(createFedexClient(apis.fedex)));
  return apiAdapters;
}
