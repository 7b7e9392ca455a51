import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKey, CreatedApiKey } from '@envios/contracts/developers';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { developersQueryKeyRoot } from './get-api-keys';

/** `POST /api/v1/developers/keys`: the whole key comes only in this answer. */
export function createApiKey(input: CreateApiKey): Promise<CreatedApiKey> {
  return apiRequest<CreatedApiKey>('/api/v1/developers/keys', { method: 'POST', body: input });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => readAgainAfterChange(queryClient, [developersQueryKeyRoot]) });
}
