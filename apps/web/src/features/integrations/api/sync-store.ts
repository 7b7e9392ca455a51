import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { integrationsQueryKeyRoot } from './get-stores';

/** `POST /api/v1/woocommerce/stores/{id}/sync`: look for missed orders now. */
export function syncStore(id: string): Promise<{ queued: boolean }> {
  return apiRequest<{ queued: boolean }>(`/api/v1/woocommerce/stores/${encodeURIComponent(id)}/sync`, { method: 'POST' });
}

export function useSyncStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncStore,
    // The sync runs in the background; its result shows on the next reads.
    onSuccess: () => setTimeout(() => void readAgainAfterChange(queryClient, [integrationsQueryKeyRoot]), 2_000),
  });
}
