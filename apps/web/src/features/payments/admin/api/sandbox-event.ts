import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payment } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
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
    // The admin often clicks right after typing a reference in Buscar: that search's first read may
    // still be under way and must not be what the list keeps.
    onSettled: () => readAgainAfterChange(queryClient, [adminPaymentsQueryKeyRoot]),
  });
}
