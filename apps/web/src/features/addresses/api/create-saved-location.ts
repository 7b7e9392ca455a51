import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedLocation, SavedLocationInput } from '@envios/contracts/addresses';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { savedLocationsQueryKeyRoot } from './get-saved-locations';

/** `POST /locations-user`: saves a new address for the caller. */
export function createSavedLocation(data: SavedLocationInput): Promise<SavedLocation> {
  return apiRequest<SavedLocation>('/api/v1/locations-user', { method: 'POST', body: data });
}

export function useCreateSavedLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedLocation,
    onSuccess: () => readAgainAfterChange(queryClient, [savedLocationsQueryKeyRoot]),
  });
}
