import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedLocation, SavedLocationInput } from '@envios/contracts/addresses';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { savedLocationsQueryKeyRoot } from './get-saved-locations';

/** `PUT /locations-user/{id}`: replaces a saved address. */
export function updateSavedLocation({ id, data }: { id: string; data: SavedLocationInput }): Promise<SavedLocation> {
  return apiRequest<SavedLocation>(`/api/v1/locations-user/${encodeURIComponent(id)}`, { method: 'PUT', body: data });
}

export function useUpdateSavedLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedLocation,
    onSuccess: () => readAgainAfterChange(queryClient, [savedLocationsQueryKeyRoot]),
  });
}
