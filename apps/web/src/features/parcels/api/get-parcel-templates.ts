import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParcelTemplate } from '@envios/contracts/parcels';
import { apiRequest } from '@/lib/api-client';

export const parcelTemplatesQueryKeyRoot = ['parcels', 'templates'] as const;

/** `GET /parcel-templates`: the caller's saved packages, newest first. */
export function getParcelTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<ParcelTemplate[]> {
  return apiRequest<ParcelTemplate[]>('/api/v1/parcel-templates', signal ? { signal } : {});
}

export function getParcelTemplatesQueryOptions() {
  return queryOptions({ queryKey: [...parcelTemplatesQueryKeyRoot, 'list'], queryFn: ({ signal }) => getParcelTemplates({ signal }) });
}

export function useParcelTemplates() {
  return useQuery(getParcelTemplatesQueryOptions());
}
