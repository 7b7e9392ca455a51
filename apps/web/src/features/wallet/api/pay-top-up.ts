import { useMutation } from '@tanstack/react-query';
import type { OxxoResult, PaymentUrl } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';

export type TopUpMethod = 'oxxo' | 'paypal' | 'paypal-plus';

/** Where the buyer goes next: our result page (OXXO) or the provider's page (PayPal, card). */
export type TopUpPaymentStart = { kind: 'oxxo'; result: OxxoResult } | { kind: 'redirect'; url: string };

/**
 * Starts paying a pending top-up: OXXO (`POST /payments/conekta/oxxo/{id}`), PayPal
 * (`POST /prepaid/getLinkpaypal/{id}?email=`) or card through PayPal (`GET /prepaid/getLinkPayPalPlus/{id}`).
 */
export async function startTopUpPayment({ id, method, email }: { id: string; method: TopUpMethod; email: string }): Promise<TopUpPaymentStart> {
  const prepaid = encodeURIComponent(id);
  if (method === 'oxxo') {
    const result = await apiRequest<OxxoResult>(`/api/v1/payments/conekta/oxxo/${prepaid}`, { method: 'POST', body: { email } });
    return { kind: 'oxxo', result };
  }
  if (method === 'paypal') {
    const link = await apiRequest<PaymentUrl>(`/api/v1/prepaid/getLinkpaypal/${prepaid}`, { method: 'POST', query: { email } });
    return { kind: 'redirect', url: link.url };
  }
  const card = await apiRequest<{ data: { link: string; payment_id: string } }>(`/api/v1/prepaid/getLinkPayPalPlus/${prepaid}`);
  return { kind: 'redirect', url: card.data.link };
}

export function useStartTopUpPayment() {
  return useMutation({ mutationFn: startTopUpPayment });
}
