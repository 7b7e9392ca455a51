import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkResult } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { shipmentsQueryKeyRoot } from './get-shipments';

/** `POST /api/v1/shipments/all`: copies of the shipments, unpaid, without guide, for the caller. */
export function duplicateShipments(ids: string[]): Promise<BulkResult> {
  return apiRequest<BulkResult>('/api/v1/shipments/all', { method: 'POST', body: { shipments: ids } });
}

export function useDuplicateShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateShipments,
    onSuccess: () => readAgainAfterChange(queryClient, [shipmentsQueryKeyRoot]),
  });
}
