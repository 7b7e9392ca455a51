import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LabelSettings } from '@envios/contracts/guides';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { labelSettingsQueryKey } from './get-label-settings';

/** `PUT /labels/settings`: saves the account's label format. */
export function saveLabelSettings(data: LabelSettings): Promise<LabelSettings> {
  return apiRequest<LabelSettings>('/api/v1/labels/settings', { method: 'PUT', body: data });
}

export function useSaveLabelSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveLabelSettings, onSuccess: () => readAgainAfterChange(queryClient, [labelSettingsQueryKey]) });
}
