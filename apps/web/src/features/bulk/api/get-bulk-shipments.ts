import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BulkShipment } from '@envios/contracts/bulk';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** `GET /shipments/bulk/{id}/shipments`: the shipments an upload created (under the shipments root: a payment reads them again). */
export function getBulkShipments(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<BulkShipment[]> {
  return apiRequest<BulkShipment[]>(`/api/v1/shipments/bulk/${encodeURIComponent(id)}/shipments`, signal ? { signal } : {});
}

export function useBulkShipments(id: string | null) {
  return useQuery({
    ...queryOptions({ queryKey: [...queryRoots.shipments, 'bulk', id], queryFn: ({ signal }) => getBulkShipments(id!, { signal }) }),
    enabled: id !== null,
  });
}
