import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const paymentsQueryKeyRoot = queryRoots.payments;

/** `GET /api/v1/payments/config` (public): which providers are sandboxes and whether card payments are offered. */
export function getPaymentConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentConfig> {
  return apiRequest<PaymentConfig>('/api/v1/payments/config', signal ? { signal } : {});
}

export function getPaymentConfigQueryOptions() {
  return queryOptions({
    queryKey: [...paymentsQueryKeyRoot, 'config'],
    queryFn: ({ signal }) => getPaymentConfig({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function usePaymentConfig() {
  return useQuery(getPaymentConfigQueryOptions());
}
