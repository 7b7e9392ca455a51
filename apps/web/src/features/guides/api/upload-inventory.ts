import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InventoryUploadResult } from '@envios/contracts/guides';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { inventoryQueryKey } from './get-inventory';

/** `POST /guides/inventory/{serviceId}` (admin): adds the CSV's guide numbers to the service's stock. */
export function uploadInventory({ serviceId, csv }: { serviceId: string; csv: string }): Promise<InventoryUploadResult> {
  return apiRequest<InventoryUploadResult>(`/api/v1/guides/inventory/${encodeURIComponent(serviceId)}`, { method: 'POST', body: { csv } });
}

export function useUploadInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadInventory,
    onSuccess: () => readAgainAfterChange(queryClient, [inventoryQueryKey]),
  });
}
