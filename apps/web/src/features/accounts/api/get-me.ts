import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@envios/contracts/accounts';
import { ApiRequestError, apiRequest } from '@/lib/api-client';

export const meQueryKey = ['accounts', 'me'] as const;

/** Set with the session cookie by the server (readable, no secret): without it nobody is signed in. */
const SESSION_HINT = /(?:^|;\s*)envios_hay_sesion=/;

/** Whether this browser holds a session cookie at all (visitors skip the `/me` call and its 401). */
export function mayHaveSession(): boolean {
  return typeof document === 'undefined' || SESSION_HINT.test(document.cookie);
}

/** The signed-in account, or null when there is no live session (401) or it is not active (403). */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  if (!mayHaveSession()) return null;
  try {
    return await apiRequest<User>('/api/v1/me', signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 5 * 60_000,
    retry: 0,
  });
}

/** The session hook: `data` is the user, null when signed out, undefined while loading. */
export function useUser() {
  return useQuery(getMeQueryOptions());
}
