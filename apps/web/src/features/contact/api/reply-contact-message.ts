import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessageDetail } from '@envios/contracts/contact';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { contactMessagesQueryKeyRoot } from './get-contact-messages';

/** `POST /contact/messages/{id}/replies` (admin): mails the answer to the sender and keeps it. */
export function replyContactMessage({ id, message }: { id: string; message: string }): Promise<ContactMessageDetail> {
  return apiRequest<ContactMessageDetail>(`/api/v1/contact/messages/${encodeURIComponent(id)}/replies`, { method: 'POST', body: { message } });
}

export function useReplyContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyContactMessage,
    onSuccess: () => readAgainAfterChange(queryClient, [contactMessagesQueryKeyRoot]),
  });
}
