import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TariffImportResponse } from '@envios/contracts/carriers';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { carriersAdminKeyRoot } from './get-admin-carriers';
import { getTariffTableQueryOptions } from './get-tariff-table';

/**
 * `PUT /carrier-services/{id}/tariffs.csv`: replaces the table with the file's rows, or nothing;
 * a refused file answers 400 with `errors[{ path: "fila.N.columna", message }]`.
 */
export function importTariffCsv({ serviceId, csv }: { serviceId: string; csv: string }): Promise<TariffImportResponse> {
  return apiRequest<TariffImportResponse>(`/api/v1/carrier-services/${encodeURIComponent(serviceId)}/tariffs.csv`, {
    method: 'PUT',
    text: { contentType: 'text/csv; charset=utf-8', content: csv },
  });
}

export function useImportTariffCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTariffCsv,
    onSuccess: ({ imported: _imported, ...table }, { serviceId }) => {
      queryClient.setQueryData(getTariffTableQueryOptions(serviceId).queryKey, table);
      void readAgainAfterChange(queryClient, [carriersAdminKeyRoot]);
    },
  });
}
