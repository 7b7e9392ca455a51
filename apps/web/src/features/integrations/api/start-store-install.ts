import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type OAuthPlatform = 'shopify' | 'tiendanube';

export interface StoreInstallInput {
  platform: OAuthPlatform;
  /** Shopify: the shop's .myshopify.com domain (not for a demo store). */
  shop?: string;
  /** The platform's demo store (simulated). */
  sandbox?: boolean;
}

/** `POST /api/v1/stores/{platform}/authorize`: the platform's consent page for installing our app. */
export function startStoreInstall({ platform, ...body }: StoreInstallInput): Promise<{ url_auth: string }> {
  return apiRequest<{ url_auth: string }>(`/api/v1/stores/${platform}/authorize`, { method: 'POST', body: { sandbox: false, ...body } });
}

export function useStartStoreInstall() {
  return useMutation({ mutationFn: startStoreInstall });
}
