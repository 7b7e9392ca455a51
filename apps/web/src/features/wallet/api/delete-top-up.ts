import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WalletEntry } from '@envios/contracts/wallet';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { walletQueryKeyRoot } from './get-wallet';

/** `DELETE /prepaid/{id}`: removes a pending (unpaid) top-up; a paid one answers 409. */
export function deleteTopUp(id: string): Promise<WalletEntry> {
  return apiRequest<WalletEntry>(`/api/v1/prepaid/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTopUp,
    onSettled: () => readAgainAfterChange(queryClient, [walletQueryKeyRoot]),
  });
}
