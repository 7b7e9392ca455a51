import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice, RequestInvoiceInput } from '@envios/contracts/invoices';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { invoicesQueryKeyRoot } from './get-invoices';

/** `POST /invoices {payment_id}`: the payment's invoice, stamped now (or the service's refusal, as is). */
export function requestInvoice(input: RequestInvoiceInput): Promise<Invoice> {
  return apiRequest<Invoice>('/api/v1/invoices', { method: 'POST', body: input });
}

export function useRequestInvoice() {
  const queryClient = useQueryClient();
  // A refusal or a service down also changes the list (the invoice is there, refused or in process).
  return useMutation({ mutationFn: requestInvoice, onSettled: () => readAgainAfterChange(queryClient, [invoicesQueryKeyRoot]) });
}
