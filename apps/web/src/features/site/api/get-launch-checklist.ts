import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LaunchChecklist } from '@envios/contracts/launch';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/v1/admin/launch-checklist` (admin): the settings still on demonstration values or missing. */
export function getLaunchChecklist({ signal }: { signal?: AbortSignal } = {}): Promise<LaunchChecklist> {
  return apiRequest<LaunchChecklist>('/api/v1/admin/launch-checklist', signal ? { signal } : {});
}

export function getLaunchChecklistQueryOptions() {
  return queryOptions({ queryKey: ['site', 'launch-checklist'], queryFn: ({ signal }) => getLaunchChecklist({ signal }) });
}

export function useLaunchChecklist() {
  return useQuery(getLaunchChecklistQueryOptions());
}
