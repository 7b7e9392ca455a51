import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BulkUpload } from '@envios/contracts/bulk';
import { apiRequest } from '@/lib/api-client';
import { bulkQueryKeyRoot } from './get-bulk-upload';

/** `GET /shipments/bulk`: the account's latest uploads. */
export function getBulkUploads({ signal }: { signal?: AbortSignal } = {}): Promise<BulkUpload[]> {
  return apiRequest<BulkUpload[]>('/api/v1/shipments/bulk', signal ? { signal } : {});
}

export function useBulkUploads() {
  return useQuery(queryOptions({ queryKey: [...bulkQueryKeyRoot, 'list'], queryFn: ({ signal }) => getBulkUploads({ signal }) }));
}
