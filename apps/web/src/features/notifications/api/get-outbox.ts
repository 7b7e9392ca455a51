import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxListResponse } from '@envios/contracts/notifications';
import { apiRequest } from '@/lib/api-client';

export interface OutboxQuery {
  recipient: string;
  page: number;
}

/** `GET /outbox` (admin): kept mail and WhatsApp notices, newest first. */
export function getOutbox({ recipient, page }: OutboxQuery, { signal }: { signal?: AbortSignal } = {}): Promise<OutboxListResponse> {
  return apiRequest<OutboxListResponse>('/api/v1/outbox', {
    query: { page, recipient: recipient.trim() || undefined },
    ...(signal ? { signal } : {}),
  });
}

export function getOutboxQueryOptions(query: OutboxQuery) {
  return queryOptions({
    queryKey: ['notifications', 'outbox', query.recipient.trim(), query.page],
    queryFn: ({ signal }) => getOutbox(query, { signal }),
    staleTime: 0,
  });
}

export function useOutbox(query: OutboxQuery) {
  return useQuery({ ...getOutboxQueryOptions(query), placeholderData: keepPreviousData, refetchInterval: 10_000 });
}
