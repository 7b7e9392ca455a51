import { reportParams, type ReportQuery } from './get-period-report';

/** `GET /api/v1/reports/shipments.{xlsx,csv}`: the report's selection as a file (streamed; see ExportButtons). */
export function shipmentsExportUrl(q: Omit<ReportQuery, 'page'>, format: 'xlsx' | 'csv'): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(reportParams(q))) if (v) params.set(k, v);
  const qs = params.toString();
  return `/api/v1/reports/shipments.${format}${qs ? `?${qs}` : ''}`;
}
