import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OxxoSlip } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';
import { paymentsQueryKeyRoot } from './get-payment-config';

/** `GET /api/v1/payments/oxxo/slip?references=A,B`: what the printable OXXO slip shows (own references only). */
export function getOxxoSlip(references: string[], { signal }: { signal?: AbortSignal } = {}): Promise<OxxoSlip> {
  return apiRequest<OxxoSlip>('/api/v1/payments/oxxo/slip', { query: { references: references.join(',') }, ...(signal ? { signal } : {}) });
}

export function getOxxoSlipQueryOptions(references: string[]) {
  return queryOptions({
    queryKey: [...paymentsQueryKeyRoot, 'oxxo-slip', references],
    queryFn: ({ signal }) => getOxxoSlip(references, { signal }),
  });
}

export function useOxxoSlip(references: string[]) {
  return useQuery({ ...getOxxoSlipQueryOptions(references), enabled: references.length > 0 });
}
