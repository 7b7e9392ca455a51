import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getMeQueryOptions } from './get-me';

/** `POST /logout`: revokes the session on the server and clears its cookie. */
export function signOut(): Promise<void> {
  return apiRequest<void>('/api/v1/logout', { method: 'POST' });
}

/**
 * Drafts the app keeps in this browser for the signed-in person (the new-shipment wizard's,
 * `envios.newShipment.*`) carry addresses: they go with the session on a shared computer.
 */
function forgetKeptDrafts(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith('envios.newShipment.')) localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      // Nothing of the account stays in memory once signed out.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'site' && q.queryKey[0] !== 'geography' });
      queryClient.setQueryData(getMeQueryOptions().queryKey, null);
      forgetKeptDrafts();
    },
  });
}
