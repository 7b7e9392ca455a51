import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { developersQueryKeyRoot } from './get-api-keys';

/** `DELETE /api/v1/developers/webhooks/{id}`: the endpoint and its delivery log go. */
export function deleteWebhookEndpoint(id: string): Promise<void> {
  return apiRequest<void>(`/api/v1/developers/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebhookEndpoint, onSuccess: () => readAgainAfterChange(queryClient, [developersQueryKeyRoot]) });
}
