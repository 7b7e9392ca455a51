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
} as const;

/** What a payment (or a wallet charge) may have changed. */
export const moneyQueryRoots: readonly (readonly string[])[] = [
  queryRoots.shipments,
  queryRoots.wallet,
  queryRoots.payments,
  queryRoots.overweight,
  queryRoots.storeOrders,
];
