import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BulkRowPage, BulkRowStatus } from '@envios/contracts/bulk';
import { apiRequest } from '@/lib/api-client';
import { bulkQueryKeyRoot } from './get-bulk-upload';

export interface BulkRowsQuery {
  status?: BulkRowStatus | undefined;
  page: number;
}

export const BULK_ROWS_PAGE = 25;

/** `GET /shipments/bulk/{id}/rows`: one page of rows, by status. */
export function getBulkRows(id: string, query: BulkRowsQuery, { signal }: { signal?: AbortSignal } = {}): Promise<BulkRowPage> {
  return apiRequest<BulkRowPage>(`/api/v1/shipments/bulk/${encodeURIComponent(id)}/rows`, {
    query: { status: query.status, page: query.page, limit: BULK_ROWS_PAGE },
    ...(signal ? { signal } : {}),
  });
}

export function useBulkRows(id: string, query: BulkRowsQuery, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: [...bulkQueryKeyRoot, 'rows', id, query], queryFn: ({ signal }) => getBulkRows(id, query, { signal }) }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
