import { describe, expect, it } from 'vitest';
import { createPublicPageTrackingAdapter } from '../adapters/public-page-tracking.js';
import { headlineOf, trackRequest } from '../adapters/tracking-adapter.testing.js';
import { redpack, redpackPublicUrl } from './redpack.carrier.js';

describe('Redpack', () => {
  it('answers its public tracking page and no events', async () => {
    const t = await createPublicPageTrackingAdapter('redpack', redpack.publicTrackingUrl).track(trackRequest('123 456'), AbortSignal.timeout(1000));
    expect(t).toEqual({
      events: [],
      shipperCity: null,
      consigneeCity: null,
      pieces: null,
      publicUrl: 'https://www.redpack.com.mx/es/rastreo/?guias=123%20456',
    });
    expect(redpackPublicUrl('123456789')).toBe('https://www.redpack.com.mx/es/rastreo/?guias=123456789');
    expect(headlineOf('redpack', t)).toBe('Guía creada');
  });
});
