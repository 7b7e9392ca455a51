import type { Invoice } from '@envios/contracts/invoices';
import { downloadFile } from '@/lib/download';

/** Where an invoice's PDF or XML is served. */
export function invoiceFileUrl(id: string, format: 'pdf' | 'xml'): string {
  return `/api/v1/invoices/${encodeURIComponent(id)}/${format}`;
}

/** «FACTURA ENV-17» or, before it is stamped, its place in our numbering. */
export function invoiceFolio(invoice: Pick<Invoice, 'series' | 'folio_number'>): string {
  if (invoice.folio_number === null) return 'Sin folio';
  return `${invoice.series ? `${invoice.series}-` : ''}${invoice.folio_number}`;
}

/** Downloads the file with the server's name; a refusal throws its Spanish message. */
export function downloadInvoice(invoice: Pick<Invoice, '_id' | 'series' | 'folio_number'>, format: 'pdf' | 'xml'): Promise<{ filename: string }> {
  return downloadFile(invoiceFileUrl(invoice._id, format), { fallbackName: `factura-${invoiceFolio(invoice)}.${format}` });
}
