import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateWebhookEndpoint, WebhookEndpoint } from '@envios/contracts/developers';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { developersQueryKeyRoot } from './get-api-keys';

/** `PATCH /api/v1/developers/webhooks/{id}`: URL, description, events; `active` pauses or resumes. */
export function updateWebhookEndpoint({ id, ...patch }: UpdateWebhookEndpoint & { id: string }): Promise<WebhookEndpoint> {
  return apiRequest<WebhookEndpoint>(`/api/v1/developers/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebhookEndpoint, onSuccess: () => readAgainAfterChange(queryClient, [developersQueryKeyRoot]) });
}
