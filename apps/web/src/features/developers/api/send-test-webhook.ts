import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@envios/contracts/developers';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { developersQueryKeyRoot } from './get-api-keys';

/** `POST /api/v1/developers/webhooks/{id}/test`: one signed `webhook.test` now; answers how it went. */
export function sendTestWebhook(id: string): Promise<WebhookDelivery> {
  return apiRequest<WebhookDelivery>(`/api/v1/developers/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST' });
}

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendTestWebhook, onSuccess: () => readAgainAfterChange(queryClient, [developersQueryKeyRoot]) });
}
