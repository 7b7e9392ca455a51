import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletTotal } from '@envios/contracts/wallet';
import { apiRequest } from './api-client';
import { queryRoots } from './query-keys';

/**
 * `GET /api/v1/prepaid/getTotalAmount/{userId}`: the Monedero balance (paid entries only), MXN.
 * Shared because two features show it (Monedero and the payment choice): one fetcher under one
 * key, so a payment that lowers it refreshes both at once.
 */
export function getWalletBalance(userId: string, { signal }: { signal?: AbortSignal } = {}): Promise<WalletTotal> {
  return apiRequest<WalletTotal>(`/api/v1/prepaid/getTotalAmount/${encodeURIComponent(userId)}`, signal ? { signal } : {});
}

export function getWalletBalanceQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...queryRoots.wallet, 'balance', userId],
    // Money: read afresh whenever a screen that shows it opens (the wallet root's default, app/provider.tsx).
    queryFn: ({ signal }) => getWalletBalance(userId, { signal }),
  });
}

export function useWalletBalance(userId: string) {
  return useQuery(getWalletBalanceQueryOptions(userId));
}
