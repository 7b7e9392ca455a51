import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OverweightOwed } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { shipmentsQueryKeyRoot } from './get-shipments';

/** `GET /api/v1/shipments/all/{userId}/overweight`: the unpaid overweight added to the next purchase. */
export function getOverweightOwed(userId: string, { signal }: { signal?: AbortSignal } = {}): Promise<OverweightOwed> {
  return apiRequest<OverweightOwed>(`/api/v1/shipments/all/${encodeURIComponent(userId)}/overweight`, signal ? { signal } : {});
}

export function getOverweightOwedQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...shipmentsQueryKeyRoot, 'overweight', userId],
    // An admin may record overweight at any time: under the shipments root, it reads again each
    // time a screen opens (the app's money default, app/provider.tsx).
    queryFn: ({ signal }) => getOverweightOwed(userId, { signal }),
  });
}

export function useOverweightOwed(userId: string | undefined) {
  return useQuery({ ...getOverweightOwedQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
