import type { QueryClient } from '@tanstack/react-query';
import type { TrackingResult } from '@envios/contracts/tracking';
import { getTrackingQueryOptions } from '@/features/tracking/api/track-guide';

/**
 * Answers a server-rendered page was rendered with instead of asking the API: the server writes
 * them beside the HTML (`<script type="application/json" id="datos-de-la-pagina">`) and the
 * browser seeds the same before hydrating, so the first render matches and no request follows.
 */
export interface PageData {
  /** /rastreo/{guide}: the guide as written in the address, and its tracking answer. */
  tracking?: { guide: string; result: TrackingResult };
}

export const PAGE_DATA_ELEMENT_ID = 'datos-de-la-pagina';

export function seedPageData(queryClient: QueryClient, data: PageData): void {
  if (data.tracking) queryClient.setQueryData(getTrackingQueryOptions(data.tracking.guide).queryKey, data.tracking.result);
}
