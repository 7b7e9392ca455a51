import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GlobalSummary } from '@envios/contracts/invoices';
import { apiRequest } from '@/lib/api-client';
import { invoicesQueryKeyRoot } from './get-invoices';

/** `GET /invoices/global?month=` (admin): the month's global invoice, issued or pending. */
export function getGlobalSummary(month: string, { signal }: { signal?: AbortSignal } = {}): Promise<GlobalSummary> {
  return apiRequest<GlobalSummary>('/api/v1/invoices/global', { query: { month }, ...(signal ? { signal } : {}) });
}

export function getGlobalSummaryQueryOptions(month: string) {
  return queryOptions({ queryKey: [...invoicesQueryKeyRoot, 'global', month], queryFn: ({ signal }) => getGlobalSummary(month, { signal }) });
}

export function useGlobalSummary(month: string) {
  return useQuery(getGlobalSummaryQueryOptions(month));
}
