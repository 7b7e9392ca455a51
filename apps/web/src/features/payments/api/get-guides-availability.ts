import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuidesAvailability } from '@envios/contracts/payments';
import { apiRequest } from '@/lib/api-client';
import { paymentsQueryKeyRoot } from './get-payment-config';

/** `GET /api/v1/payments/guides-availability?shipments=a,b`: whether every service has a guide to sell. */
export function getGuidesAvailability(shipmentIds: string[], { signal }: { signal?: AbortSignal } = {}): Promise<GuidesAvailability> {
  return apiRequest<GuidesAvailability>('/api/v1/payments/guides-availability', {
    query: { shipments: shipmentIds.join(',') },
    ...(signal ? { signal } : {}),
  });
}

export function getGuidesAvailabilityQueryOptions(shipmentIds: string[]) {
  return queryOptions({
    queryKey: [...paymentsQueryKeyRoot, 'guides-availability', shipmentIds],
    queryFn: ({ signal }) => getGuidesAvailability(shipmentIds, { signal }),
  });
}

export function useGuidesAvailability(shipmentIds: string[]) {
  return useQuery({ ...getGuidesAvailabilityQueryOptions(shipmentIds), enabled: shipmentIds.length > 0 });
}
