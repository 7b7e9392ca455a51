import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCreditInput, WalletEntry } from '@envios/contracts/wallet';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { walletQueryKeyRoot } from './get-wallet';

/** `POST /prepaid/createPrepaid` (admin 'Abonar'): a credit to a user's wallet, paid at once. */
export function adminCredit(input: AdminCreditInput): Promise<WalletEntry> {
  return apiRequest<WalletEntry>('/api/v1/prepaid/createPrepaid', { method: 'POST', body: input });
}

export function useAdminCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminCredit,
    onSuccess: () => readAgainAfterChange(queryClient, [walletQueryKeyRoot]),
  });
}
