import { focusManager, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRoots } from '@/lib/query-keys';
import { createQueryClient } from './provider';

/** How many times each query key was read from the server. */
const reads = new Map<string, number>();

/** A screen watching a query whose answer counts its reads. */
function counted(client: QueryClient, queryKey: readonly unknown[]) {
  const id = JSON.stringify(queryKey);
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: async () => {
      reads.set(id, (reads.get(id) ?? 0) + 1);
      return { read: reads.get(id) };
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { reads: () => reads.get(id) ?? 0, unsubscribe, observer };
}

/** The client as the app uses it: mounted (listening to focus), as its provider does. */
function appClient(): QueryClient {
  const client = createQueryClient();
  client.mount();
  return client;
}

async function settle(client: QueryClient): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  while (client.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('the app query client', () => {
  afterEach(() => {
    focusManager.setFocused(undefined);
    reads.clear();
  });

  it('reads shipments, the wallet, payments and overweight again when the seller comes back to the tab', async () => {
    const client = appClient();
    const watched = [queryRoots.shipments, queryRoots.wallet, queryRoots.payments, queryRoots.overweight, queryRoots.storeOrders].map((root) =>
      counted(client, [...root, 'list', 1]),
    );
    const catalogue = counted(client, ['countries']);
    await settle(client);
    expect(watched.map((w) => w.reads())).toEqual([1, 1, 1, 1, 1]);

    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await settle(client);
    expect(watched.map((w) => w.reads())).toEqual([2, 2, 2, 2, 2]);
    // Everything else keeps its half-minute and ignores focus.
    expect(catalogue.reads()).toBe(1);
    for (const w of [...watched, catalogue]) w.unsubscribe();
    client.unmount();
    client.clear();
  });

  it('reads a money screen again each time it opens, while a screen opened twice within the half-minute reuses its answer', async () => {
    const client = appClient();
    const first = counted(client, [...queryRoots.shipments, 'detail', 'a']);
    const other = counted(client, ['site', 'info']);
    await settle(client);
    first.unsubscribe();
    other.unsubscribe();

    const again = counted(client, [...queryRoots.shipments, 'detail', 'a']);
    const otherAgain = counted(client, ['site', 'info']);
    await settle(client);
    expect(again.observer.getCurrentResult().data).toEqual({ read: 2 });
    expect(otherAgain.observer.getCurrentResult().data).toEqual({ read: 1 });
    again.unsubscribe();
    otherAgain.unsubscribe();
    client.unmount();
    client.clear();
  });
});
