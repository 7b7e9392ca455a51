import { useMutation } from '@tanstack/react-query';
import type { SendInvoiceEmailInput } from '@envios/contracts/invoices';
import { apiRequest } from '@/lib/api-client';

/** `POST /invoices/{id}/email`: «Enviar por correo» (to the tax data's address unless another is given). */
export function sendInvoiceEmail({ id, data }: { id: string; data: SendInvoiceEmailInput }): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/api/v1/invoices/${encodeURIComponent(id)}/email`, { method: 'POST', body: data });
}

export function useSendInvoiceEmail() {
  return useMutation({ mutationFn: sendInvoiceEmail });
}
