import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShipmentStats } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { shipmentsQueryKeyRoot } from './get-shipments';

/** `GET /api/v1/shipments/stats/{userId}`: payment status and shipments per carrier, summed in SQL. */
export function getShipmentStats(userId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ShipmentStats> {
  return apiRequest<ShipmentStats>(`/api/v1/shipments/stats/${encodeURIComponent(userId)}`, signal ? { signal } : {});
}

export function getShipmentStatsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...shipmentsQueryKeyRoot, 'stats', userId],
    queryFn: ({ signal }) => getShipmentStats(userId, { signal }),
  });
}

export function useShipmentStats(userId: string) {
  return useQuery(getShipmentStatsQueryOptions(userId));
}
