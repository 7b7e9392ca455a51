import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, type createShipmentResponseSchema, type CreateShipmentInput } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { shipmentsQueryKeyRoot } from './get-shipments';

/** The first shipment's `_id` (as the spec answers) and every shipment created, one per guide. */
export type CreateShipmentsAnswer = z.infer<typeof createShipmentResponseSchema>;

export interface CreateShipmentsVariables {
  body: CreateShipmentInput;
  /** Same key, same body: the server answers the first result instead of buying twice. */
  idempotencyKey: string;
  /** `dashboard`: `POST /api/v1/shipments`; `home`: `POST /api/v1/shipments/home` (the public flow). */
  from: 'dashboard' | 'home';
}

/**
 * Creates `cantidadGuias` unpaid shipments with the price snapshot the server computes again
 * (the shipment exists before payment).
 */
export function createShipments({ body, idempotencyKey, from }: CreateShipmentsVariables): Promise<CreateShipmentsAnswer> {
  return apiRequest<CreateShipmentsAnswer>(from === 'home' ? '/api/v1/shipments/home' : '/api/v1/shipments', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useCreateShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipments,
    // The list, the statistics and the last shipments all change.
    onSuccess: () => readAgainAfterChange(queryClient, [shipmentsQueryKeyRoot]),
  });
}
