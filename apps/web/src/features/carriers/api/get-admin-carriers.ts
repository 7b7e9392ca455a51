import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierAdminListResponse } from '@envios/contracts/carriers';
import { apiRequest } from '@/lib/api-client';

/** Every query of the carriers admin starts with this, so a change can refresh them all at once. */
export const carriersAdminKeyRoot = ['carriers', 'admin'] as const;

/** `GET /carriers/all` (admin): every carrier and service, enabled or not, with surcharges and sources. */
export function getAdminCarriers({ signal }: { signal?: AbortSignal } = {}): Promise<CarrierAdminListResponse> {
  return apiRequest<CarrierAdminListResponse>('/api/v1/carriers/all', signal ? { signal } : {});
}

export function getAdminCarriersQueryOptions() {
  return queryOptions({
    queryKey: [...carriersAdminKeyRoot, 'catalogue'],
    queryFn: ({ signal }) => getAdminCarriers({ signal }),
  });
}

export function useAdminCarriers() {
  return useQuery(getAdminCarriersQueryOptions());
}
