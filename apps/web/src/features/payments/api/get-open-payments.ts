import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenPayments } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';
import { paymentsQueryKeyRoot } from './get-payment-config';

/**
 * `GET /api/v1/payments/open[?shipments=a,b]`: the payments still open (an OXXO reference, a PayPal
 * order waiting for approval), the caller's own or those of the shipments named. Under the
 * payments root: it reads again after every payment and whenever a money screen opens.
 */
export function getOpenPayments(shipmentIds: string[] | undefined, { signal }: { signal?: AbortSignal } = {}): Promise<OpenPayments> {
  return apiRequest<OpenPayments>('/api/v1/payments/open', {
    ...(shipmentIds ? { query: { shipments: shipmentIds.join(',') } } : {}),
    ...(signal ? { signal } : {}),
  });
}

export function getOpenPaymentsQueryOptions(shipmentIds?: string[]) {
  return queryOptions({
    queryKey: [...paymentsQueryKeyRoot, 'open', shipmentIds ?? 'mine'],
    queryFn: ({ signal }) => getOpenPayments(shipmentIds, { signal }),
  });
}

/** The caller's open payments (no ids), or those of the shipments given (none: nothing is asked). */
export function useOpenPayments(shipmentIds?: string[]) {
  return useQuery({ ...getOpenPaymentsQueryOptions(shipmentIds), enabled: shipmentIds === undefined || shipmentIds.length > 0 });
}
