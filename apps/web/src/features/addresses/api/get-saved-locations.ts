import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedLocation } from '@envios/contracts/addresses';
import { apiRequest } from '@/lib/api-client';

export const savedLocationsQueryKeyRoot = ['addresses', 'saved-locations'] as const;

/** `GET /locations-user`: the caller's saved addresses, newest first. */
export function getSavedLocations({ signal }: { signal?: AbortSignal } = {}): Promise<SavedLocation[]> {
  return apiRequest<SavedLocation[]>('/api/v1/locations-user', signal ? { signal } : {});
}

export function getSavedLocationsQueryOptions() {
  return queryOptions({
    queryKey: [...savedLocationsQueryKeyRoot, 'list'],
    queryFn: ({ signal }) => getSavedLocations({ signal }),
  });
}

export function useSavedLocations() {
  return useQuery(getSavedLocationsQueryOptions());
}
