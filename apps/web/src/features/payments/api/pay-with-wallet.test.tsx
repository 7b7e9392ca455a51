import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { server, setupMockApi } from '@/testing/msw';
import { queryRoots } from '@/lib/query-keys';
import { getWalletBalanceQueryOptions } from '@/lib/wallet-balance';
import { usePayWithWallet } from './pay-with-wallet';

setupMockApi();

/**
 * A wallet payment is done in the page: no reload follows it. Every screen that showed the
 * shipments, the balance or the overweight before it must read again, or Mis Envíos and Monedero
 * keep showing the shipment unpaid and the old balance, and the E-Commerce tab the order unpaid.
 */
describe('usePayWithWallet', () => {
  it("marks the shipments', the balance's, the wallet's, the overweight's, the payments' and the store orders' queries stale once the payment answers", async () => {
    server.use(http.post('/api/v1/payments/many/monedero', () => HttpResponse.json({ message: 'ok', error: null, payment_id: 'p', amount: 100, balance: 0 })));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const seen = [
      [...queryRoots.shipments, 'list', 'u1', { page: 1 }],
      [...queryRoots.shipments, 'detail', 's1'],
      getWalletBalanceQueryOptions('u1').queryKey,
      [...queryRoots.wallet, 'entries', 1],
      [...queryRoots.overweight, 'user', 'u1'],
      [...queryRoots.payments, 'config'],
      [...queryRoots.storeOrders, 'u1', { page: 1, filter: '' }],
    ];
    for (const key of seen) client.setQueryData(key, { cached: true });
    const untouched = ['geography', 'countries'];
    client.setQueryData(untouched, []);

    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => usePayWithWallet(), { wrapper });
    result.current.mutate({ shipments: ['s1'] });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    for (const key of seen) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    expect(client.getQueryState(untouched)?.isInvalidated).toBe(false);
  });
});
