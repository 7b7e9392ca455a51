import type { ApiError } from '@envios/contracts/errors';
import type { ShipmentOverweight } from '@envios/contracts/overweight';
import { ApiRequestError } from '@/lib/api-client';

/** A multipart POST (the fields and the files), answering the shipment's overweight. */
export async function postForm(url: string, fields: Record<string, string>, files: readonly File[]): Promise<ShipmentOverweight> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('files', f, f.name);
  const response = await fetch(url, { method: 'POST', credentials: 'same-origin', body: form, headers: { accept: 'application/json' } });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const body = (
      data && typeof data === 'object' && 'message' in data ? data : { message: 'No pudimos enviar los archivos. Intenta de nuevo.', code: 'client.unknown' }
    ) as ApiError;
    throw new ApiRequestError(response.status, body);
  }
  return data as ShipmentOverweight;
}
