import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrackingResult, TrackingState } from '@envios/contracts/tracking';
import { ApiRequestError, apiRequest } from '@/lib/api-client';

/**
 * `POST /api/v1/tracking {guide_number}` (public): the guide's stored movements, refreshed from
 * the carrier when they are old. An unknown guide answers 404.
 */
export function trackGuide(guide: string, { signal }: { signal?: AbortSignal } = {}): Promise<TrackingResult> {
  return apiRequest<TrackingResult>('/api/v1/tracking', { method: 'POST', body: { guide_number: guide }, ...(signal ? { signal } : {}) });
}

/** A 404 (unknown guide) or 400 (malformed guide) is an answer, not a hiccup: never retried. */
export function isFinalTrackingError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

export function isTrackingNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

export function getTrackingQueryOptions(guide: string) {
  return queryOptions({
    queryKey: ['tracking', guide],
    queryFn: ({ signal }) => trackGuide(guide, { signal }),
    // The server keeps the movements fresh; a minute in memory spares repeated looks at the same guide.
    staleTime: 60_000,
    retry: (failures, error) => !isFinalTrackingError(error) && failures < 1,
  });
}

/** Nothing more will happen to a delivered or cancelled guide. */
const FINISHED: ReadonlySet<TrackingState> = new Set(['delivered', 'cancelled']);
const LIVE_REFRESH_MS = 120_000;

/** `live`: an open tracking page asks again every two minutes until the guide is finished. */
export function useTracking(guide: string, { enabled = true, live = false }: { enabled?: boolean; live?: boolean } = {}) {
  return useQuery({
    ...getTrackingQueryOptions(guide),
    enabled: enabled && guide !== '',
    refetchInterval: live ? (query) => (query.state.data && FINISHED.has(query.state.data.state) ? false : LIVE_REFRESH_MS) : false,
  });
}
