import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface PaypalCardLink {
  data: { link: string; payment_id: string };
}

/** `GET /api/v1/paypal/plus/link/{id}`: PayPal's guest checkout (card) for one shipment; the buyer is sent to `link`. */
export function getPaypalCardLink(shipmentId: string): Promise<PaypalCardLink> {
  return apiRequest<PaypalCardLink>(`/api/v1/paypal/plus/link/${encodeURIComponent(shipmentId)}`);
}

export function useGetPaypalCardLink() {
  return useMutation({ mutationFn: getPaypalCardLink });
}
