import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OverweightPage } from '@envios/contracts/overweight';
import { apiRequest } from '@/lib/api-client';
import { overweightQueryKeyRoot } from './keys';
import type { UserOverweightQuery } from './get-user-overweight';

export interface AllOverweightQuery extends UserOverweightQuery {
  date_ini?: string | undefined;
  date_fin?: string | undefined;
}

function params(q: Omit<AllOverweightQuery, 'page'>): Record<string, string | undefined> {
  return { date_ini: q.date_ini, date_fin: q.date_fin ? `${q.date_fin}T23:59:59` : undefined, service: q.service, status: q.status, filter: q.filter };
}

/** `GET /api/v1/overweight/all` (admin): every customer's overweight in a period. */
export function getAllOverweight(q: AllOverweightQuery, { signal }: { signal?: AbortSignal } = {}): Promise<OverweightPage> {
  return apiRequest<OverweightPage>('/api/v1/overweight/all', { query: { ...params(q), page: q.page, limit: 10 }, ...(signal ? { signal } : {}) });
}

export function getAllOverweightQueryOptions(q: AllOverweightQuery) {
  return queryOptions({ queryKey: [...overweightQueryKeyRoot, 'all', q], queryFn: ({ signal }) => getAllOverweight(q, { signal }) });
}

export function useAllOverweight(q: AllOverweightQuery) {
  return useQuery({ ...getAllOverweightQueryOptions(q), placeholderData: keepPreviousData });
}

export function allOverweightExportUrl(q: Omit<AllOverweightQuery, 'page'>, format: 'xlsx' | 'csv'): string {
  const search = new URLSearchParams({ format });
  for (const [k, v] of Object.entries(params(q))) if (v) search.set(k, v);
  return `/api/v1/overweight/all/export?${search.toString()}`;
}
