import { createElement } from 'react';
import { delay, http, HttpResponse } from 'msw';
import type { Country, PostalSuggestion } from '@envios/contracts/geography';
import type { SiteInfo } from '@envios/contracts/site';
import type { CountryFieldProps } from '@/components/ui/form/geography-fields';

function place(postal_code: string, place_name: string, city: string, state: string, state_short: string, country_code = 'MX'): PostalSuggestion {
  return { postal_code, place_name, city, municipality: city, state, state_short, country_code };
}

/** A small catalogue like the demo data: colonias of Guadalajara and Mexico City, plus a US code. */
export const demoPostalCodes: PostalSuggestion[] = [
  place('44100', 'Guadalajara Centro', 'Guadalajara', 'Jalisco', 'JAL'),
  place('44130', 'Arcos Vallarta', 'Guadalajara', 'Jalisco', 'JAL'),
  place('44150', 'Lafayette', 'Guadalajara', 'Jalisco', 'JAL'),
  place('06700', 'Roma Norte', 'Ciudad de México', 'Ciudad de México', 'CDMX'),
  place('06760', 'Roma Sur', 'Ciudad de México', 'Ciudad de México', 'CDMX'),
  place('06760', 'Hipódromo', 'Ciudad de México', 'Ciudad de México', 'CDMX'),
  place('90210', '', 'Beverly Hills', 'California', 'CA', 'US'),
  place('90211', '', '', 'California', 'CA', 'US'),
];

export const demoCountries: Country[] = [
  { name: 'México', flag: '🇲🇽', calling_code: '+52', country_code: 'MX' },
  { name: 'Estados Unidos', flag: '🇺🇸', calling_code: '+1', country_code: 'US' },
  { name: 'Canadá', flag: '🇨🇦', calling_code: '+1', country_code: 'CA' },
  { name: 'Alemania', flag: '🇩🇪', calling_code: '+49', country_code: 'DE' },
];

export const demoSite: SiteInfo = {
  supportPhone: '33 1234 5678',
  whatsappNumber: '5213312345678',
  demoContacts: false,
  supportHours: 'de 9:00 a 18:00, de lunes a viernes',
  company: { name: 'Envíos MX', legalName: null, address: null, rfc: null, supportEmail: null },
  socialLinks: [],
  chatWidgetSrc: null,
  metaPixelId: null,
  howItWorksVideoId: 'dQw4w9WgXcQ',
  termsDate: null,
  paymentsSandbox: false,
  paymentMethods: { paypal: true, card: true, oxxo: true },
};

export interface PostalRequest {
  search: string;
  country: string;
  signal: AbortSignal;
}

/**
 * GET /api/v1/postalcodes answering prefix matches from `catalogue`; every request is recorded
 * (with its abort signal) so tests can count lookups and see stale ones cancelled.
 */
export function postalCodesHandler(catalogue: PostalSuggestion[] = demoPostalCodes, opts: { delayMs?: number } = {}) {
  const requests: PostalRequest[] = [];
  const handler = http.get('/api/v1/postalcodes', async ({ request }) => {
    const url = new URL(request.url);
    const search = url.searchParams.get('search') ?? '';
    const country = url.searchParams.get('country') ?? 'MX';
    requests.push({ search, country, signal: request.signal });
    if (opts.delayMs) await delay(opts.delayMs);
    const country_codes = catalogue.filter((s) => s.country_code === country && s.postal_code.startsWith(search));
    return HttpResponse.json({ country_codes });
  });
  return { handler, requests };
}

export const countriesHandler = (list: Country[] = demoCountries) => http.get('/api/v1/countrycodes', () => HttpResponse.json({ country_codes: list }));

export const siteHandler = (site: SiteInfo = demoSite) => http.get('/api/v1/site', () => HttpResponse.json(site));

/** A stand-in for geography's country select: Mexico and the United States. */
export function FakeCountry({ label, value, onChange }: CountryFieldProps) {
  return createElement(
    'label',
    null,
    label,
    createElement(
      'select',
      { value, onChange: (e: { currentTarget: HTMLSelectElement }) => onChange(e.currentTarget.value) },
      createElement('option', { value: 'MX' }, 'México'),
      createElement('option', { value: 'US' }, 'Estados Unidos'),
    ),
  );
}
