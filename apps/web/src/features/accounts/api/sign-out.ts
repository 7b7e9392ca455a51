import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getMeQueryOptions } from './get-me';

/** `POST /logout`: revokes the session on the server and clears its cookie. */
export function signOut(): Promise<void> {
  return apiRequest<void>('/api/v1/logout', { method: 'POST' });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      // Nothing of the account stays in memory once signed out.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'site' && q.queryKey[0] !== 'geography' });
      queryClient.setQueryData(getMeQueryOptions().queryKey, null);
    },
  });
}
