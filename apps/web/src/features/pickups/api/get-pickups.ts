import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PickupList } from '@envios/contracts/pickups';
import { apiRequest } from '@/lib/api-client';

export const pickupsQueryKeyRoot = ['pickups', 'list'] as const;

export interface PickupsQuery {
  search: string;
  page: number;
}

/** `GET /recolecciones?search=&page=`: admins see every pickup request. */
export function getPickups({ search, page }: PickupsQuery, { signal }: { signal?: AbortSignal } = {}): Promise<PickupList> {
  return apiRequest<PickupList>('/api/v1/recolecciones', { query: { page, search: search.trim() || undefined }, ...(signal ? { signal } : {}) });
}

export function getPickupsQueryOptions(query: PickupsQuery) {
  return queryOptions({
    queryKey: [...pickupsQueryKeyRoot, query.search.trim(), query.page],
    queryFn: ({ signal }) => getPickups(query, { signal }),
  });
}

export function usePickups(query: PickupsQuery) {
  return useQuery({ ...getPickupsQueryOptions(query), placeholderData: keepPreviousData });
}
