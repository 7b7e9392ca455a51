import { useMutation, useQueryClient } from '@tanstack/react-query';
import { overweightQueryKeyRoot } from './keys';
import { postForm } from './upload-files';
import { readAgainAfterChange } from '@/lib/query-keys';

/** `POST /api/v1/overweight/shipment/{id}/evidence` (admin, multipart): the carrier's photos or PDF. */
export function uploadEvidence({ shipmentId, files }: { shipmentId: string; files: File[] }) {
  return postForm(`/api/v1/overweight/shipment/${encodeURIComponent(shipmentId)}/evidence`, {}, files);
}

export function useUploadEvidence() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadEvidence, onSuccess: () => readAgainAfterChange(queryClient, [overweightQueryKeyRoot]) });
}
