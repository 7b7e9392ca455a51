import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierServiceOption } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { reportsQueryKeyRoot } from './get-period-report';

/** `GET /api/v1/shipments/all-carrier-services`: the catalogue's services for the 'Servicios' selector. */
export function getReportServices({ signal }: { signal?: AbortSignal } = {}): Promise<CarrierServiceOption[]> {
  return apiRequest<CarrierServiceOption[]>('/api/v1/shipments/all-carrier-services', signal ? { signal } : {});
}

export function getReportServicesQueryOptions() {
  return queryOptions({ queryKey: [...reportsQueryKeyRoot, 'services'], queryFn: ({ signal }) => getReportServices({ signal }), staleTime: 5 * 60_000 });
}

export function useReportServices() {
  return useQuery(getReportServicesQueryOptions());
}
