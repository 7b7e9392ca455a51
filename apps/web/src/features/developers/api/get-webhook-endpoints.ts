import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpointList } from '@envios/contracts/developers';
import { apiRequest } from '@/lib/api-client';
import { developersQueryKeyRoot } from './get-api-keys';

/** `GET /api/v1/developers/webhooks`: the account's endpoints, paused ones with their reason. */
export function getWebhookEndpoints({ signal }: { signal?: AbortSignal } = {}): Promise<WebhookEndpointList> {
  return apiRequest<WebhookEndpointList>('/api/v1/developers/webhooks', signal ? { signal } : {});
}

export function getWebhookEndpointsQueryOptions() {
  return queryOptions({ queryKey: [...developersQueryKeyRoot, 'webhooks'], queryFn: ({ signal }) => getWebhookEndpoints({ signal }) });
}

export function useWebhookEndpoints() {
  return useQuery(getWebhookEndpointsQueryOptions());
}
