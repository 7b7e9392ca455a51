import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteRequest, QuoteResponse } from '@envios/contracts/quotes';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/v1/quoting`: every carrier's options for the request, cheapest first, and the
 * carriers that did not answer. Public; with a session the server applies the customer's margin.
 */
export function createQuote(request: QuoteRequest, { signal }: { signal?: AbortSignal } = {}): Promise<QuoteResponse> {
  return apiRequest<QuoteResponse>('/api/v1/quoting', { method: 'POST', body: request, ...(signal ? { signal } : {}) });
}

/**
 * A quote reads like a query, but prices are never served from memory: each visit to the
 * selector quotes again (an admin may have just changed a tariff, or the person signed in and
 * now gets their own margin). Within one visit the answer stays put.
 */
export function getQuoteQueryOptions(request: QuoteRequest) {
  return queryOptions({
    queryKey: ['quotes', 'quote', request],
    queryFn: ({ signal }) => createQuote(request, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: 0,
  });
}

export function useQuote(request: QuoteRequest | null) {
  return useQuery({ ...getQuoteQueryOptions(request as QuoteRequest), enabled: request !== null });
}
