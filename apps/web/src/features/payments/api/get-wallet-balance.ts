import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletTotal } from '@envios/contracts/wallet';
import { apiRequest } from '@/lib/api-client';
import { paymentsQueryKeyRoot } from './get-payment-config';

/** `GET /api/v1/prepaid/getTotalAmount/{userId}`: the Monedero balance (paid entries only), MXN. */
export function getWalletBalance(userId: string, { signal }: { signal?: AbortSignal } = {}): Promise<WalletTotal> {
  return apiRequest<WalletTotal>(`/api/v1/prepaid/getTotalAmount/${encodeURIComponent(userId)}`, signal ? { signal } : {});
}

export function getWalletBalanceQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...paymentsQueryKeyRoot, 'wallet-balance', userId],
    queryFn: ({ signal }) => getWalletBalance(userId, { signal }),
    staleTime: 0,
  });
}

export function useWalletBalance(userId: string) {
  return useQuery(getWalletBalanceQueryOptions(userId));
}
