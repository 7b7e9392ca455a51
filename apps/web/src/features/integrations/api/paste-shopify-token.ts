import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopifyTokenInput } from '@envios/contracts/integrations';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { integrationsQueryKeyRoot } from './get-stores';

/** `POST /api/v1/stores/shopify/token`: a custom app's Admin API token, checked with the shop before it is kept. */
export function pasteShopifyToken(input: ShopifyTokenInput): Promise<{ _id: string }> {
  return apiRequest<{ _id: string }>('/api/v1/stores/shopify/token', { method: 'POST', body: input });
}

export function usePasteShopifyToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: pasteShopifyToken, onSuccess: () => readAgainAfterChange(queryClient, [integrationsQueryKeyRoot]) });
}
