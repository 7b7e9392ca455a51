import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarrierAdmin, CarrierCode, UpdateCarrierInput } from '@envios/contracts/carriers';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { carriersAdminKeyRoot } from './get-admin-carriers';

/** `PATCH /carriers/{code}`: enable or disable it, or change its remote-area surcharge or insurance. */
export function updateCarrier({ code, data }: { code: CarrierCode; data: UpdateCarrierInput }): Promise<CarrierAdmin> {
  return apiRequest<CarrierAdmin>(`/api/v1/carriers/${code}`, { method: 'PATCH', body: data });
}

export function useUpdateCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCarrier,
    // The catalogue, the remote-area list and the audit log all show the change.
    onSuccess: () => readAgainAfterChange(queryClient, [carriersAdminKeyRoot]),
  });
}
