import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierCode, RemoteAreaList } from '@envios/contracts/carriers';
import { apiRequest } from '@/lib/api-client';
import { carriersAdminKeyRoot } from './get-admin-carriers';

/** `GET /carriers/{code}/remote-areas` (admin): destination postal codes that pay the surcharge. */
export function getRemoteAreas(code: CarrierCode, { signal }: { signal?: AbortSignal } = {}): Promise<RemoteAreaList> {
  return apiRequest<RemoteAreaList>(`/api/v1/carriers/${code}/remote-areas`, signal ? { signal } : {});
}

export function getRemoteAreasQueryOptions(code: CarrierCode) {
  return queryOptions({
    queryKey: [...carriersAdminKeyRoot, 'remote-areas', code],
    queryFn: ({ signal }) => getRemoteAreas(code, { signal }),
  });
}

export function useRemoteAreas(code: CarrierCode) {
  return useQuery(getRemoteAreasQueryOptions(code));
}
