import { describe, expect, it } from 'vitest';
import { telHref, whatsappDisplay, whatsappHref } from './contact-links';

describe('contact links', () => {
  it('dials a ten-digit Mexican number with +52', () => {
    expect(telHref('33 1234 5678')).toBe('tel:+523312345678');
    expect(telHref('+1 (555) 010-9999')).toBe('tel:+15550109999');
  });

  it('opens WhatsApp with digits only and an optional first message', () => {
    expect(whatsappHref('52 1 33 1234 5678')).toBe('https://wa.me/5213312345678');
    expect(whatsappHref('5213312345678', 'Hola, quiero cotizar')).toBe('https://wa.me/5213312345678?text=Hola%2C%20quiero%20cotizar');
  });

  it('shows the local ten digits of a WhatsApp number', () => {
    expect(whatsappDisplay('5213312345678')).toBe('33 1234 5678');
  });
});
