import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParcelTemplate, ParcelTemplateInput } from '@envios/contracts/parcels';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { parcelTemplatesQueryKeyRoot } from './get-parcel-templates';

/** `POST /parcel-templates`: saves a package for the caller. */
export function createParcelTemplate(data: ParcelTemplateInput): Promise<ParcelTemplate> {
  return apiRequest<ParcelTemplate>('/api/v1/parcel-templates', { method: 'POST', body: data });
}

export function useCreateParcelTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createParcelTemplate, onSuccess: () => readAgainAfterChange(queryClient, [parcelTemplatesQueryKeyRoot]) });
}
