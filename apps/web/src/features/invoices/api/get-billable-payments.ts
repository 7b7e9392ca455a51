import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BillablePaymentList } from '@envios/contracts/invoices';
import { apiRequest } from '@/lib/api-client';
import { invoicesQueryKeyRoot } from './get-invoices';

/** `GET /invoices/payments?month=&page=`: the month's payments (this one by default) and each one's invoice. */
export function getBillablePayments(
  query: { page: number; month?: string | undefined },
  { signal }: { signal?: AbortSignal } = {},
): Promise<BillablePaymentList> {
  return apiRequest<BillablePaymentList>('/api/v1/invoices/payments', { query: { page: query.page, month: query.month }, ...(signal ? { signal } : {}) });
}

export function getBillablePaymentsQueryOptions(query: { page: number; month?: string | undefined }) {
  return queryOptions({
    queryKey: [...invoicesQueryKeyRoot, 'payments', query.month ?? 'current', query.page],
    queryFn: ({ signal }) => getBillablePayments(query, { signal }),
  });
}

export function useBillablePayments(query: { page: number; month?: string | undefined }) {
  return useQuery({ ...getBillablePaymentsQueryOptions(query), placeholderData: keepPreviousData });
}
