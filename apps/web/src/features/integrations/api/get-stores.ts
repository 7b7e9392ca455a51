import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreList } from '@envios/contracts/integrations';
import { apiRequest } from '@/lib/api-client';

/** Every integrations query lives under this key; a change to a store invalidates it once. */
export const integrationsQueryKeyRoot = ['integrations'] as const;

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

/** Health changes by itself (orders arrive, syncs run): read again every 15 seconds while shown. */
export function useStores(userId: string) {
  return useQuery({ ...getStoresQueryOptions(userId), refetchInterval: 15_000 });
}
