import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShipmentOverweight } from '@envios/contracts/overweight';
import { apiRequest } from '@/lib/api-client';
import { overweightQueryKeyRoot } from './keys';

/** `GET /api/v1/overweight/shipment/{id}`: declared and measured, the rule, evidence, dispute and story (record null: none). */
export function getShipmentOverweight(shipmentId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ShipmentOverweight> {
  return apiRequest<ShipmentOverweight>(`/api/v1/overweight/shipment/${encodeURIComponent(shipmentId)}`, signal ? { signal } : {});
}

export function getShipmentOverweightQueryOptions(shipmentId: string) {
  return queryOptions({
    queryKey: [...overweightQueryKeyRoot, 'shipment', shipmentId],
    queryFn: ({ signal }) => getShipmentOverweight(shipmentId, { signal }),
  });
}

export function useShipmentOverweight(shipmentId: string, enabled = true) {
  return useQuery({ ...getShipmentOverweightQueryOptions(shipmentId), enabled });
}
