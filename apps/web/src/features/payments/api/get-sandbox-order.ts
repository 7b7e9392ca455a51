import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { sandboxOrderSchema } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';
import { paymentsQueryKeyRoot } from './get-payment-config';

export type SandboxOrder = z.infer<typeof sandboxOrderSchema>;

/** `GET /api/v1/sandbox/paypal/{orderId}`: the order the local PayPal sandbox asks to approve (404 outside the sandbox). */
export function getSandboxOrder(orderId: string, { signal }: { signal?: AbortSignal } = {}): Promise<SandboxOrder> {
  return apiRequest<SandboxOrder>(`/api/v1/sandbox/paypal/${encodeURIComponent(orderId)}`, signal ? { signal } : {});
}

export function getSandboxOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...paymentsQueryKeyRoot, 'sandbox-order', orderId],
    queryFn: ({ signal }) => getSandboxOrder(orderId, { signal }),
  });
}

export function useSandboxOrder(orderId: string) {
  return useQuery(getSandboxOrderQueryOptions(orderId));
}
