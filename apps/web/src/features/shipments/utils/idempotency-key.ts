/**
 * A fresh random key for one creation attempt. `crypto.randomUUID` needs a secure context, so an
 * http deployment falls back to 128 random bits from `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
