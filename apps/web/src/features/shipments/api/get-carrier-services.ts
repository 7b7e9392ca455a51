import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierServiceOption } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { shipmentsQueryKeyRoot } from './get-shipments';

/** `GET /api/v1/shipments/all/{userId}/carrier-services`: the services the caller has shipped with. */
export function getCarrierServices(userId: string, { signal }: { signal?: AbortSignal } = {}): Promise<CarrierServiceOption[]> {
  return apiRequest<CarrierServiceOption[]>(`/api/v1/shipments/all/${encodeURIComponent(userId)}/carrier-services`, signal ? { signal } : {});
}

export function getCarrierServicesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...shipmentsQueryKeyRoot, 'carrier-services', userId],
    queryFn: ({ signal }) => getCarrierServices(userId, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCarrierServices(userId: string) {
  return useQuery(getCarrierServicesQueryOptions(userId));
}
