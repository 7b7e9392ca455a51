import { useMutation } from '@tanstack/react-query';
import type { WooOauthInput } from '@envios/contracts/integrations';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/v1/woocommerce/oauth`: the store's consent page where the seller approves our keys. */
export function connectWooCommerce(input: WooOauthInput): Promise<{ url_auth: string }> {
  return apiRequest<{ url_auth: string }>('/api/v1/woocommerce/oauth', { method: 'POST', body: input });
}

export function useConnectWooCommerce() {
  return useMutation({ mutationFn: connectWooCommerce });
}
