import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TopUpInput } from '@envios/contracts/wallet';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { walletQueryKeyRoot } from './get-wallet';

/** `POST /prepaid` ('Nuevo abono', step 1): a pending top-up of the caller; answers its id. */
export function createTopUp(input: TopUpInput): Promise<{ id: string }> {
  return apiRequest<{ id: string }>('/api/v1/prepaid', { method: 'POST', body: input });
}

export function useCreateTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopUp,
    onSuccess: () => readAgainAfterChange(queryClient, [walletQueryKeyRoot]),
  });
}
