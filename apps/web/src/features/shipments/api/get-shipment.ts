import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Shipment } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { shipmentsQueryKeyRoot } from './get-shipments';

/** `GET /api/v1/shipments/{id}`: one shipment with its frozen price snapshot. */
export function getShipment(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Shipment> {
  return apiRequest<Shipment>(`/api/v1/shipments/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

export function getShipmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...shipmentsQueryKeyRoot, 'detail', id],
    queryFn: ({ signal }) => getShipment(id, { signal }),
  });
}

export function useShipment(id: string) {
  return useQuery(getShipmentQueryOptions(id));
}
