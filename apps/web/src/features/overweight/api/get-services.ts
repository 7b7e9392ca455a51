import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierServiceOption } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { overweightQueryKeyRoot } from './keys';

/**
 * The 'Servicio' filter: for a customer the services they shipped with
 * (`/shipments/all/{userId}/carrier-services`), for the admin report the whole catalogue (`/shipments/all-carrier-services`).
 */
export function getOverweightServices(userId: string | null, { signal }: { signal?: AbortSignal } = {}): Promise<CarrierServiceOption[]> {
  const url = userId ? `/api/v1/shipments/all/${encodeURIComponent(userId)}/carrier-services` : '/api/v1/shipments/all-carrier-services';
  return apiRequest<CarrierServiceOption[]>(url, signal ? { signal } : {});
}

export function getOverweightServicesQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: [...overweightQueryKeyRoot, 'services', userId],
    queryFn: ({ signal }) => getOverweightServices(userId, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useOverweightServices(userId: string | null) {
  return useQuery(getOverweightServicesQueryOptions(userId));
}
