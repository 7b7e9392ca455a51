import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemoOrder, DemoStore } from '@envios/contracts/integrations';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { integrationsQueryKeyRoot } from './get-stores';
import type { OAuthPlatform } from './start-store-install';

/** `GET /api/v1/demo-store/{platform}`: the account's Shopify or Tiendanube demo store and its orders. */
export function getPlatformDemoStore(platform: OAuthPlatform, { signal }: { signal?: AbortSignal } = {}): Promise<DemoStore> {
  return apiRequest<DemoStore>(`/api/v1/demo-store/${platform}`, signal ? { signal } : {});
}

export function getPlatformDemoStoreQueryOptions(platform: OAuthPlatform) {
  return queryOptions({ queryKey: [...integrationsQueryKeyRoot, 'demo-store', platform], queryFn: ({ signal }) => getPlatformDemoStore(platform, { signal }) });
}

/** The tracking arrives as guides are bought and parcels move: read again every 3 seconds while shown. */
export function usePlatformDemoStore(platform: OAuthPlatform) {
  return useQuery({ ...getPlatformDemoStoreQueryOptions(platform), refetchInterval: 3_000 });
}

/** `POST /api/v1/demo-store/{platform}/orders`: a fictitious customer pays an order in the demo store. */
export function placePlatformDemoOrder({ platform, kind }: { platform: OAuthPlatform; kind: 'normal' | 'unknown_postal_code' }): Promise<DemoOrder> {
  return apiRequest<DemoOrder>(`/api/v1/demo-store/${platform}/orders`, { method: 'POST', body: { kind } });
}

export function usePlacePlatformDemoOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: placePlatformDemoOrder, onSuccess: () => readAgainAfterChange(queryClient, [integrationsQueryKeyRoot]) });
}

export interface PlatformDemoConsent {
  platform: OAuthPlatform;
  client_id?: string;
  scope?: string;
  redirect_uri?: string;
  state?: string;
  decision: 'approve' | 'deny';
}

/** `POST /api/v1/demo-store/{platform}/authorize`: the demo consent; answers where the browser goes next (our callback). */
export function authorizePlatformDemo({ platform, ...body }: PlatformDemoConsent): Promise<{ redirect: string }> {
  return apiRequest<{ redirect: string }>(`/api/v1/demo-store/${platform}/authorize`, { method: 'POST', body });
}

export function useAuthorizePlatformDemo() {
  return useMutation({ mutationFn: authorizePlatformDemo });
}
