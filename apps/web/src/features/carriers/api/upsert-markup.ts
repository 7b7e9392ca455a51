import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Markup, MarkupInput } from '@envios/contracts/carriers';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { carriersAdminKeyRoot } from './get-admin-carriers';

/** `PUT /markups`: creates or replaces the margin of (service, customer); null means every one. */
export function upsertMarkup(data: MarkupInput): Promise<Markup> {
  return apiRequest<Markup>('/api/v1/markups', { method: 'PUT', body: data });
}

export function useUpsertMarkup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertMarkup,
    onSuccess: () => readAgainAfterChange(queryClient, [carriersAdminKeyRoot]),
  });
}
