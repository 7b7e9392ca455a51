import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkResult } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { shipmentsQueryKeyRoot } from './get-shipments';

/** `POST /api/v1/shipments/all/delete`: removes the caller's unpaid shipments named. */
export function deleteShipments(ids: string[]): Promise<BulkResult> {
  return apiRequest<BulkResult>('/api/v1/shipments/all/delete', { method: 'POST', body: { list_id: ids } });
}

export function useDeleteShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShipments,
    onSuccess: () => readAgainAfterChange(queryClient, [shipmentsQueryKeyRoot]),
  });
}
