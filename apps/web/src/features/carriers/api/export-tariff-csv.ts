/**
 * `GET /carrier-services/{id}/tariffs.csv` (admin): the table as a CSV file. A plain link
 * downloads it with the session cookie and the server's file name.
 */
export function tariffCsvUrl(serviceId: string): string {
  return `/api/v1/carrier-services/${encodeURIComponent(serviceId)}/tariffs.csv`;
}
