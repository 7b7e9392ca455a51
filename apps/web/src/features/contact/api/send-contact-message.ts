import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@envios/contracts/contact';
import { apiRequest } from '@/lib/api-client';

/** `POST /contact`: stores the message; support gets a copy and the sender an acknowledgement. */
export function sendContactMessage(input: ContactInput): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/v1/contact', { method: 'POST', body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
