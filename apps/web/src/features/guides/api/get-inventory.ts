import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryStock } from '@envios/contracts/guides';
import { apiRequest } from '@/lib/api-client';

export const inventoryQueryKey = ['guides', 'inventory'] as const;

/** `GET /guides/inventory` (admin): guide stock per service. */
export function getInventory({ signal }: { signal?: AbortSignal } = {}): Promise<InventoryStock[]> {
  return apiRequest<InventoryStock[]>('/api/v1/guides/inventory', signal ? { signal } : {});
}

export function useInventory() {
  return useQuery(queryOptions({ queryKey: inventoryQueryKey, queryFn: ({ signal }) => getInventory({ signal }) }));
}
