import { useMutation } from '@tanstack/react-query';
import type { OxxoResult } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/v1/payments/conekta/oxxo/{id}`: an OXXO reference to pay one shipment in cash. */
export function payOxxo(input: { shipmentId: string; email?: string | undefined }): Promise<OxxoResult> {
  return apiRequest<OxxoResult>(`/api/v1/payments/conekta/oxxo/${encodeURIComponent(input.shipmentId)}`, {
    method: 'POST',
    body: { email: input.email },
  });
}

export function usePayOxxo() {
  return useMutation({ mutationFn: payOxxo });
}
