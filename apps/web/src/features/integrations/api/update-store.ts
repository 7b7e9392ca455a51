import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreConnection } from '@envios/contracts/integrations';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { integrationsQueryKeyRoot } from './get-stores';

/** `PATCH /api/v1/woocommerce/stores/{id}`: whether delivered orders are marked completed. */
export function updateStore({ id, completeOnDelivery }: { id: string; completeOnDelivery: boolean }): Promise<StoreConnection> {
  return apiRequest<StoreConnection>(`/api/v1/woocommerce/stores/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { complete_on_delivery: completeOnDelivery },
  });
}

export function useUpdateStore() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateStore, onSuccess: () => readAgainAfterChange(queryClient, [integrationsQueryKeyRoot]) });
}
