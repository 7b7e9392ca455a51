import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Shipment, UpdateShipmentInput } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { getShipmentQueryOptions } from './get-shipment';
import { shipmentsQueryKeyRoot } from './get-shipments';

/** `PUT /api/v1/shipments/{id}`: one or more blocks; a new postal code or parcels come with the re-quote's choice. */
export function updateShipment({ id, data }: { id: string; data: UpdateShipmentInput }): Promise<Shipment> {
  return apiRequest<Shipment>(`/api/v1/shipments/${encodeURIComponent(id)}`, { method: 'PUT', body: data });
}

export function useUpdateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShipment,
    onSuccess: async (shipment) => {
      queryClient.setQueryData(getShipmentQueryOptions(shipment._id).queryKey, shipment);
      // The list, the statistics and the last shipments show this one too.
      await readAgainAfterChange(queryClient, [shipmentsQueryKeyRoot]);
    },
  });
}
