import { useMutation } from '@tanstack/react-query';
import type { OxxoResult, PayManyInput } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/v1/payments/many/conekta/oxxo/`: one OXXO reference for several shipments. */
export function payOxxoMany(input: PayManyInput): Promise<OxxoResult> {
  return apiRequest<OxxoResult>('/api/v1/payments/many/conekta/oxxo/', { method: 'POST', body: input });
}

export function usePayOxxoMany() {
  return useMutation({ mutationFn: payOxxoMany });
}
