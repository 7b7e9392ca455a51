import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditListResponse, AuditEntry } from '@envios/contracts/carriers';
import { apiRequest } from '@/lib/api-client';
import { carriersAdminKeyRoot } from './get-admin-carriers';

export interface CarrierAuditQuery {
  entity?: AuditEntry['entity'] | undefined;
  page: number;
}

/** `GET /carrier-audit` (admin): who changed what and when, newest first. */
export function getCarrierAudit(query: CarrierAuditQuery, { signal }: { signal?: AbortSignal } = {}): Promise<AuditListResponse> {
  return apiRequest<AuditListResponse>('/api/v1/carrier-audit', {
    query: { entity: query.entity, page: query.page, limit: 20 },
    ...(signal ? { signal } : {}),
  });
}

export function getCarrierAuditQueryOptions(query: CarrierAuditQuery) {
  return queryOptions({
    queryKey: [...carriersAdminKeyRoot, 'audit', query.entity ?? 'all', query.page],
    queryFn: ({ signal }) => getCarrierAudit(query, { signal }),
  });
}

export function useCarrierAudit(query: CarrierAuditQuery) {
  return useQuery({ ...getCarrierAuditQueryOptions(query), placeholderData: keepPreviousData });
}
