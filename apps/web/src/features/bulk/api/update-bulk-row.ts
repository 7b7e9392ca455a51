import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkRow, BulkRowUpdate } from '@envios/contracts/bulk';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { bulkQueryKeyRoot } from './get-bulk-upload';

/** `PATCH /shipments/bulk/{id}/rows/{row}`: corrected values or «Crear de nuevo»; the row is checked and quoted again. */
export function updateBulkRow({ id, row, data }: { id: string; row: number; data: BulkRowUpdate }): Promise<BulkRow> {
  return apiRequest<BulkRow>(`/api/v1/shipments/bulk/${encodeURIComponent(id)}/rows/${row}`, { method: 'PATCH', body: data });
}

export function useUpdateBulkRow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBulkRow, onSuccess: () => readAgainAfterChange(queryClient, [bulkQueryKeyRoot]) });
}
