import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/v1/payments/shipments/{id}/cancel`: gives up the payments still open for a shipment
 * (PayPal, card or an OXXO reference) so that its price can change; their guides go back.
 */
export function cancelOpenPayment(shipmentId: string): Promise<{ cancelled: number }> {
  return apiRequest<{ cancelled: number }>(`/api/v1/payments/shipments/${encodeURIComponent(shipmentId)}/cancel`, { method: 'POST' });
}

export function useCancelOpenPayment() {
  return useMutation({ mutationFn: cancelOpenPayment });
}
