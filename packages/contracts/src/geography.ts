import { z } from 'zod';

export const DEFAULT_COUNTRY = 'MX';

/** Lookups run for 3–7 typed characters in MX, 5–7 elsewhere. */
export const POSTAL_SEARCH_MIN_MX = 3;
export const POSTAL_SEARCH_MIN_OTHER = 5;
export const POSTAL_SEARCH_MAX = 7;

export function postalSearchMinLength(country: string): number {
  return country.toUpperCase() === DEFAULT_COUNTRY ? POSTAL_SEARCH_MIN_MX : POSTAL_SEARCH_MIN_OTHER;
}

export const countryCodeSchema = z
  .string({ error: 'El país es obligatorio.' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: 'El país debe ser un código ISO de dos letras (por ejemplo MX).' })
  .transform((v) => v.toUpperCase());

export const postalSearchQuerySchema = z
  .object({
    search: z.string({ error: 'El código postal a buscar es obligatorio.' }).trim(),
    country: countryCodeSchema.default(DEFAULT_COUNTRY),
  })
  .superRefine((q, ctx) => {
    const min = postalSearchMinLength(q.country);
    if (q.search.length < min || q.search.length > POSTAL_SEARCH_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['search'],
        message: `El código postal a buscar debe tener entre ${min} y ${POSTAL_SEARCH_MAX} caracteres.`,
      });
    } else if (q.country === DEFAULT_COUNTRY && !/^\d+$/.test(q.search)) {
      ctx.addIssue({
        code: 'custom',
        path: ['search'],
        message: 'El código postal a buscar solo puede tener números.',
      });
    }
  });
export type PostalSearchQuery = z.infer<typeof postalSearchQuerySchema>;

export const zipCodeQuerySchema = z.object({
  zipCode: z
    .string({ error: 'El código postal es obligatorio.' })
    .trim()
    .min(1, { error: 'El código postal es obligatorio.' })
    .max(12, { error: 'El código postal debe tener como máximo 12 caracteres.' }),
  country: countryCodeSchema.default(DEFAULT_COUNTRY),
});
export type ZipCodeQuery = z.infer<typeof zipCodeQuerySchema>;

export const postalLookupParamsSchema = z.object({
  country: countryCodeSchema,
  code: z.string().trim().min(1, { error: 'El código postal es obligatorio.' }).max(12, { error: 'El código postal debe tener como máximo 12 caracteres.' }),
});
export type PostalLookupParams = z.infer<typeof postalLookupParamsSchema>;

/** One suggestion: a settlement (colonia) of a postal code. */
export const postalSuggestionSchema = z.object({
  postal_code: z.string(),
  place_name: z.string(),
  city: z.string(),
  municipality: z.string(),
  state: z.string(),
  state_short: z.string(),
  country_code: z.string(),
});
export type PostalSuggestion = z.infer<typeof postalSuggestionSchema>;

export const postalSearchResponseSchema = z.object({
  country_codes: z.array(postalSuggestionSchema),
});
export type PostalSearchResponse = z.infer<typeof postalSearchResponseSchema>;

/** `GET /postalcode?zipCode=`: the settlements ("parish") of one code, with state and city. */
export const zipCodeEntrySchema = z.object({
  postal_code: z.string(),
  parish: z.string(),
  city: z.string(),
  municipality: z.string(),
  state: z.string(),
  state_short: z.string(),
  country_code: z.string(),
});
export const zipCodeResponseSchema = z.object({ zip_codes: z.array(zipCodeEntrySchema) });
export type ZipCodeResponse = z.infer<typeof zipCodeResponseSchema>;

export const countrySchema = z.object({
  name: z.string(),
  flag: z.string(),
  calling_code: z.string(),
  country_code: z.string(),
});
export type Country = z.infer<typeof countrySchema>;
export const countryListResponseSchema = z.object({ country_codes: z.array(countrySchema) });
export type CountryListResponse = z.infer<typeof countryListResponseSchema>;

/**
 * How a suggestion reads in a dropdown: 'postal code', 'postal code - city' or
 * 'postal code - suburb - city'.
 */
export function formatPostalSuggestion(s: Pick<PostalSuggestion, 'postal_code' | 'place_name' | 'city'>): string {
  if (s.place_name && s.city) return `${s.postal_code} - ${s.place_name} - ${s.city}`;
  if (s.city) return `${s.postal_code} - ${s.city}`;
  return s.postal_code;
}

/** The usual abbreviation of each of the 32 states, keyed by the INEGI state code (01–32). */
export const STATE_SHORT_BY_CODE: Readonly<Record<string, string>> = {
  '01': 'AGS',
  '02': 'BC',
  '03': 'BCS',
  '04': 'CAMP',
  '05': 'COAH',
  '06': 'COL',
  '07': 'CHIS',
  '08': 'CHIH',
  '09': 'CDMX',
  '10': 'DGO',
  '11': 'GTO',
  '12': 'GRO',
  '13': 'HGO',
  '14': 'JAL',
  '15': 'MEX',
  '16': 'MICH',
  '17': 'MOR',
  '18': 'NAY',
  '19': 'NL',
  '20': 'OAX',
  '21': 'PUE',
  '22': 'QRO',
  '23': 'QROO',
  '24': 'SLP',
  '25': 'SIN',
  '26': 'SON',
  '27': 'TAB',
  '28': 'TAMS',
  '29': 'TLAX',
  '30': 'VER',
  '31': 'YUC',
  '32': 'ZAC',
};

