import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkCreateResult } from '@envios/contracts/bulk';
import { apiRequest } from '@/lib/api-client';
import { queryRoots, readAgainAfterChange } from '@/lib/query-keys';
import { bulkQueryKeyRoot } from './get-bulk-upload';

/** `POST /shipments/bulk/{id}/create`: the valid rows become shipments (each at most once). */
export function createBulkShipments(id: string): Promise<BulkCreateResult> {
  return apiRequest<BulkCreateResult>(`/api/v1/shipments/bulk/${encodeURIComponent(id)}/create`, { method: 'POST', body: {} });
}

export function useCreateBulkShipments() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBulkShipments, onSuccess: () => readAgainAfterChange(queryClient, [bulkQueryKeyRoot, queryRoots.shipments]) });
}
