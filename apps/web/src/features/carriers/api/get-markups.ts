import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarkupListResponse } from '@envios/contracts/carriers';
import { apiRequest } from '@/lib/api-client';
import { carriersAdminKeyRoot } from './get-admin-carriers';

/** `GET /markups` (admin): the general, per-service, per-customer and per-customer-and-service margins. */
export function getMarkups({ signal }: { signal?: AbortSignal } = {}): Promise<MarkupListResponse> {
  return apiRequest<MarkupListResponse>('/api/v1/markups', signal ? { signal } : {});
}

export function getMarkupsQueryOptions() {
  return queryOptions({
    queryKey: [...carriersAdminKeyRoot, 'markups'],
    queryFn: ({ signal }) => getMarkups({ signal }),
  });
}

export function useMarkups() {
  return useQuery(getMarkupsQueryOptions());
}
