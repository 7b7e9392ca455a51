import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryRoots, readAgainAfterChange } from './query-keys';

/**
 * A list whose first read leaves before a payment is marked paid on the server and answers after
 * it: what each way of refreshing leaves on the screen.
 */
async function listAfterChange(refresh: (client: QueryClient) => Promise<unknown>): Promise<unknown> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let server = 'Pendiente';
  let answerFirstRead!: () => void;
  const firstReadHeld = new Promise<void>((resolve) => (answerFirstRead = resolve));
  let reads = 0;
  const observer = new QueryObserver(client, {
    queryKey: [...queryRoots.payments, 'admin', 'list', 'SBX1'],
    queryFn: async () => {
      const seen = server;
      if (reads++ === 0) await firstReadHeld;
      return seen;
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(reads).toBe(1);

  server = 'Pagado';
  const refreshed = refresh(client);
  answerFirstRead();
  await refreshed;
  while (client.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 1));
  const shown = observer.getCurrentResult().data;
  unsubscribe();
  client.clear();
  return shown;
}

describe('reading again after a change', () => {
  it('shows the change even when the first read of a list left before it', async () => {
    expect(await listAfterChange((client) => readAgainAfterChange(client, [queryRoots.payments]))).toBe('Pagado');
  });

  it('is needed: invalidating alone keeps what that first read saw', async () => {
    // If the query library ever cancels first reads on invalidation, this fails and the helper can go.
    expect(await listAfterChange((client) => client.invalidateQueries({ queryKey: queryRoots.payments }))).toBe('Pendiente');
  });
});
