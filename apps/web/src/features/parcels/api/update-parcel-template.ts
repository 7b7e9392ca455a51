import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParcelTemplate, ParcelTemplateInput } from '@envios/contracts/parcels';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { parcelTemplatesQueryKeyRoot } from './get-parcel-templates';

/** `PUT /parcel-templates/{id}`: replaces a saved package. */
export function updateParcelTemplate({ id, data }: { id: string; data: ParcelTemplateInput }): Promise<ParcelTemplate> {
  return apiRequest<ParcelTemplate>(`/api/v1/parcel-templates/${encodeURIComponent(id)}`, { method: 'PUT', body: data });
}

export function useUpdateParcelTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateParcelTemplate, onSuccess: () => readAgainAfterChange(queryClient, [parcelTemplatesQueryKeyRoot]) });
}
