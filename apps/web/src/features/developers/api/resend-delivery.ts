import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { developersQueryKeyRoot } from './get-api-keys';

/** `POST /api/v1/developers/webhooks/{id}/deliveries/{deliveryId}/resend`: «Reenviar», the same event id. */
export function resendDelivery({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }): Promise<{ queued: true }> {
  return apiRequest<{ queued: true }>(`/api/v1/developers/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, {
    method: 'POST',
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendDelivery, onSuccess: () => readAgainAfterChange(queryClient, [developersQueryKeyRoot]) });
}
