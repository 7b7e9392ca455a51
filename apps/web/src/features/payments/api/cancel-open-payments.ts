import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { moneyQueryRoots, readAgainAfterChange } from '@/lib/query-keys';

/**
 * `POST /api/v1/payments/shipments/{id}/cancel`: gives up the payments still open for a shipment
 * (its OXXO reference is cancelled at the store's processor); their guides go back to the stock.
 */
export function cancelOpenPayments(shipmentId: string): Promise<{ cancelled: number }> {
  return apiRequest<{ cancelled: number }>(`/api/v1/payments/shipments/${encodeURIComponent(shipmentId)}/cancel`, { method: 'POST' });
}

export function useCancelOpenPayments() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelOpenPayments, onSuccess: () => readAgainAfterChange(queryClient, moneyQueryRoots) });
}
