import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarrierCode } from '@envios/contracts/carriers';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { carriersAdminKeyRoot } from './get-admin-carriers';

/** `DELETE /carriers/{code}/remote-areas/{postalCode}`: takes one postal code off the list. */
export function removeRemoteArea({ code, postalCode }: { code: CarrierCode; postalCode: string }): Promise<void> {
  return apiRequest<void>(`/api/v1/carriers/${code}/remote-areas/${encodeURIComponent(postalCode)}`, { method: 'DELETE' });
}

export function useRemoveRemoteArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRemoteArea,
    onSuccess: () => readAgainAfterChange(queryClient, [carriersAdminKeyRoot]),
  });
}
