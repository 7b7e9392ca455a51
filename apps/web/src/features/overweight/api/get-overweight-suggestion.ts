import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OverweightMeasured, OverweightSuggestion } from '@envios/contracts/overweight';
import { apiRequest } from '@/lib/api-client';
import { overweightQueryKeyRoot } from './keys';

/** `GET /api/v1/overweight/shipment/{id}/suggestion` (admin): what the service tariff charges for the measured kilos. */
export function getOverweightSuggestion(shipmentId: string, m: OverweightMeasured, { signal }: { signal?: AbortSignal } = {}): Promise<OverweightSuggestion> {
  return apiRequest<OverweightSuggestion>(`/api/v1/overweight/shipment/${encodeURIComponent(shipmentId)}/suggestion`, {
    query: { weight: m.weight, height: m.height, width: m.width, depth: m.depth },
    ...(signal ? { signal } : {}),
  });
}

export function getOverweightSuggestionQueryOptions(shipmentId: string, m: OverweightMeasured | undefined) {
  return queryOptions({
    queryKey: [...overweightQueryKeyRoot, 'suggestion', shipmentId, m ?? null],
    queryFn: ({ signal }) => getOverweightSuggestion(shipmentId, m!, { signal }),
    enabled: m !== undefined,
    staleTime: 60_000,
  });
}

export function useOverweightSuggestion(shipmentId: string, m: OverweightMeasured | undefined) {
  return useQuery({ ...getOverweightSuggestionQueryOptions(shipmentId, m), placeholderData: keepPreviousData });
}
