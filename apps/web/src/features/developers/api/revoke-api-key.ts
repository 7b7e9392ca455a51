import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@envios/contracts/developers';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { developersQueryKeyRoot } from './get-api-keys';

/** `DELETE /api/v1/developers/keys/{id}`: the key stops working when this answers. */
export function revokeApiKey(id: string): Promise<ApiKey> {
  return apiRequest<ApiKey>(`/api/v1/developers/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => readAgainAfterChange(queryClient, [developersQueryKeyRoot]) });
}
