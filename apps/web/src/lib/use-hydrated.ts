import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and during hydration, true afterwards (and at once on pages the browser
 * renders itself). Parts that only the browser can show render after hydration, so the
 * prerendered HTML and the first client render always agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
