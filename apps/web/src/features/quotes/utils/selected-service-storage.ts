import { shippingOptionSchema, type ShippingOption } from '@envios/contracts/quotes';

/**
 * The option chosen with 'Enviar', kept in this tab for the next step (the new-shipment flow at
 * /shipment/new) and across the trip to /signin and back. The quote request stays under
 * 'envios.quoteRequest' (quote-request-storage.ts).
 */
export const SELECTED_SERVICE_STORAGE_KEY = 'envios.selectedService';

export interface SelectedService {
  option: ShippingOption;
  /** When the prices were quoted (ISO), so the next step can quote again if they are old. */
  quoted_at: string;
}

export function saveSelectedService(selected: SelectedService): void {
  try {
    sessionStorage.setItem(SELECTED_SERVICE_STORAGE_KEY, JSON.stringify(selected));
  } catch {
    // Storage full or disabled: the choice only lives for this page.
  }
}

/** The stored choice, or null when there is none or it no longer passes the contract. */
export function loadSelectedService(): SelectedService | null {
  try {
    const raw = sessionStorage.getItem(SELECTED_SERVICE_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SelectedService> | null;
    const option = shippingOptionSchema.safeParse(value?.option);
    if (!option.success || typeof value?.quoted_at !== 'string') return null;
    return { option: option.data, quoted_at: value.quoted_at };
  } catch {
    return null;
  }
}

export function clearSelectedService(): void {
  try {
    sessionStorage.removeItem(SELECTED_SERVICE_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
