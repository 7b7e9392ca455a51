import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactList, ContactStatus } from '@envios/contracts/contact';
import { apiRequest } from '@/lib/api-client';

export const contactMessagesQueryKeyRoot = ['contact', 'messages'] as const;

export interface ContactMessagesQuery {
  status: ContactStatus | 'all';
  search: string;
  page: number;
}

/** `GET /contact/messages` (admin): newest first, with the count of messages still open. */
export function getContactMessages(query: ContactMessagesQuery, { signal }: { signal?: AbortSignal } = {}): Promise<ContactList> {
  return apiRequest<ContactList>('/api/v1/contact/messages', {
    query: { status: query.status, page: query.page, search: query.search.trim() || undefined },
    ...(signal ? { signal } : {}),
  });
}

export function getContactMessagesQueryOptions(query: ContactMessagesQuery) {
  return queryOptions({
    queryKey: [...contactMessagesQueryKeyRoot, 'list', query.status, query.search.trim(), query.page],
    queryFn: ({ signal }) => getContactMessages(query, { signal }),
  });
}

export function useContactMessages(query: ContactMessagesQuery) {
  return useQuery({ ...getContactMessagesQueryOptions(query), placeholderData: keepPreviousData });
}
