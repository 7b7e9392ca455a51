import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipmentOverweight } from '@envios/contracts/overweight';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { overweightQueryKeyRoot } from './keys';

/** `POST /api/v1/overweight/shipment/{id}/dispute/resolve` (admin): accept (cancel and refund) or reject with a reason. */
export function resolveDispute({ shipmentId, ...body }: { shipmentId: string; decision: 'accept' | 'reject'; reason?: string }): Promise<ShipmentOverweight> {
  return apiRequest<ShipmentOverweight>(`/api/v1/overweight/shipment/${encodeURIComponent(shipmentId)}/dispute/resolve`, { method: 'POST', body });
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resolveDispute, onSuccess: () => readAgainAfterChange(queryClient, [overweightQueryKeyRoot]) });
}
