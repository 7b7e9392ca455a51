import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessageDetail } from '@envios/contracts/contact';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { contactMessagesQueryKeyRoot } from './get-contact-messages';

/** `PATCH /contact/messages/{id}` (admin): close a message, or open it again. */
export function updateContactStatus({ id, status }: { id: string; status: 'open' | 'closed' }): Promise<ContactMessageDetail> {
  return apiRequest<ContactMessageDetail>(`/api/v1/contact/messages/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status } });
}

export function useUpdateContactStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactStatus,
    onSuccess: () => readAgainAfterChange(queryClient, [contactMessagesQueryKeyRoot]),
  });
}
