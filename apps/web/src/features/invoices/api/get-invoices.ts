import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceKind, InvoiceList, InvoiceStatus } from '@envios/contracts/invoices';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const invoicesQueryKeyRoot = queryRoots.invoices;

export interface InvoicesQuery {
  page: number;
  status?: InvoiceStatus | undefined;
  kind?: InvoiceKind | undefined;
  user?: string | undefined;
}

/** `GET /invoices?page=&status=&kind=&user=`: one's invoices (an admin: anyone's), newest first. */
export function getInvoices(query: InvoicesQuery, { signal }: { signal?: AbortSignal } = {}): Promise<InvoiceList> {
  return apiRequest<InvoiceList>('/api/v1/invoices', {
    query: { page: query.page, status: query.status, kind: query.kind, user: query.user },
    ...(signal ? { signal } : {}),
  });
}

export function getInvoicesQueryOptions(query: InvoicesQuery) {
  return queryOptions({
    queryKey: [...invoicesQueryKeyRoot, 'list', query.page, query.status ?? '', query.kind ?? '', query.user ?? ''],
    queryFn: ({ signal }) => getInvoices(query, { signal }),
  });
}

export function useInvoices(query: InvoicesQuery) {
  return useQuery({ ...getInvoicesQueryOptions(query), placeholderData: keepPreviousData });
}
