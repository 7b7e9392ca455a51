import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WooStatus } from '@envios/contracts/integrations';
import { apiRequest } from '@/lib/api-client';
import { integrationsQueryKeyRoot } from './get-stores';

/** `POST /api/v1/status/woocommerce`: the connected toggle. */
export function getStoreStatus(userId: string): Promise<WooStatus> {
  return apiRequest<WooStatus>('/api/v1/status/woocommerce', { method: 'POST', body: { ecommerce_type: 'woocommerce', user_id: userId } });
}

export function getStoreStatusQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...integrationsQueryKeyRoot, 'status', userId], queryFn: () => getStoreStatus(userId) });
}

export function useStoreStatus(userId: string) {
  return useQuery(getStoreStatusQueryOptions(userId));
}
