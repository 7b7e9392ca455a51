import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemoOrder, DemoStore } from '@envios/contracts/integrations';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { integrationsQueryKeyRoot } from './get-stores';

/** `GET /api/v1/demo-store`: the account's demo store, its orders and their notes. */
export function getDemoStore({ signal }: { signal?: AbortSignal } = {}): Promise<DemoStore> {
  return apiRequest<DemoStore>('/api/v1/demo-store', signal ? { signal } : {});
}

export function getDemoStoreQueryOptions() {
  return queryOptions({ queryKey: [...integrationsQueryKeyRoot, 'demo-store'], queryFn: ({ signal }) => getDemoStore({ signal }) });
}

/** Notes arrive as guides are bought and parcels move: read again every 3 seconds while shown. */
export function useDemoStore() {
  return useQuery({ ...getDemoStoreQueryOptions(), refetchInterval: 3_000 });
}

/** `POST /api/v1/demo-store/orders`: a fictitious customer buys in the demo store. */
export function placeDemoOrder(kind: 'normal' | 'unknown_postal_code'): Promise<DemoOrder> {
  return apiRequest<DemoOrder>('/api/v1/demo-store/orders', { method: 'POST', body: { kind } });
}

export function usePlaceDemoOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: placeDemoOrder, onSuccess: () => readAgainAfterChange(queryClient, [integrationsQueryKeyRoot]) });
}
