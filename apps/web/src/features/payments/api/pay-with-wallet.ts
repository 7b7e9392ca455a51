import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayWithWalletInput, WalletPaymentResult } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';
import { moneyQueryRoots, readAgainAfterChange } from '@/lib/query-keys';

/** `POST /api/v1/payments/many/monedero`: pays the shipments from the Monedero in one go (409 when the balance is short). */
export function payWithWallet(input: PayWithWalletInput): Promise<WalletPaymentResult> {
  return apiRequest<WalletPaymentResult>('/api/v1/payments/many/monedero', { method: 'POST', body: input });
}

export function usePayWithWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payWithWallet,
    // The shipments are paid, the balance is lower and earlier overweight may be settled: every
    // screen showing one of them reads again (Mis Envíos, Monedero, Sobrepesos), not only this one.
    onSettled: () => readAgainAfterChange(queryClient, moneyQueryRoots),
  });
}
