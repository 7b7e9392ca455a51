import type { QuoteRequest, QuoteResponse } from '@envios/contracts/quotes';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/v1/quoting` for one store order (the several-orders flow prices each on its own). */
export function quoteOrder(request: QuoteRequest, { signal }: { signal?: AbortSignal } = {}): Promise<QuoteResponse> {
  return apiRequest<QuoteResponse>('/api/v1/quoting', { method: 'POST', body: request, ...(signal ? { signal } : {}) });
}
