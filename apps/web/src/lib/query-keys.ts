import type { QueryClient } from '@tanstack/react-query';

/**
 * Query-key roots that more than one feature refreshes. Money moving changes several screens at
 * once: a wallet payment marks shipments paid, lowers the balance and may settle overweight, so
 * every screen that shows one of those must read again, whichever feature drew it.
 */
export const queryRoots = {
  shipments: ['shipments'],
  wallet: ['wallet'],
  payments: ['payments'],
  overweight: ['overweight'],
  integrations: ['integrations'],
  /** The E-Commerce tab: an order paid for becomes a shipment with its guide. */
  storeOrders: ['integrations', 'orders'],
  /** A payment received is invoiced (Facturación, and the invoice links of Monedero and Pagos). */
  invoices: ['invoices'],
} as const;

/** What a payment (or a wallet charge) may have changed. */
export const moneyQueryRoots: readonly (readonly string[])[] = [
  queryRoots.shipments,
  queryRoots.wallet,
  queryRoots.payments,
  queryRoots.overweight,
  queryRoots.storeOrders,
  queryRoots.invoices,
];

/**
 * Reads these roots again after a change on the server. A read already under way may have left
 * before the change, and invalidating alone reuses such a read when it is the query's first (no
 * data yet: a list whose search was typed a moment ago), so the screen would keep what it saw
 * before the change. Those reads are cancelled first; every query under the roots then reads anew.
 */
export async function readAgainAfterChange(queryClient: QueryClient, roots: readonly (readonly unknown[])[]): Promise<void> {
  await Promise.all(roots.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
