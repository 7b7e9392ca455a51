import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordOverweightInput } from '@envios/contracts/overweight';
import type { Shipment } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { overweightQueryKeyRoot } from './keys';

/** 'Editar sobrepeso': `PUT /api/v1/shipments/{id}` with overweight and cost_overweight (admin); the server charges or leaves it pending. */
export function recordOverweight({ shipmentId, ...body }: RecordOverweightInput & { shipmentId: string }): Promise<Shipment> {
  return apiRequest<Shipment>(`/api/v1/shipments/${encodeURIComponent(shipmentId)}`, { method: 'PUT', body });
}

export function useRecordOverweight() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordOverweight, onSuccess: () => readAgainAfterChange(queryClient, [overweightQueryKeyRoot]) });
}
