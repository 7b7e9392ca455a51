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
    queryFn: ({ signal }) => getOverweightOwed(userId, { signal }),
    // An admin may record overweight at any time; the summary always shows the current figure.
    staleTime: 0,
  });
}

export function useOverweightOwed(userId: string | undefined) {
  return useQuery({ ...getOverweightOwedQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
