import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceLink, InvoiceLinks } from '@envios/contracts/invoices';
import { apiRequest } from '@/lib/api-client';
import { invoicesQueryKeyRoot } from './get-invoices';

export type LinkTarget = { payment: string } | { walletEntry: string };

/** `GET /invoices/links?payments=&wallet_entries=`: each payment's or top-up's invoice state. */
export function getInvoiceLinks(query: { payments: string[]; walletEntries: string[] }): Promise<InvoiceLinks> {
  return apiRequest<InvoiceLinks>('/api/v1/invoices/links', {
    query: { payments: query.payments.join(',') || undefined, wallet_entries: query.walletEntries.join(',') || undefined },
  });
}

/*
 * A list shows one cell per row; each cell asks for its own link, and the asks of one render are
 * sent together (up to 50 per request) a moment later.
 */
type Pending = { target: LinkTarget; resolve: (link: InvoiceLink | null) => void; reject: (error: unknown) => void };
let queue: Pending[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function flush(): void {
  timer = undefined;
  const batch = queue;
  queue = [];
  for (let i = 0; i < batch.length; i += 50) {
    const part = batch.slice(i, i + 50);
    const payments = part.flatMap((p) => ('payment' in p.target ? [p.target.payment] : []));
    const walletEntries = part.flatMap((p) => ('walletEntry' in p.target ? [p.target.walletEntry] : []));
    getInvoiceLinks({ payments, walletEntries }).then(
      ({ links }) => {
        for (const p of part) {
          const t = p.target;
          p.resolve(links.find((l) => ('payment' in t ? l.payment_id === t.payment : l.wallet_entry_id === t.walletEntry)) ?? null);
        }
      },
      (error: unknown) => part.forEach((p) => p.reject(error)),
    );
  }
}

export function getInvoiceLink(target: LinkTarget): Promise<InvoiceLink | null> {
  return new Promise((resolve, reject) => {
    queue.push({ target, resolve, reject });
    timer ??= setTimeout(flush, 10);
  });
}

export function getInvoiceLinkQueryOptions(target: LinkTarget) {
  return queryOptions({
    queryKey: [...invoicesQueryKeyRoot, 'link', 'payment' in target ? `p:${target.payment}` : `w:${target.walletEntry}`],
    queryFn: () => getInvoiceLink(target),
  });
}

export function useInvoiceLink(target: LinkTarget) {
  return useQuery(getInvoiceLinkQueryOptions(target));
}
