import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SANDBOX_PAYPAL_ACTIONS, sandboxActionResultSchema } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';

export type SandboxAction = (typeof SANDBOX_PAYPAL_ACTIONS)[number];
export type SandboxActionResult = z.infer<typeof sandboxActionResultSchema>;

/** `POST /api/v1/sandbox/paypal/{orderId}/{action}`: approve, decline the card, or cancel; answers where the buyer goes next. */
export function actOnSandboxOrder(input: { orderId: string; action: SandboxAction }): Promise<SandboxActionResult> {
  return apiRequest<SandboxActionResult>(`/api/v1/sandbox/paypal/${encodeURIComponent(input.orderId)}/${input.action}`, { method: 'POST' });
}

export function useActOnSandboxOrder() {
  return useMutation({ mutationFn: actOnSandboxOrder });
}
