import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxMessageDetail } from '@envios/contracts/notifications';
import { apiRequest } from '@/lib/api-client';

export function getOutboxMessage(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<OutboxMessageDetail> {
  return apiRequest<OutboxMessageDetail>(`/api/v1/outbox/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

export function getOutboxMessageQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['notifications', 'outbox-message', id],
    queryFn: ({ signal }) => getOutboxMessage(id, { signal }),
    staleTime: Infinity,
  });
}

export function useOutboxMessage(id: string | null) {
  return useQuery({ ...getOutboxMessageQueryOptions(id ?? ''), enabled: Boolean(id) });
}
