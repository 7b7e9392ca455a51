import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country, CountryListResponse } from '@envios/contracts/geography';
import { apiRequest } from '@/lib/api-client';

export async function getCountries({ signal }: { signal?: AbortSignal } = {}): Promise<Country[]> {
  const response = await apiRequest<CountryListResponse>('/api/v1/countrycodes', signal ? { signal } : {});
  return response.country_codes;
}

export function getCountriesQueryOptions() {
  return queryOptions({
    queryKey: ['geography', 'countries'],
    queryFn: ({ signal }) => getCountries({ signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useCountries() {
  return useQuery(getCountriesQueryOptions());
}
