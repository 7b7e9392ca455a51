import { useMutation, useQueryClient } from '@tanstack/react-query';
import { overweightQueryKeyRoot } from './keys';
import { postForm } from './upload-files';
import { readAgainAfterChange } from '@/lib/query-keys';

/** `POST /api/v1/overweight/shipment/{id}/dispute` (owner, multipart): the one dispute, with a message and attachments. */
export function disputeOverweight({ shipmentId, message, files }: { shipmentId: string; message: string; files: File[] }) {
  return postForm(`/api/v1/overweight/shipment/${encodeURIComponent(shipmentId)}/dispute`, { message }, files);
}

export function useDisputeOverweight() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disputeOverweight, onSuccess: () => readAgainAfterChange(queryClient, [overweightQueryKeyRoot]) });
}
