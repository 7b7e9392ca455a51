import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarrierCode, RemoteAreaList } from '@envios/contracts/carriers';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { carriersAdminKeyRoot } from './get-admin-carriers';
import { getRemoteAreasQueryOptions } from './get-remote-areas';

/** `POST /carriers/{code}/remote-areas`: adds postal codes to the carrier's list. */
export function addRemoteAreas({ code, postalCodes }: { code: CarrierCode; postalCodes: string[] }): Promise<RemoteAreaList> {
  return apiRequest<RemoteAreaList>(`/api/v1/carriers/${code}/remote-areas`, { method: 'POST', body: { postal_codes: postalCodes } });
}

export function useAddRemoteAreas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRemoteAreas,
    onSuccess: (list, { code }) => {
      queryClient.setQueryData(getRemoteAreasQueryOptions(code).queryKey, list);
      void readAgainAfterChange(queryClient, [carriersAdminKeyRoot]);
    },
  });
}
