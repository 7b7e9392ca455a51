import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/v1/developers/webhooks/{id}/secret`: asked only when the seller presses «Ver secreto», never cached. */
export function getWebhookSecret(id: string): Promise<{ secret: string }> {
  return apiRequest<{ secret: string }>(`/api/v1/developers/webhooks/${encodeURIComponent(id)}/secret`);
}

export function useRevealWebhookSecret() {
  return useMutation({ mutationFn: getWebhookSecret });
}
