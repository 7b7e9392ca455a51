import { useMutation } from '@tanstack/react-query';
import type { TaxDataCheck } from '@envios/contracts/invoices';
import { apiRequest } from '@/lib/api-client';

/** `POST /invoices/tax-data-check`: «Validar datos» with the stamping service, before any invoice. */
export function checkTaxData(): Promise<TaxDataCheck> {
  return apiRequest<TaxDataCheck>('/api/v1/invoices/tax-data-check', { method: 'POST' });
}

export function useCheckTaxData() {
  return useMutation({ mutationFn: checkTaxData });
}
