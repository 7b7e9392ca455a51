import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreOrderPage } from '@envios/contracts/integrations';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export interface StoreOrdersQuery {
  page: number;
  /** Applied by the server above 2 characters. */
  filter: string;
}

/** `GET /api/v1/marketplace/shipments/{userId}`: the E-Commerce tab's page of store orders. */
export function getStoreOrders(userId: string, query: StoreOrdersQuery, { signal }: { signal?: AbortSignal } = {}): Promise<StoreOrderPage> {
  return apiRequest<StoreOrderPage>(`/api/v1/marketplace/shipments/${encodeURIComponent(userId)}`, {
    query: { page: query.page, filter: query.filter || undefined },
    ...(signal ? { signal } : {}),
  });
}

export function getStoreOrdersQueryOptions(userId: string, query: StoreOrdersQuery) {
  return queryOptions({
    queryKey: [...queryRoots.storeOrders, userId, query],
    queryFn: ({ signal }) => getStoreOrders(userId, query, { signal }),
  });
}

/** New orders arrive by webhook: the tab reads again every 5 seconds while it is open. */
export function useStoreOrders(userId: string, query: StoreOrdersQuery) {
  return useQuery({ ...getStoreOrdersQueryOptions(userId, query), placeholderData: keepPreviousData, refetchInterval: 5_000 });
}
