/**
 * PayPal sends the buyer back with only our payment id. Before leaving for PayPal the payment page
 * remembers itself under that id (this tab only), so a cancelled approval returns to it.
 */
const KEY = 'envios.payments.returnTo.';

export function rememberReturnTo(paymentId: string, path: string): void {
  try {
    sessionStorage.setItem(KEY + paymentId, path);
  } catch {
    // Storage may be unavailable (private mode): the return page then offers Mis Envíos.
  }
}

export function recallReturnTo(paymentId: string): string | null {
  try {
    const path = sessionStorage.getItem(KEY + paymentId);
    // Only our own pages: never an address someone put in storage.
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

/** Router state a payment page reads to say the last PayPal approval was cancelled. */
export interface PaymentPageState {
  paypalCancelled?: boolean;
}

export function isPaypalCancelled(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as PaymentPageState).paypalCancelled === true;
}
