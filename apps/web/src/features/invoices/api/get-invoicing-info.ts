import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoicingInfo } from '@envios/contracts/invoices';
import { apiRequest } from '@/lib/api-client';

/** `GET /invoices/info`: real or test invoices, the issuer's data, the current month. */
export function getInvoicingInfo({ signal }: { signal?: AbortSignal } = {}): Promise<InvoicingInfo> {
  return apiRequest<InvoicingInfo>('/api/v1/invoices/info', signal ? { signal } : {});
}

export function getInvoicingInfoQueryOptions() {
  return queryOptions({ queryKey: ['invoicing-info'], queryFn: ({ signal }) => getInvoicingInfo({ signal }), staleTime: 5 * 60_000 });
}

export function useInvoicingInfo() {
  return useQuery(getInvoicingInfoQueryOptions());
}
