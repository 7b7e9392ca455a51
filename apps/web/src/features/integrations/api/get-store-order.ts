import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { StoreOrderDetail } from '@envios/contracts/integrations';
import { apiRequest } from '@/lib/api-client';
import { integrationsQueryKeyRoot } from './get-stores';

/** `GET /api/v1/marketplace/orders/{id}`: one order with what 'Generar Guia' pre-fills. */
export function getStoreOrder(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<StoreOrderDetail> {
  return apiRequest<StoreOrderDetail>(`/api/v1/marketplace/orders/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

export function getStoreOrderQueryOptions(id: string) {
  return queryOptions({ queryKey: [...integrationsQueryKeyRoot, 'order', id], queryFn: ({ signal }) => getStoreOrder(id, { signal }) });
}

export function useStoreOrder(id: string | null) {
  return useQuery({ ...getStoreOrderQueryOptions(id ?? ''), enabled: id !== null });
}

export function useStoreOrderList(ids: string[]) {
  return useQueries({ queries: ids.map((id) => getStoreOrderQueryOptions(id)) });
}
