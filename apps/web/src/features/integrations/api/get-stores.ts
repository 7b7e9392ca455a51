import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreList } from '@envios/contracts/integrations';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** Every integrations query lives under this key; a change to a store invalidates it once. */
export const integrationsQueryKeyRoot = queryRoots.integrations;

/** `GET /api/v1/woocommerce/stores/{userId}`: the account's stores with their health. */
export function getStores(userId: string, { signal }: { signal?: AbortSignal } = {}): Promise<StoreList> {
  return apiRequest<StoreList>(`/api/v1/woocommerce/stores/${encodeURIComponent(userId)}`, signal ? { signal } : {});
}

export function getStoresQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...integrationsQueryKeyRoot, 'stores', userId],
    queryFn: ({ signal }) => getStores(userId, { signal }),
  });
}

/**
 * Health changes by itself (orders arrive, syncs run): read again every 15 seconds while shown,
 * every 2 while a store just connected is still getting its webhooks set up.
 */
export function useStores(userId: string) {
  return useQuery({
    ...getStoresQueryOptions(userId),
    refetchInterval: (query) => (query.state.data?.data.some((s) => s.state === 'connected' && !s.webhooks_ready) ? 2_000 : 15_000),
  });
}
