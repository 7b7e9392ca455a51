import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParcelTemplate } from '@envios/contracts/parcels';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { parcelTemplatesQueryKeyRoot } from './get-parcel-templates';

/** `DELETE /parcel-templates/{id}`: answers the deleted package. */
export function deleteParcelTemplate(id: string): Promise<ParcelTemplate> {
  return apiRequest<ParcelTemplate>(`/api/v1/parcel-templates/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteParcelTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteParcelTemplate, onSuccess: () => readAgainAfterChange(queryClient, [parcelTemplatesQueryKeyRoot]) });
}
