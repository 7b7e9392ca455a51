import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletList } from '@envios/contracts/wallet';
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
