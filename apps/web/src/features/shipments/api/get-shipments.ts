import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@envios/contracts/pagination';
import type { ShipmentPage } from '@envios/contracts/shipments';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** Every shipments query lives under this key; a change to any shipment invalidates it once. */
export const shipmentsQueryKeyRoot = queryRoots.shipments;

export type PaymentStatusFilter = 'paid' | 'unpaid';

export interface ShipmentsQuery {
  page: number;
  /** Each badge of the keyword filter; sent comma-separated. */
  keywords: string[];
  /** A catalogue service id, or undefined for every service. */
  service?: string | undefined;
  status?: PaymentStatusFilter | undefined;
  /** «Impresas» (yes) or «Sin imprimir» (no). */
  printed?: 'yes' | 'no' | undefined;
}

/** `GET /api/v1/shipments/all/{userId}`: one page of the caller's shipments, filtered in SQL. */
export function getShipments(userId: string, query: ShipmentsQuery, { signal }: { signal?: AbortSignal } = {}): Promise<ShipmentPage> {
  return apiRequest<ShipmentPage>(`/api/v1/shipments/all/${encodeURIComponent(userId)}`, {
    query: {
      page: query.page,
      limit: PAGE_SIZE,
      keywords: query.keywords.length > 0 ? query.keywords.join(',') : undefined,
      service: query.service,
      status: query.status,
      printed: query.printed,
    },
    ...(signal ? { signal } : {}),
  });
}

export function getShipmentsQueryOptions(userId: string, query: ShipmentsQuery) {
  return queryOptions({
    queryKey: [...shipmentsQueryKeyRoot, 'list', userId, query],
    queryFn: ({ signal }) => getShipments(userId, query, { signal }),
  });
}

export function useShipments(userId: string, query: ShipmentsQuery) {
  return useQuery({ ...getShipmentsQueryOptions(userId, query), placeholderData: keepPreviousData });
}
