import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedLocation } from '@envios/contracts/addresses';
import { apiRequest } from '@/lib/api-client';
import { savedLocationsQueryKeyRoot } from './get-saved-locations';

/** `GET /locations-user/{id}`: one saved address (the edit modal loads it by id). */
export function getSavedLocation(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<SavedLocation> {
  return apiRequest<SavedLocation>(`/api/v1/locations-user/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

export function getSavedLocationQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...savedLocationsQueryKeyRoot, 'detail', id],
    queryFn: ({ signal }) => getSavedLocation(id, { signal }),
  });
}

export function useSavedLocation(id: string | null) {
  return useQuery({ ...getSavedLocationQueryOptions(id ?? ''), enabled: id !== null });
}
