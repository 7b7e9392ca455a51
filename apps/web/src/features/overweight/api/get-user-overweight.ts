import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OverweightPage, OverweightStatus } from '@envios/contracts/overweight';
import { apiRequest } from '@/lib/api-client';
import { overweightQueryKeyRoot } from './keys';

export interface UserOverweightQuery {
  service?: string | undefined;
  status?: OverweightStatus | undefined;
  filter?: string | undefined;
  page: number;
}

/** `GET /api/v1/overweight/user/{userId}`: the user's overweight, newest guide first, and what is still owed. */
export function getUserOverweight(userId: string, q: UserOverweightQuery, { signal }: { signal?: AbortSignal } = {}): Promise<OverweightPage> {
  return apiRequest<OverweightPage>(`/api/v1/overweight/user/${encodeURIComponent(userId)}`, {
    query: { service: q.service, status: q.status, filter: q.filter, page: q.page, limit: 10 },
    ...(signal ? { signal } : {}),
  });
}

export function getUserOverweightQueryOptions(userId: string, q: UserOverweightQuery) {
  return queryOptions({ queryKey: [...overweightQueryKeyRoot, 'user', userId, q], queryFn: ({ signal }) => getUserOverweight(userId, q, { signal }) });
}

export function useUserOverweight(userId: string, q: UserOverweightQuery) {
  return useQuery({ ...getUserOverweightQueryOptions(userId, q), placeholderData: keepPreviousData });
}

export function userOverweightExportUrl(userId: string, q: Omit<UserOverweightQuery, 'page'>, format: 'xlsx' | 'csv'): string {
  const params = new URLSearchParams({ format });
  if (q.service) params.set('service', q.service);
  if (q.status) params.set('status', q.status);
  if (q.filter) params.set('filter', q.filter);
  return `/api/v1/overweight/user/${encodeURIComponent(userId)}/export?${params.toString()}`;
}
