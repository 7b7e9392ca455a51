import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentList, PaymentMethod, PaymentStatus, WalletReconciliation } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';

export const adminPaymentsQueryKeyRoot = ['payments', 'admin'] as const;

export interface AdminPaymentsQuery {
  page: number;
  status: PaymentStatus | undefined;
  method: PaymentMethod | undefined;
  q: string;
}

/** `GET /admin/payments?status=&method=&q=&page=`: every payment attempt, newest first. */
export function getAdminPayments(query: AdminPaymentsQuery, { signal }: { signal?: AbortSignal } = {}): Promise<PaymentList> {
  return apiRequest<PaymentList>('/api/v1/admin/payments', {
    query: { page: query.page, status: query.status, method: query.method, q: query.q.trim() || undefined },
    ...(signal ? { signal } : {}),
  });
}

export function useAdminPayments(query: AdminPaymentsQuery) {
  return useQuery({
    ...queryOptions({
      queryKey: [...adminPaymentsQueryKeyRoot, 'list', query.page, query.status ?? '', query.method ?? '', query.q.trim()],
      queryFn: ({ signal }) => getAdminPayments(query, { signal }),
    }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /admin/wallets/reconciliation`: every balance beside the sum of its paid ledger entries. */
export function getReconciliation({ signal }: { signal?: AbortSignal } = {}): Promise<WalletReconciliation> {
  return apiRequest<WalletReconciliation>('/api/v1/admin/wallets/reconciliation', signal ? { signal } : {});
}

export function useReconciliation() {
  return useQuery(queryOptions({ queryKey: [...adminPaymentsQueryKeyRoot, 'reconciliation'], queryFn: ({ signal }) => getReconciliation({ signal }) }));
}
