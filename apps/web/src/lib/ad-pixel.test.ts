import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const pixelScripts = () => [...document.querySelectorAll('script')].filter((s) => s.src.includes('connect.facebook.net'));

describe('the ad pixel behind consent', () => {
  beforeEach(() => {
    vi.resetModules();
    window.localStorage.clear();
    document.head.innerHTML = '';
    delete window.fbq;
  });
  afterEach(() => window.localStorage.clear());

  it('requests nothing from Meta before consent, then loads and sends the waiting event after it', async () => {
    const pixel = await import('./ad-pixel');
    pixel.configureAdPixel('123456');
    pixel.trackAdEvent('ViewContent', { content_name: 'Preguntas frecuentes' });
    expect(pixelScripts()).toHaveLength(0);
    expect(window.fbq).toBeUndefined();

    pixel.setMarketingConsent(true);
    expect(pixelScripts()).toHaveLength(1);
    expect(window.fbq!.queue).toEqual([
      ['init', '123456'],
      ['track', 'PageView'],
      ['track', 'ViewContent', { content_name: 'Preguntas frecuentes' }],
    ]);
  });

  it('drops the events and never loads anything when the visitor refuses', async () => {
    const pixel = await import('./ad-pixel');
    pixel.configureAdPixel('123456');
    pixel.trackAdEvent('InitiateCheckout');
    pixel.setMarketingConsent(false);
    pixel.trackAdEvent('ViewContent');
    expect(pixelScripts()).toHaveLength(0);
    expect(window.localStorage.getItem('envios_consentimiento_marketing')).toBe('denied');
  });

  it('does nothing at all when no pixel is configured, even with consent', async () => {
    const pixel = await import('./ad-pixel');
    window.localStorage.setItem('envios_consentimiento_marketing', 'granted');
    pixel.configureAdPixel(null);
    pixel.trackAdEvent('ViewContent');
    expect(pixelScripts()).toHaveLength(0);
  });

  it('remembers an earlier consent: the event goes out as soon as the pixel is known', async () => {
    window.localStorage.setItem('envios_consentimiento_marketing', 'granted');
    const pixel = await import('./ad-pixel');
    pixel.trackAdEvent('InitiateCheckout', { value: 500, currency: 'MXN' });
    expect(pixelScripts()).toHaveLength(0);
    pixel.configureAdPixel('999');
    expect(pixelScripts()).toHaveLength(1);
    expect(window.fbq!.queue).toContainEqual(['track', 'InitiateCheckout', { value: 500, currency: 'MXN' }]);
  });
});