/**
 * Postal-code formats of the countries we ship to most (upper case, after `normalizePostalCode`),
 * with an example for messages. Countries not listed here but not in
 * `COUNTRIES_WITHOUT_POSTAL_CODES` get the loose `GENERIC_POSTAL_CODE` check.
 */
export const POSTAL_CODE_FORMATS: Readonly<Record<string, { pattern: RegExp; example: string }>> = {
  MX: { pattern: /^\d{5}$/, example: '44100' },
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '90210' },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/, example: 'K1A 0B1' },
  PR: { pattern: /^00[679]\d{2}(-\d{4})?$/, example: '00901' },
  GT: { pattern: /^\d{5}$/, example: '01001' },
  SV: { pattern: /^\d{4}$/, example: '1101' },
  HN: { pattern: /^\d{5}$/, example: '11101' },
  NI: { pattern: /^\d{5}$/, example: '11001' },
  CR: { pattern: /^\d{5}$/, example: '10101' },
  CU: { pattern: /^\d{5}$/, example: '10400' },
  DO: { pattern: /^\d{5}$/, example: '10101' },
  CO: { pattern: /^\d{6}$/, example: '110111' },
  VE: { pattern: /^\d{4}$/, example: '1010' },
  EC: { pattern: /^\d{6}$/, example: '170150' },
  PE: { pattern: /^\d{5}$/, example: '15001' },
  BR: { pattern: /^\d{5}-?\d{3}$/, example: '01310-100' },
  CL: { pattern: /^\d{3}-?\d{4}$/, example: '8320000' },
  AR: { pattern: /^([A-HJ-NP-Z]\d{4}[A-Z]{3}|\d{4})$/, example: 'C1002AAP' },
  UY: { pattern: /^\d{5}$/, example: '11000' },
  PY: { pattern: /^\d{4}$/, example: '1209' },
  ES: { pattern: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: '28001' },
  PT: { pattern: /^\d{4}-?\d{3}$/, example: '1000-001' },
  FR: { pattern: /^\d{5}$/, example: '75001' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  IT: { pattern: /^\d{5}$/, example: '00118' },
  GB: { pattern: /^([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/, example: 'SW1A 1AA' },
  IE: { pattern: /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/, example: 'D02 X285' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/, example: '1012 JS' },
  BE: { pattern: /^\d{4}$/, example: '1000' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  AT: { pattern: /^\d{4}$/, example: '1010' },
  SE: { pattern: /^\d{3} ?\d{2}$/, example: '114 55' },
  NO: { pattern: /^\d{4}$/, example: '0150' },
  DK: { pattern: /^\d{4}$/, example: '1050' },
  FI: { pattern: /^\d{5}$/, example: '00100' },
  PL: { pattern: /^\d{2}-?\d{3}$/, example: '00-001' },
  RU: { pattern: /^\d{6}$/, example: '101000' },
  TR: { pattern: /^\d{5}$/, example: '34000' },
  IL: { pattern: /^\d{5}(\d{2})?$/, example: '9100001' },
  IN: { pattern: /^[1-9]\d{5}$/, example: '110001' },
  CN: { pattern: /^\d{6}$/, example: '100000' },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: '100-0001' },
  KR: { pattern: /^\d{5}$/, example: '03051' },
  AU: { pattern: /^\d{4}$/, example: '2000' },
  NZ: { pattern: /^\d{4}$/, example: '6011' },
  ZA: { pattern: /^\d{4}$/, example: '0001' },
};

/** A loose check for countries whose format we do not list: 2 to 10 letters, digits, spaces or dashes. */
export const GENERIC_POSTAL_CODE = { pattern: /^[A-Z0-9](?:[A-Z0-9 -]{0,8}[A-Z0-9])$/, example: '12345' } as const;

/** Countries whose mail does not use postal codes (an address there needs none). */
export const COUNTRIES_WITHOUT_POSTAL_CODES: ReadonlySet<string> = new Set([
  'AE',
  'AG',
  'AO',
  'AW',
  'BF',
  'BI',
  'BJ',
  'BO',
  'BS',
  'BW',
  'BZ',
  'CD',
  'CF',
  'CG',
  'CI',
  'CK',
  'CM',
  'DJ',
  'DM',
  'ER',
  'FJ',
  'GA',
  'GD',
  'GM',
  'GQ',
  'GY',
  'HK',
  'KI',
  'KM',
  'KN',
  'KP',
  'ML',
  'MO',
  'MR',
  'MW',
  'NR',
  'NU',
  'QA',
  'RW',
  'SB',
  'SC',
  'SL',
  'SR',
  'SS',
  'ST',
  'SY',
  'TD',
  'TG',
  'TK',
  'TL',
  'TO',
  'TV',
  'UG',
  'VU',
  'YE',
  'ZW',
]);

/** Upper case, trimmed, inner runs of spaces collapsed: how postal codes are compared and answered. */
export function normalizePostalCode(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

export type PostalCodeCheck =
  { ok: true; postalCode: string } | { ok: false; reason: 'no_postal_codes' } | { ok: false; reason: 'invalid_format'; example: string };

/** Whether `value` has the shape of a postal code of `country` (an ISO alpha-2 code, any case). */
export function checkPostalCodeFormat(country: string, value: string): PostalCodeCheck {
  const cc = country.toUpperCase();
  if (COUNTRIES_WITHOUT_POSTAL_CODES.has(cc)) return { ok: false, reason: 'no_postal_codes' };
  const postalCode = normalizePostalCode(value);
  const format = POSTAL_CODE_FORMATS[cc] ?? GENERIC_POSTAL_CODE;
  return format.pattern.test(postalCode) ? { ok: true, postalCode } : { ok: false, reason: 'invalid_format', example: format.example };
}
