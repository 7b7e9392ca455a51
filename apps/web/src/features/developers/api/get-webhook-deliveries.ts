import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDeliveryPage } from '@envios/contracts/developers';
import { apiRequest } from '@/lib/api-client';
import { developersQueryKeyRoot } from './get-api-keys';

/** `GET /api/v1/developers/webhooks/{id}/deliveries`: newest first, 10 a page. */
export function getWebhookDeliveries(endpointId: string, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<WebhookDeliveryPage> {
  return apiRequest<WebhookDeliveryPage>(`/api/v1/developers/webhooks/${encodeURIComponent(endpointId)}/deliveries`, {
    query: { page, limit: 10 },
    ...(signal ? { signal } : {}),
  });
}

export function getWebhookDeliveriesQueryOptions(endpointId: string, page: number) {
  return queryOptions({
    queryKey: [...developersQueryKeyRoot, 'deliveries', endpointId, page],
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, page, { signal }),
  });
}

/** Deliveries change by themselves (events arrive, retries run): read again every 5 seconds while shown. */
export function useWebhookDeliveries(endpointId: string, page: number) {
  return useQuery({ ...getWebhookDeliveriesQueryOptions(endpointId, page), placeholderData: keepPreviousData, refetchInterval: 5_000 });
}
