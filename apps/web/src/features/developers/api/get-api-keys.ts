import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeyList } from '@envios/contracts/developers';
import { apiRequest } from '@/lib/api-client';

/** Every query of the developer page lives under this key. */
export const developersQueryKeyRoot = ['developers'] as const;

/** `GET /api/v1/developers/keys`: the account's keys (revoked ones too) and the per-key rate limit. */
export function getApiKeys({ signal }: { signal?: AbortSignal } = {}): Promise<ApiKeyList> {
  return apiRequest<ApiKeyList>('/api/v1/developers/keys', signal ? { signal } : {});
}

export function getApiKeysQueryOptions() {
  return queryOptions({ queryKey: [...developersQueryKeyRoot, 'keys'], queryFn: ({ signal }) => getApiKeys({ signal }) });
}

export function useApiKeys() {
  return useQuery(getApiKeysQueryOptions());
}
