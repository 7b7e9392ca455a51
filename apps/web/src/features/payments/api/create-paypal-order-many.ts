import { useMutation } from '@tanstack/react-query';
import type { PayManyInput, PaypalOrder } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/v1/paypal/v2/link/many`: one PayPal order for several shipments; the buyer approves it at `approve_url`. */
export function createPaypalOrderMany(input: PayManyInput): Promise<PaypalOrder> {
  return apiRequest<PaypalOrder>('/api/v1/paypal/v2/link/many', { method: 'POST', body: input });
}

export function useCreatePaypalOrderMany() {
  return useMutation({ mutationFn: createPaypalOrderMany });
}
