import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TariffTableResponse } from '@envios/contracts/carriers';
import { apiRequest } from '@/lib/api-client';
import { carriersAdminKeyRoot } from './get-admin-carriers';

/** `GET /carrier-services/{id}/tariffs` (admin): the service and its weight brackets per zone. */
export function getTariffTable(serviceId: string, { signal }: { signal?: AbortSignal } = {}): Promise<TariffTableResponse> {
  return apiRequest<TariffTableResponse>(`/api/v1/carrier-services/${encodeURIComponent(serviceId)}/tariffs`, signal ? { signal } : {});
}

export function getTariffTableQueryOptions(serviceId: string) {
  return queryOptions({
    queryKey: [...carriersAdminKeyRoot, 'tariffs', serviceId],
    queryFn: ({ signal }) => getTariffTable(serviceId, { signal }),
  });
}

export function useTariffTable(serviceId: string | null) {
  return useQuery({ ...getTariffTableQueryOptions(serviceId ?? ''), enabled: Boolean(serviceId) });
}
