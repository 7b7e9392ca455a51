import { quoteRequestSchema, type QuoteRequest } from '@envios/contracts/quotes';

/** Where the home quote waits for the provider selector (/service-providers) in this tab. */
export const QUOTE_REQUEST_STORAGE_KEY = 'envios.quoteRequest';

export function saveQuoteRequest(request: QuoteRequest): void {
  sessionStorage.setItem(QUOTE_REQUEST_STORAGE_KEY, JSON.stringify(request));
}

/** The stored request, or null when there is none or it no longer passes the contract. */
export function loadQuoteRequest(): QuoteRequest | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(QUOTE_REQUEST_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = quoteRequestSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearQuoteRequest(): void {
  sessionStorage.removeItem(QUOTE_REQUEST_STORAGE_KEY);
}

/** Navigation state that asks the home form to come back filled with the stored request ('Regresar'). */
export const RESTORE_QUOTE_STATE = { restoreQuote: true } as const;

export function wantsQuoteRestored(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { restoreQuote?: unknown }).restoreQuote === true;
}
