import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LabelSettings } from '@envios/contracts/guides';
import { apiRequest } from '@/lib/api-client';

export const labelSettingsQueryKey = ['guides', 'label-settings'] as const;

/** `GET /labels/settings`: the format the account's label downloads use. */
export function getLabelSettings({ signal }: { signal?: AbortSignal } = {}): Promise<LabelSettings> {
  return apiRequest<LabelSettings>('/api/v1/labels/settings', signal ? { signal } : {});
}

export function useLabelSettings() {
  return useQuery(queryOptions({ queryKey: labelSettingsQueryKey, queryFn: ({ signal }) => getLabelSettings({ signal }) }));
}
