import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, type createShipmentResponseSchema, type CreateShipmentInput } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { integrationsQueryKeyRoot } from './get-stores';

export type CreatedShipments = z.infer<typeof createShipmentResponseSchema>;

/** `POST /api/v1/shipments/home/all`: one unpaid shipment per order, all in one transaction. */
export function createOrderShipments({ bodies, idempotencyKey }: { bodies: CreateShipmentInput[]; idempotencyKey: string }): Promise<CreatedShipments> {
  return apiRequest<CreatedShipments>('/api/v1/shipments/home/all', {
    method: 'POST',
    body: { shipments: bodies },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useCreateOrderShipments() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOrderShipments, onSuccess: () => readAgainAfterChange(queryClient, [integrationsQueryKeyRoot]) });
}
