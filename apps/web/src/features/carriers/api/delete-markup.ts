import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { carriersAdminKeyRoot } from './get-admin-carriers';

/** `DELETE /markups/{id}`. */
export function deleteMarkup(id: string): Promise<void> {
  return apiRequest<void>(`/api/v1/markups/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteMarkup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMarkup,
    onSuccess: () => readAgainAfterChange(queryClient, [carriersAdminKeyRoot]),
  });
}
