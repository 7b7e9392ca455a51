import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelInvoiceInput, Invoice } from '@envios/contracts/invoices';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { invoicesQueryKeyRoot } from './get-invoices';

/** `POST /invoices/{id}/cancel {motive}` (admin): cancellation before the SAT with its motive. */
export function cancelInvoice({ id, data }: { id: string; data: CancelInvoiceInput }): Promise<Invoice> {
  return apiRequest<Invoice>(`/api/v1/invoices/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: data });
}

export function useCancelInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelInvoice, onSettled: () => readAgainAfterChange(queryClient, [invoicesQueryKeyRoot]) });
}
