import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletList, WalletTotal } from '@envios/contracts/wallet';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const walletQueryKeyRoot = queryRoots.wallet;

/** `GET /prepaid?page=`: the caller's movements, newest first (amounts signed MXN). */
export function getWalletEntries(page: number, { signal }: { signal?: AbortSignal } = {}): Promise<WalletList> {
  return apiRequest<WalletList>('/api/v1/prepaid', { query: { page }, ...(signal ? { signal } : {}) });
}

export function getWalletEntriesQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...walletQueryKeyRoot, 'entries', page],
    queryFn: ({ signal }) => getWalletEntries(page, { signal }),
  });
}

export function useWalletEntries(page: number) {
  return useQuery({ ...getWalletEntriesQueryOptions(page), placeholderData: keepPreviousData });
}

/** `GET /prepaid/getTotalAmount/{userId}`: the balance, the sum of the paid movements (MXN). */
export function getWalletTotal(userId: string, { signal }: { signal?: AbortSignal } = {}): Promise<WalletTotal> {
  return apiRequest<WalletTotal>(`/api/v1/prepaid/getTotalAmount/${encodeURIComponent(userId)}`, signal ? { signal } : {});
}

export function getWalletTotalQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...walletQueryKeyRoot, 'total', userId],
    queryFn: ({ signal }) => getWalletTotal(userId, { signal }),
  });
}

export function useWalletTotal(userId: string) {
  return useQuery(getWalletTotalQueryOptions(userId));
}
