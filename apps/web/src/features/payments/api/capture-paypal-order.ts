import { queryOptions } from '@tanstack/react-query';
import type { CaptureResult } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';
import { paymentsQueryKeyRoot } from './get-payment-config';

/** `GET /api/v1/paypal/v2/capture-order/{orderID}`: takes the approved money (shipment and top-up orders alike). */
export function capturePaypalOrder(orderId: string): Promise<CaptureResult> {
  return apiRequest<CaptureResult>(`/api/v1/paypal/v2/capture-order/${encodeURIComponent(orderId)}`);
}

/**
 * Asked once per return from PayPal: never again on focus or remount, and never aborted (the money
 * may already be taken; the server answers a repeat the same way).
 */
export function getPaypalCaptureQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...paymentsQueryKeyRoot, 'capture', orderId],
    queryFn: () => capturePaypalOrder(orderId),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
