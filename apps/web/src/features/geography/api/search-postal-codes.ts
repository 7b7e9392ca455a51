import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { postalSearchQuerySchema, type PostalSearchResponse, type PostalSuggestion } from '@envios/contracts/geography';
import { apiRequest } from '@/lib/api-client';

export interface PostalSearch {
  search: string;
  country: string;
}

/** Only what the API accepts is sent: 3–7 digits in MX, 5–7 characters elsewhere. */
export function isPostalSearchAllowed({ search, country }: PostalSearch): boolean {
  return search.trim() !== '' && postalSearchQuerySchema.safeParse({ search, country }).success;
}

export async function searchPostalCodes({ search, country }: PostalSearch, { signal }: { signal?: AbortSignal } = {}): Promise<PostalSuggestion[]> {
  const response = await apiRequest<PostalSearchResponse>('/api/v1/postalcodes', {
    query: { search: search.trim(), country },
    ...(signal ? { signal } : {}),
  });
  return response.country_codes;
}

export function searchPostalCodesQueryOptions(params: PostalSearch) {
  const search = params.search.trim();
  const country = params.country.toUpperCase();
  return queryOptions({
    queryKey: ['geography', 'postal-codes', country, search],
    // TanStack Query aborts this signal when the key changes, so stale lookups are cancelled.
    queryFn: ({ signal }) => searchPostalCodes({ search, country }, { signal }),
    enabled: isPostalSearchAllowed({ search, country }),
    staleTime: 10 * 60_000,
  });
}

export function useSearchPostalCodes(params: PostalSearch) {
  return useQuery({ ...searchPostalCodesQueryOptions(params), placeholderData: keepPreviousData, retry: 0 });
}
