import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarrierServiceAdmin, UpdateCarrierServiceInput } from '@envios/contracts/carriers';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { carriersAdminKeyRoot } from './get-admin-carriers';

/** `PATCH /carrier-services/{id}`: enable or disable a service, or change its settings. */
export function updateCarrierService({ id, data }: { id: string; data: UpdateCarrierServiceInput }): Promise<CarrierServiceAdmin> {
  return apiRequest<CarrierServiceAdmin>(`/api/v1/carrier-services/${encodeURIComponent(id)}`, { method: 'PATCH', body: data });
}

export function useUpdateCarrierService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCarrierService,
    onSuccess: () => readAgainAfterChange(queryClient, [carriersAdminKeyRoot]),
  });
}
