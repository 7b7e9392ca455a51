import { z } from 'zod';

export const DEFAULT_COUNTRY = 'MX';

/** Spec 01 §5 / §9: lookups run for 3–7 typed characters in MX, 5–7 elsewhere. */
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

export const postalLookupParamsSchema = z.object({
  country: countryCodeSchema,
  code: z
    .string()
    .trim()
    .min(1, { error: 'El código postal es obligatorio.' })
    .max(12, { error: 'El código postal debe tener como máximo 12 caracteres.' }),
});

/** One suggestion: a settlement (colonia) of a postal code, spec 01 §3. */
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
 * How a suggestion reads in a dropdown (spec 01 §2): 'postal code', 'postal code - city' or
 * 'postal code - suburb - city'.
 */
export function formatPostalSuggestion(s: Pick<PostalSuggestion, 'postal_code' | 'place_name' | 'city'>): string {
  if (s.place_name && s.city) return `${s.postal_code} - ${s.place_name} - ${s.city}`;
  if (s.city) return `${s.postal_code} - ${s.city}`;
  return s.postal_code;
}

/** The usual abbreviation of each of the 32 states, keyed by the INEGI state code (01–32). */
export const STATE_SHORT_BY_CODE: Readonly<Record<string, string>> = {
  '01': 'AGS', '02': 'BC', '03': 'BCS', '04': 'CAMP', '05': 'COAH', '06': 'COL', '07': 'CHIS', '08': 'CHIH',
  '09': 'CDMX', '10': 'DGO', '11': 'GTO', '12': 'GRO', '13': 'HGO', '14': 'JAL', '15': 'MEX', '16': 'MICH',
  '17': 'MOR', '18': 'NAY', '19': 'NL', '20': 'OAX', '21': 'PUE', '22': 'QRO', '23': 'QROO', '24': 'SLP',
  '25': 'SIN', '26': 'SON', '27': 'TAB', '28': 'TAMS', '29': 'TLAX', '30': 'VER', '31': 'YUC', '32': 'ZAC',
};
