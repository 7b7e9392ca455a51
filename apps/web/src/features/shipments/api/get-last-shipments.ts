import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ShipmentRow } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { shipmentsQueryKeyRoot } from './get-shipments';

export const LAST_SHIPMENTS_LIMIT = 5;

/** `GET /api/v1/last/shipment/{userId}`: the newest shipments, optionally matching `search`. */
export function getLastShipments(userId: string, search: string, { signal }: { signal?: AbortSignal } = {}): Promise<ShipmentRow[]> {
  return apiRequest<ShipmentRow[]>(`/api/v1/last/shipment/${encodeURIComponent(userId)}`, {
    query: { search: search || undefined, limit: LAST_SHIPMENTS_LIMIT },
    ...(signal ? { signal } : {}),
  });
}

export function getLastShipmentsQueryOptions(userId: string, search: string) {
  return queryOptions({
    queryKey: [...shipmentsQueryKeyRoot, 'last', userId, search],
    queryFn: ({ signal }) => getLastShipments(userId, search, { signal }),
  });
}

export function useLastShipments(userId: string, search: string) {
  return useQuery({ ...getLastShipmentsQueryOptions(userId, search), placeholderData: keepPreviousData });
}
