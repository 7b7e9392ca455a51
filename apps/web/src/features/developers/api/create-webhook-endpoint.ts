import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhookEndpoint, CreateWebhookEndpoint } from '@envios/contracts/developers';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { developersQueryKeyRoot } from './get-api-keys';

/** `POST /api/v1/developers/webhooks`: answers the endpoint and its signing secret. */
export function createWebhookEndpoint(input: CreateWebhookEndpoint): Promise<CreatedWebhookEndpoint> {
  return apiRequest<CreatedWebhookEndpoint>('/api/v1/developers/webhooks', { method: 'POST', body: input });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhookEndpoint, onSuccess: () => readAgainAfterChange(queryClient, [developersQueryKeyRoot]) });
}
