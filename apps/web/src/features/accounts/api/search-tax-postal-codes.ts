import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { postalSearchResponseSchema, type PostalSuggestion } from '@envios/contracts/geography';
import { apiRequest } from '@/lib/api-client';

/** The tax form looks a postal code up from 4 typed digits. */
export const TAX_POSTAL_MIN = 4;

export async function searchTaxPostalCodes(search: string, { signal }: { signal?: AbortSignal } = {}): Promise<PostalSuggestion[]> {
  const data = await apiRequest<unknown>('/api/v1/postalcodes', { query: { search, country: 'MX' }, ...(signal ? { signal } : {}) });
  return postalSearchResponseSchema.parse(data).country_codes;
}

export function searchTaxPostalCodesQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: ['accounts', 'tax-postal-codes', term],
    queryFn: ({ signal }) => searchTaxPostalCodes(term, { signal }),
    enabled: /^\d{4,5}$/.test(term),
    staleTime: 10 * 60_000,
  });
}

export function useTaxPostalCodes(search: string) {
  return useQuery({ ...searchTaxPostalCodesQueryOptions(search), placeholderData: keepPreviousData, retry: 0 });
}

/** 'state, city', as the spec stores it. */
export function stateCity(s: Pick<PostalSuggestion, 'state' | 'city'>): string {
  return `${s.state}, ${s.city}`;
}
