import { describe, expect, it } from 'vitest';
import { createPublicPageTrackingAdapter } from '../adapters/public-page-tracking.js';
import { headlineOf, trackRequest as request } from '../adapters/tracking-adapter.testing.js';
import { estafeta, estafetaPublicUrl } from './estafeta.carrier.js';

describe('Estafeta', () => {
  it('answers its public tracking page and no events', async () => {
    const t = await createPublicPageTrackingAdapter('estafeta', estafeta.publicTrackingUrl).track(request('8055400260290708243581'), AbortSignal.timeout(5000));
    expect(t).toEqual({
      events: [],
      shipperCity: null,
      consigneeCity: null,
      pieces: null,
      publicUrl: 'https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=8055400260290708243581&wayBillType=0&isShipmentDetail=False',
    });
    expect(estafetaPublicUrl('5095432110')).toContain('wayBill=5095432110&wayBillType=1');
    expect(headlineOf('estafeta', t)).toBe('Guía creada');
  });
});
