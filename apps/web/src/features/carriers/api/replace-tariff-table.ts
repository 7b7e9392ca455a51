import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplaceTariffTableInput, TariffTableResponse } from '@envios/contracts/carriers';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { carriersAdminKeyRoot } from './get-admin-carriers';
import { getTariffTableQueryOptions } from './get-tariff-table';

/** `PUT /carrier-services/{id}/tariffs`: the whole table at once, all or nothing. */
export function replaceTariffTable({ serviceId, data }: { serviceId: string; data: ReplaceTariffTableInput }): Promise<TariffTableResponse> {
  return apiRequest<TariffTableResponse>(`/api/v1/carrier-services/${encodeURIComponent(serviceId)}/tariffs`, { method: 'PUT', body: data });
}

export function useReplaceTariffTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceTariffTable,
    onSuccess: (table, { serviceId }) => {
      queryClient.setQueryData(getTariffTableQueryOptions(serviceId).queryKey, table);
      void readAgainAfterChange(queryClient, [carriersAdminKeyRoot]);
    },
  });
}
