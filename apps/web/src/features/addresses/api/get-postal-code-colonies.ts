import { queryOptions, useQuery } from '@tanstack/react-query';
import { postalSearchResponseSchema, type PostalSuggestion } from '@envios/contracts/geography';
import { apiRequest } from '@/lib/api-client';

/** `GET /postalcodes/{country}/{code}`: the colonias of one complete postal code, for the colony pick. */
export async function getPostalCodeColonies(
  { country, code }: { country: string; code: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostalSuggestion[]> {
  const data = await apiRequest<unknown>(`/api/v1/postalcodes/${encodeURIComponent(country)}/${encodeURIComponent(code)}`, signal ? { signal } : {});
  return postalSearchResponseSchema.parse(data).country_codes;
}

export function getPostalCodeColoniesQueryOptions(country: string, code: string) {
  const trimmed = code.trim();
  return queryOptions({
    queryKey: ['addresses', 'postal-code-colonies', country.toUpperCase(), trimmed],
    queryFn: ({ signal }) => getPostalCodeColonies({ country, code: trimmed }, { signal }),
    enabled: trimmed !== '',
    staleTime: 10 * 60_000,
  });
}

export function usePostalCodeColonies(country: string, code: string) {
  return useQuery({ ...getPostalCodeColoniesQueryOptions(country, code), retry: 0 });
}
