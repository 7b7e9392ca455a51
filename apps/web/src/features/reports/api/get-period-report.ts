import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentFilter, ReportPage } from '@envios/contracts/reports';
import { apiRequest } from '@/lib/api-client';

export const reportsQueryKeyRoot = ['reports'] as const;

export interface ReportQuery {
  date_ini?: string | undefined;
  date_fin?: string | undefined;
  service?: string | undefined;
  status?: PaymentFilter | undefined;
  filter?: string | undefined;
  page: number;
}

/** The report's filters as the API reads them (the end of the period as the spec's client sends it). */
export function reportParams(q: Omit<ReportQuery, 'page'>): Record<string, string | undefined> {
  return { date_ini: q.date_ini, date_fin: q.date_fin ? `${q.date_fin}T23:59:59` : undefined, service: q.service, status: q.status, filter: q.filter };
}

/** `GET /api/v1/shipments/period` (admin): one page of every customer's shipments. */
export function getPeriodReport(q: ReportQuery, { signal }: { signal?: AbortSignal } = {}): Promise<ReportPage> {
  return apiRequest<ReportPage>('/api/v1/shipments/period', { query: { ...reportParams(q), limit: 10, page: q.page }, ...(signal ? { signal } : {}) });
}

export function getPeriodReportQueryOptions(q: ReportQuery) {
  return queryOptions({
    queryKey: [...reportsQueryKeyRoot, 'period', q],
    queryFn: ({ signal }) => getPeriodReport(q, { signal }),
  });
}

export function usePeriodReport(q: ReportQuery) {
  return useQuery({ ...getPeriodReportQueryOptions(q), placeholderData: keepPreviousData });
}
