import { useQuery } from '@tanstack/react-query';
import type { SavedLocation } from '@envios/contracts/addresses';
import type { ParcelTemplate } from '@envios/contracts/parcels';
import { apiRequest } from '@/lib/api-client';
import { integrationsQueryKeyRoot } from './get-stores';

/** `GET /api/v1/locations-user` and `GET /api/v1/parcel-templates`: what a store rule can name as its origin and package. */
export async function getRuleChoices({ signal }: { signal?: AbortSignal } = {}): Promise<{ addresses: SavedLocation[]; packages: ParcelTemplate[] }> {
  const init = signal ? { signal } : {};
  const [addresses, packages] = await Promise.all([
    apiRequest<SavedLocation[]>('/api/v1/locations-user', init),
    apiRequest<ParcelTemplate[]>('/api/v1/parcel-templates', init),
  ]);
  return { addresses, packages };
}

export function useRuleChoices(enabled: boolean) {
  return useQuery({ queryKey: [...integrationsQueryKeyRoot, 'rule-choices'], queryFn: ({ signal }) => getRuleChoices({ signal }), enabled });
}
