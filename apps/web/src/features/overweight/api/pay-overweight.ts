import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipmentOverweight } from '@envios/contracts/overweight';
import { apiRequest } from '@/lib/api-client';
import { moneyQueryRoots, readAgainAfterChange } from '@/lib/query-keys';

/** `POST /api/v1/overweight/shipment/{id}/pay`: the owner pays a pending overweight from the wallet ('Pago sobrepeso'). */
export function payOverweight(shipmentId: string): Promise<ShipmentOverweight> {
  return apiRequest<ShipmentOverweight>(`/api/v1/overweight/shipment/${encodeURIComponent(shipmentId)}/pay`, { method: 'POST' });
}

export function usePayOverweight() {
  const queryClient = useQueryClient();
  // The wallet's balance and movements change too, and the next purchase no longer carries it.
  return useMutation({ mutationFn: payOverweight, onSuccess: () => readAgainAfterChange(queryClient, moneyQueryRoots) });
}
