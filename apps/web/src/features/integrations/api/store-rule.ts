import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoreRule, StoreRuleInput } from '@envios/contracts/integrations';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { integrationsQueryKeyRoot } from './get-stores';

/** `GET /api/v1/stores/{id}/rule`: the store's shipping rule (its defaults before the first save). */
export function getStoreRule(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<StoreRule> {
  return apiRequest<StoreRule>(`/api/v1/stores/${encodeURIComponent(id)}/rule`, signal ? { signal } : {});
}

export function getStoreRuleQueryOptions(id: string) {
  return queryOptions({ queryKey: [...integrationsQueryKeyRoot, 'rule', id], queryFn: ({ signal }) => getStoreRule(id, { signal }) });
}

export function useStoreRule(id: string, enabled = true) {
  return useQuery({ ...getStoreRuleQueryOptions(id), enabled });
}

/** `PUT /api/v1/stores/{id}/rule`. */
export function saveStoreRule({ id, rule }: { id: string; rule: StoreRuleInput }): Promise<StoreRule> {
  return apiRequest<StoreRule>(`/api/v1/stores/${encodeURIComponent(id)}/rule`, { method: 'PUT', body: rule });
}

export function useSaveStoreRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveStoreRule, onSuccess: () => readAgainAfterChange(queryClient, [integrationsQueryKeyRoot]) });
}
