import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@envios/contracts/invoices';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { invoicesQueryKeyRoot } from './get-invoices';

/** `POST /invoices/{id}/retry` (admin): «Reintentar» a refused invoice with the seller's data as they are now. */
export function retryInvoice(id: string): Promise<Invoice> {
  return apiRequest<Invoice>(`/api/v1/invoices/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

export function useRetryInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryInvoice, onSettled: () => readAgainAfterChange(queryClient, [invoicesQueryKeyRoot]) });
}
