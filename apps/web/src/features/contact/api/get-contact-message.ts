import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactMessageDetail } from '@envios/contracts/contact';
import { apiRequest } from '@/lib/api-client';
import { contactMessagesQueryKeyRoot } from './get-contact-messages';

/** `GET /contact/messages/{id}` (admin): the message and every answer sent. */
export function getContactMessage(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<ContactMessageDetail> {
  return apiRequest<ContactMessageDetail>(`/api/v1/contact/messages/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

export function getContactMessageQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...contactMessagesQueryKeyRoot, 'one', id],
    queryFn: ({ signal }) => getContactMessage(id, { signal }),
  });
}

export function useContactMessage(id: string | null) {
  return useQuery({ ...getContactMessageQueryOptions(id ?? ''), enabled: Boolean(id) });
}
