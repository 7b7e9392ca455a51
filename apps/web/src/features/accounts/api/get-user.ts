import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@envios/contracts/accounts';
import { apiRequest } from '@/lib/api-client';

export function getUser(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<User> {
  return apiRequest<User>(`/api/v1/users/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

export function getUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['accounts', 'users', id],
    queryFn: ({ signal }) => getUser(id, { signal }),
  });
}

/** One account (the own one, or any for an admin). */
export function useAccount(id: string | undefined) {
  return useQuery({ ...getUserQueryOptions(id ?? ''), enabled: Boolean(id) });
}
