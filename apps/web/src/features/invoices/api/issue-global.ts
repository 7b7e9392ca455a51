import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GlobalSummary } from '@envios/contracts/invoices';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { invoicesQueryKeyRoot } from './get-invoices';

/** `POST /invoices/global {month}` (admin): issues a closed month's global invoice now. */
export function issueGlobal(month: string): Promise<GlobalSummary> {
  return apiRequest<GlobalSummary>('/api/v1/invoices/global', { method: 'POST', body: { month } });
}

export function useIssueGlobal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: issueGlobal, onSettled: () => readAgainAfterChange(queryClient, [invoicesQueryKeyRoot]) });
}
