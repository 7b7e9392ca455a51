import { useMutation } from '@tanstack/react-query';
import type { PaymentUrl } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/v1/payments/{id}?email=`: a PayPal order for one shipment. `null` is the spec's 204:
 * no guides are available for its service.
 */
export async function createPaypalPayment(input: { shipmentId: string; email?: string | undefined }): Promise<PaymentUrl | null> {
  const answer = await apiRequest<PaymentUrl | undefined>(`/api/v1/payments/${encodeURIComponent(input.shipmentId)}`, {
    method: 'POST',
    query: { email: input.email },
  });
  return answer ?? null;
}

export function useCreatePaypalPayment() {
  return useMutation({ mutationFn: createPaypalPayment });
}
