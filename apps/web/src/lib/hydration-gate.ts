import { use, type ReactNode } from 'react';

/**
 * Holds back the hydration of part of a prerendered page. While the gate is closed, a
 * `<HydrationGate>` inside a Suspense boundary suspends, and React keeps the server's HTML there
 * as it is (visible, not yet interactive); opening the gate lets React hydrate it. Used for the
 * home's quote form: its code is the heaviest part of the page and waits for the visitor's first
 * touch of the form, or for the page to settle.
 */
export interface Gate {
  readonly opened: boolean;
  readonly promise: Promise<void>;
  open(): void;
}

export function createGate(openNow: boolean): Gate {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  let opened = false;
  const gate: Gate = {
    get opened() {
      return opened;
    },
    promise,
    open() {
      if (opened) return;
      opened = true;
      resolve();
    },
  };
  if (openNow) gate.open();
  return gate;
}

export function HydrationGate({ gate, children }: { gate: Gate; children: ReactNode }) {
  // An open gate never suspends (not even once), so pages the browser renders itself show the content at once.
  if (!gate.opened) use(gate.promise);
  return children;
}
