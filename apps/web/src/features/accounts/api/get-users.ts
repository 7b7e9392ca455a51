import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListResponse } from '@envios/contracts/accounts';
import { apiRequest } from '@/lib/api-client';

export const getUsersQueryKeyRoot = ['accounts', 'users-list'] as const;

export interface UsersQuery {
  filter: string;
  page: number;
}

/** `GET /users` (admin): paged, filtered by first name, last name, e-mail or phone. */
export function getUsers({ filter, page }: UsersQuery, { signal }: { signal?: AbortSignal } = {}): Promise<UserListResponse> {
  return apiRequest<UserListResponse>('/api/v1/users', {
    query: { page, filter: filter.trim() || undefined },
    ...(signal ? { signal } : {}),
  });
}

export function getUsersQueryOptions(query: UsersQuery) {
  return queryOptions({
    queryKey: [...getUsersQueryKeyRoot, query.filter.trim(), query.page],
    queryFn: ({ signal }) => getUsers(query, { signal }),
  });
}

export function useUsers(query: UsersQuery) {
  return useQuery({ ...getUsersQueryOptions(query), placeholderData: keepPreviousData });
}
