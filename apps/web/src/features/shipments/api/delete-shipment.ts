import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '@/lib/api-client';
import { shipmentsQueryKeyRoot } from './get-shipments';
import { readAgainAfterChange } from '@/lib/query-keys';

/** `DELETE /api/v1/shipments/{id}`: removes one unpaid shipment of the caller. */
export function deleteShipment(id: string): Promise<void> {
  return apiRequest<void>(`/api/v1/shipments/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export interface DeleteManyResult {
  deleted: string[];
  failed: { id: string; error: unknown }[];
}

/**
 * Deletes each shipment on its own ('Anterior' on the purchase summary): one that is already gone
 * counts as deleted, and the ones that fail are reported so they can be tried again.
 */
export async function deleteShipmentsOneByOne(ids: readonly string[]): Promise<DeleteManyResult> {
  const results = await Promise.allSettled(ids.map((id) => deleteShipment(id)));
  const outcome: DeleteManyResult = { deleted: [], failed: [] };
  results.forEach((result, i) => {
    const id = ids[i]!;
    if (result.status === 'fulfilled') outcome.deleted.push(id);
    else if (result.reason instanceof ApiRequestError && result.reason.status === 404) outcome.deleted.push(id);
    else outcome.failed.push({ id, error: result.reason });
  });
  return outcome;
}

export function useDeleteShipmentsOneByOne() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShipmentsOneByOne,
    onSettled: () => readAgainAfterChange(queryClient, [shipmentsQueryKeyRoot]),
  });
}
