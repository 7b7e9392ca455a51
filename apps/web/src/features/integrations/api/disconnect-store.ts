import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { integrationsQueryKeyRoot } from './get-stores';

/** `PUT /api/v1/status/woocommerce/{userId}` with status=false: one store, or all of them. */
export function disconnectStore({ userId, connectionId }: { userId: string; connectionId?: string }): Promise<{ status: false; disconnected: number }> {
  return apiRequest(`/api/v1/status/woocommerce/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body: { ecommerce_type: 'woocommerce', status: false, ...(connectionId ? { connection_id: connectionId } : {}) },
  });
}

export function useDisconnectStore() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disconnectStore, onSuccess: () => readAgainAfterChange(queryClient, [integrationsQueryKeyRoot]) });
}
