import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkReport } from '@envios/contracts/bulk';
import type { ApiError } from '@envios/contracts/errors';
import { ApiRequestError } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { bulkQueryKeyRoot } from './get-bulk-upload';

/**
 * `POST /shipments/bulk` (multipart): sends the spreadsheet, reporting how much of it has left
 * (XMLHttpRequest: fetch cannot tell upload progress), and answers the upload.
 */
export function uploadBulkFile(file: File, onProgress?: (fraction: number) => void): Promise<BulkReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/shipments/bulk');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as BulkReport);
      else {
        const error = (body as ApiError | undefined)?.message
          ? (body as ApiError)
          : { message: 'No pudimos subir el archivo. Intenta de nuevo.', code: 'client.unknown' };
        reject(new ApiRequestError(xhr.status, error));
      }
    };
    xhr.onerror = () =>
      reject(new ApiRequestError(0, { message: 'No hay conexión con el servidor. Revisa tu internet e intenta de nuevo.', code: 'client.network' }));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export function useUploadBulkFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => uploadBulkFile(file, onProgress),
    onSuccess: () => readAgainAfterChange(queryClient, [bulkQueryKeyRoot]),
  });
}
