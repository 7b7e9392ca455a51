import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedLocation } from '@envios/contracts/addresses';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { savedLocationsQueryKeyRoot } from './get-saved-locations';

/** `DELETE /locations-user/{id}`: answers the deleted address. */
export function deleteSavedLocation(id: string): Promise<SavedLocation> {
  return apiRequest<SavedLocation>(`/api/v1/locations-user/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSavedLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedLocation,
    onSuccess: () => readAgainAfterChange(queryClient, [savedLocationsQueryKeyRoot]),
  });
}
