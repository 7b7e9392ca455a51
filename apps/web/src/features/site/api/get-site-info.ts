import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@envios/contracts/site';
import { apiRequest } from '@/lib/api-client';

/** Typed, not parsed: the API's response schema already strips and checks it, and the layout stays free of zod. */
export async function getSiteInfo({ signal }: { signal?: AbortSignal } = {}): Promise<SiteInfo> {
  return apiRequest<SiteInfo>('/api/v1/site', signal ? { signal } : {});
}

/** Support contacts change only with the server's configuration: fetch once per visit. */
export function getSiteInfoQueryOptions() {
  return queryOptions({
    queryKey: ['site', 'info'],
    queryFn: ({ signal }) => getSiteInfo({ signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useSiteInfo() {
  return useQuery(getSiteInfoQueryOptions());
}
