import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pickup, PickupStatus } from '@envios/contracts/pickups';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { pickupsQueryKeyRoot } from './get-pickups';

/** `PUT /recolecciones/{id}/status` (admin): any of the four statuses, no restricted transitions. */
export function updatePickupStatus({ id, status }: { id: string; status: PickupStatus }): Promise<{ data: Pickup }> {
  return apiRequest<{ data: Pickup }>(`/api/v1/recolecciones/${encodeURIComponent(id)}/status`, { method: 'PUT', body: { status } });
}

export function useUpdatePickupStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePickupStatus,
    onSuccess: () => readAgainAfterChange(queryClient, [pickupsQueryKeyRoot]),
  });
}
