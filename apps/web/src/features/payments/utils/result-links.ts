/**
 * The result page's address with its query flags: `home`, `email`, `oxxo`,
 * `monedero`, `reference`, and on error `message` and `error`; ours beside them: `prepaid` (a
 * wallet top-up, which buys no guide), `amount` (MXN paid or credited) and `shipments` (the ids a
 * payment paid, so the page names the guides being issued).
 */
export interface ResultFlags {
  home?: boolean;
  email?: string | null | undefined;
  oxxo?: boolean;
  monedero?: boolean;
  prepaid?: boolean;
  reference?: string | undefined;
  amount?: number | undefined;
  shipments?: readonly string[] | undefined;
  message?: string | undefined;
  error?: string | undefined;
  /** MXN that went to the wallet instead of paying what it was for. */
  credited?: number | undefined;
  /** All of the payment went to the wallet (nothing was paid with it). */
  creditedAll?: boolean | undefined;
}

/**
 * The result page follows at most this many shipments by id (each is asked again until its guide
 * exists); a larger purchase (a bulk upload) says how many more there are (`more`), so the address
 * stays short enough to reload.
 */
export const RESULT_SHIPMENTS_SHOWN = 20;

export function resultHref(base: string, flags: ResultFlags = {}): string {
  const params = new URLSearchParams();
  if (flags.home !== undefined) params.set('home', String(flags.home));
  if (flags.monedero !== undefined) params.set('monedero', String(flags.monedero));
  if (flags.oxxo !== undefined) params.set('oxxo', String(flags.oxxo));
  if (flags.prepaid) params.set('prepaid', 'true');
  if (flags.reference) params.set('reference', flags.reference);
  if (flags.amount !== undefined && Number.isFinite(flags.amount)) params.set('amount', flags.amount.toFixed(2));
  if (flags.shipments && flags.shipments.length > 0) {
    params.set('shipments', flags.shipments.slice(0, RESULT_SHIPMENTS_SHOWN).join(','));
    if (flags.shipments.length > RESULT_SHIPMENTS_SHOWN) params.set('more', String(flags.shipments.length - RESULT_SHIPMENTS_SHOWN));
  }
  if (flags.email) params.set('email', flags.email);
  if (flags.message) params.set('message', flags.message);
  if (flags.error) params.set('error', flags.error);
  if (flags.credited) params.set('credited', flags.credited.toFixed(2));
  if (flags.credited && flags.creditedAll) params.set('credited_all', 'true');
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

/** Where a payment page sends the browser outside the app (PayPal, the sandbox approval page). */
export type Redirect = (url: string) => void;

export const redirectBrowser: Redirect = (url) => {
  window.location.assign(url);
};
