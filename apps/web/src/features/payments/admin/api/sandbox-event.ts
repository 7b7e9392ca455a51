import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payment } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';
import { adminPaymentsQueryKeyRoot } from './get-admin-payments';

export type SandboxEvent = 'paid' | 'expired';

/** `POST /admin/payments/{id}/sandbox/{paid|expired}`: a sandbox OXXO payment goes through the webhook path. */
export function sendSandboxEvent({ id, event }: { id: string; event: SandboxEvent }): Promise<Payment> {
  return apiRequest<Payment>(`/api/v1/admin/payments/${encodeURIComponent(id)}/sandbox/${event}`, { method: 'POST' });
}

export function useSandboxEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSandboxEvent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPaymentsQueryKeyRoot }),
  });
}
