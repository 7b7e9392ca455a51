import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../config/env.js';
import { carrierApisFromConfig } from './carriers.usecases.js';

describe('carrier API configuration', () => {
  it('without DHL_* or FEDEX_* every carrier is priced from tariffs', () => {
    const env = parseEnv({});
    expect(env.CARRIER_RATE_TIMEOUT_MS).toBe(4000);
    expect(env.TARIFFS_REFRESH_MS).toBe(5000);
    expect(carrierApisFromConfig(env)).toEqual({ dhl: undefined, fedex: undefined });
  });

  it('complete credentials turn a carrier’s live rating on', () => {
    const env = parseEnv({
      DHL_API_KEY: 'k',
      DHL_API_SECRET: 's',
      DHL_ACCOUNT_NUMBER: '123456789',
      FEDEX_CLIENT_ID: 'c',
      FEDEX_CLIENT_SECRET: 'x',
      FEDEX_ACCOUNT_NUMBER: '740561073',
    });
    expect(carrierApisFromConfig(env)).toEqual({
      dhl: { baseUrl: 'https://express.api.dhl.com/mydhlapi', apiKey: 'k', apiSecret: 's', accountNumber: '123456789' },
      fedex: { baseUrl: 'https://apis.fedex.com', clientId: 'c', clientSecret: 'x', accountNumber: '740561073' },
    });
  });

  it('stops the start, naming the variables, when credentials come incomplete or malformed', () => {
    expect(() => parseEnv({ DHL_API_KEY: 'k' })).toThrow(ConfigError);
    expect(() => parseEnv({ DHL_API_KEY: 'k' })).toThrow(/DHL_API_KEY, DHL_API_SECRET, DHL_ACCOUNT_NUMBER: se definen juntos o ninguno/);
    expect(() => parseEnv({ FEDEX_ACCOUNT_NUMBER: 'abc' })).toThrow(/FEDEX_ACCOUNT_NUMBER: debe tener solo dígitos/);
    expect(() => parseEnv({ CARRIER_RATE_TIMEOUT_MS: '10' })).toThrow(/CARRIER_RATE_TIMEOUT_MS/);
  });
});
