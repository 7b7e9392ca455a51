import { ApiRequestError } from '@/lib/api-client';

/** The API's Spanish message, or a generic one for a network failure. */
export function errorMessage(error: unknown, fallback = 'No pudimos completar el pago. Intenta de nuevo.'): string {
  if (error instanceof ApiRequestError) return error.body.message || fallback;
  return fallback;
}

/** The API's stable code, when it answered one. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.body.code : undefined;
}

/** PayPal's refusal: its issue and description, and the debug id to quote to support. */
export function paypalErrorText(body: { details?: { issue: string; description: string }[] | undefined; debug_id?: string | undefined }): string | null {
  const detail = body.details?.[0];
  if (!detail && !body.debug_id) return null;
  const parts = [detail ? `${detail.issue}: ${detail.description}` : null, body.debug_id ? `Id de depuración: ${body.debug_id}` : null];
  return parts.filter(Boolean).join(' · ');
}
