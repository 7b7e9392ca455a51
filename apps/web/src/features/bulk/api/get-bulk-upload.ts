import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BulkUpload } from '@envios/contracts/bulk';
import { apiRequest } from '@/lib/api-client';

export const bulkQueryKeyRoot = ['bulk'] as const;

/** `GET /shipments/bulk/{id}`: the upload's status and counts (the progress bar reads it). */
export function getBulkUpload(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<BulkUpload> {
  return apiRequest<BulkUpload>(`/api/v1/shipments/bulk/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

export function getBulkUploadQueryOptions(id: string) {
  return queryOptions({ queryKey: [...bulkQueryKeyRoot, 'upload', id], queryFn: ({ signal }) => getBulkUpload(id, { signal }) });
}

/** Asked again every ¾ s while its rows are being checked. */
export function useBulkUpload(id: string | null) {
  return useQuery({
    ...getBulkUploadQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 750 : false),
  });
}
