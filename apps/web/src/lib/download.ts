import type { ApiError } from '@envios/contracts/errors';
import { EXPORT_ESTIMATED_BYTES_HEADER, EXPORT_ROWS_HEADER } from '@envios/contracts/reports';
import { ApiRequestError } from './api-client';

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** The server's estimate of the whole file, when it gave one. */
  estimated: number | null;
  /** Rows in the file, when the server said. */
  rows: number | null;
}

function fileNameOf(disposition: string | null, fallback: string): string {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return m?.[1] ? decodeURIComponent(m[1]) : fallback;
}

/**
 * Downloads a file the server writes while it is read (exports): reads the body chunk by chunk,
 * reporting progress, then hands it to the browser as a download. A refusal (400 past the export
 * cap, 403…) throws the server's Spanish message.
 */
export async function downloadFile(
  url: string,
  opts: { fallbackName: string; onProgress?: (p: DownloadProgress) => void; signal?: AbortSignal },
): Promise<{ filename: string; bytes: number }> {
  const response = await fetch(url, { credentials: 'same-origin', ...(opts.signal ? { signal: opts.signal } : {}) });
  if (!response.ok) {
    const text = await response.text();
    let body: ApiError = { message: 'No pudimos generar el archivo. Intenta de nuevo.', code: 'client.unknown' };
    try {
      const parsed = JSON.parse(text) as Partial<ApiError>;
      if (parsed.message) body = parsed as ApiError;
    } catch {
      /* not JSON: keep the generic message */
    }
    throw new ApiRequestError(response.status, body);
  }
  const rows = Number(response.headers.get(EXPORT_ROWS_HEADER) ?? NaN);
  const estimated = Number(response.headers.get(EXPORT_ESTIMATED_BYTES_HEADER) ?? NaN);
  const progress = { received: 0, estimated: Number.isFinite(estimated) ? estimated : null, rows: Number.isFinite(rows) ? rows : null };
  opts.onProgress?.({ ...progress });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      progress.received += value.byteLength;
      opts.onProgress?.({ ...progress });
    }
  }
  const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  const filename = fileNameOf(response.headers.get('content-disposition'), opts.fallbackName);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { filename, bytes: blob.size };
}
